/**
 * The token attack table of issue 25, against both key sources (a JWKS served on 127.0.0.1, and a
 * directory of PEM files): every forged, stale or misdirected token is a 401 whose message does not
 * contain the token, and the good token next to them passes.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type AuthConfig, type Authenticator, createAuthenticator } from '../../../server/src/auth/index.ts';
import { apiHeaders } from '../support/auth-headers.ts';
import { signWith } from '../support/signing-keys.ts';
import { attacks } from '../support/token-attacks.ts';
import {
  AUDIENCE,
  goodClaims,
  ISSUER,
  type KeyFixture,
  NOW,
  startKeyFixture,
} from '../support/token-fixture.ts';

type Ctx = { fx: KeyFixture };

/** Runs the table against one key source. */
function table(label: string, configFor: (fx: KeyFixture) => AuthConfig, countsFetches: boolean) {
  const t = suite<Ctx>(`attack table (${label})`, {} as Ctx);
  t.before(async (ctx) => {
    ctx.fx = await startKeyFixture();
  });
  t.after(async (ctx) => {
    await ctx.fx.close();
  });

  t('the good token passes (the control)', async ({ fx }) => {
    const auth = await createAuthenticator(configFor(fx));
    const r = await auth.authenticate(apiHeaders(await signWith(fx.rs, goodClaims()), 'w1'));
    assert.ok(r.ok, JSON.stringify(r));
    auth.close();
  });

  t('every attack is a 401 whose message does not contain the token', async ({ fx }) => {
    const auth: Authenticator = await createAuthenticator(configFor(fx));
    await auth.authenticate(apiHeaders(await signWith(fx.rs, goodClaims()), 'w1')); // the key set is loaded
    const seen: string[] = [];
    for (const attack of attacks(fx)) {
      const token = await attack.token();
      const before = fx.server.fetches();
      const headers =
        attack.headerName === undefined
          ? apiHeaders(token, attack.wid ?? 'w1')
          : apiHeaders('', attack.wid ?? 'w1', { authorization: undefined, [attack.headerName]: token });
      const r = await auth.authenticate(headers);
      seen.push(`${attack.name}: ${r.ok ? 'ACCEPTED' : `${r.status} ${r.error}`}`);
      assert.not.ok(r.ok, `${attack.name} was accepted`);
      if (r.ok) continue;
      assert.is(r.status, 401, `${attack.name}: ${r.error}`);
      assert.match(r.error, attack.why, `${attack.name}: ${r.error}`);
      assert.match(r.error, /^Unauthorized: /);
      for (let i = 0; i + 12 <= token.length; i += 12)
        assert.not.ok(
          r.error.includes(token.slice(i, i + 12)),
          `${attack.name}: the message quotes the token`,
        );
      if (countsFetches && attack.name === 'unknown kid')
        assert.is(
          fx.server.fetches() - before,
          1,
          'an unknown kid fetches the key set once more, then is refused',
        );
    }
    if (process.env.NOTES_PRINT_ATTACKS) console.log(seen.join('\n'));
    auth.close();
  });

  t.run();
}

const base = {
  mode: 'keys' as const,
  issuer: ISSUER,
  audience: AUDIENCE,
  algorithms: ['RS256', 'ES256'],
  now: () => NOW,
};

// A cooldown of 0 lets each unknown kid fetch once more, so the table can count that fetch.
table('JWKS URL', (fx) => ({ ...base, jwksUrl: fx.server.url, jwksCooldownMs: 0 }), true);
table('public keys directory', (fx) => ({ ...base, publicKeysDir: fx.dir }), false);
