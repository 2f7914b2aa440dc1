/**
 * From headers to the learner: the wid (claim, else the tail of sub) bound to the `wid` header,
 * rootorg/org/domain required with the mock's limits and words, audience/azp/leeway, the
 * x-authenticated-user-token header, and `--dev` taking the harness's HS256 tokens and nothing else.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEV_SECRET, signJwt, signToken } from '../../../harness/api/auth.ts';
import { type AuthConfig, createAuthenticator, widFromClaims } from '../../../server/src/auth/index.ts';
import { LEARNER_ID_CASES } from '../../fixtures/learner-id-cases.ts';
import { apiHeaders } from '../support/auth-headers.ts';
import { signHs256, signWith } from '../support/signing-keys.ts';
import {
  AUDIENCE,
  goodClaims,
  ISSUER,
  type KeyFixture,
  NOW,
  NOW_S,
  startKeyFixture,
} from '../support/token-fixture.ts';

type Ctx = { fx: KeyFixture };
const auth = suite<Ctx>('authenticate', {} as Ctx);
auth.before(async (ctx) => {
  ctx.fx = await startKeyFixture();
});
auth.after(async (ctx) => {
  await ctx.fx.close();
});

const keysConfig = (
  fx: KeyFixture,
  over: Partial<Extract<AuthConfig, { mode: 'keys' }>> = {},
): AuthConfig => ({
  mode: 'keys',
  publicKeysDir: fx.dir,
  issuer: ISSUER,
  now: () => NOW,
  ...over,
});

const outcome = (r: Awaited<ReturnType<Awaited<ReturnType<typeof createAuthenticator>>['authenticate']>>) =>
  r.ok ? `ok ${r.learner.rootOrg}/${r.learner.org}/${r.learner.wid}` : `${r.status} ${r.error}`;

auth('a good token gives the learner triple, its claims and the domain', async ({ fx }) => {
  const a = await createAuthenticator(keysConfig(fx));
  const r = await a.authenticate(apiHeaders(await signWith(fx.rs, goodClaims()), 'w1'));
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal(r.learner, { rootOrg: 'ro', org: 'o', wid: 'w1' });
  assert.is(r.domain, 'portal.example');
  assert.is(r.claims.given_name, 'Asha');
  assert.is(r.claims.iss, ISSUER);
});

auth(
  'without a wid claim the learner is the part of sub after its last colon (Keycloak federated ids)',
  async ({ fx }) => {
    const a = await createAuthenticator(keysConfig(fx));
    const token = await signWith(fx.rs, goodClaims({ wid: undefined, sub: 'f:abc:123' }));
    assert.is(outcome(await a.authenticate(apiHeaders(token, '123'))), 'ok ro/o/123');
    assert.match(outcome(await a.authenticate(apiHeaders(token, 'f:abc:123'))), /^401 .*does not match/);
    const plain = await signWith(fx.rs, goodClaims({ wid: undefined, sub: '4d1b8c1e-0b5e-4b5e' }));
    assert.is(
      outcome(await a.authenticate(apiHeaders(plain, '4d1b8c1e-0b5e-4b5e'))),
      'ok ro/o/4d1b8c1e-0b5e-4b5e',
    );
    const neither = await signWith(fx.rs, goodClaims({ wid: undefined, sub: 'f:abc:' }));
    assert.match(
      outcome(await a.authenticate(apiHeaders(neither, 'x'))),
      /^401 Unauthorized: token has no wid claim/,
    );
    assert.is(widFromClaims({ wid: 'w9', sub: 'f:a:b' }), 'w9');
    assert.is(widFromClaims({ sub: 'a:b:c:d' }), 'd');
    assert.is(widFromClaims({}), undefined);
  },
);

auth(
  "the app's learner-id cases: a signed token is the learner the app derives, as its wid header",
  async ({ fx }) => {
    const a = await createAuthenticator(keysConfig(fx));
    for (const [claims, id] of LEARNER_ID_CASES) {
      const label = JSON.stringify(claims);
      assert.is(widFromClaims(claims), id === '' ? undefined : id, label);
      const token = await signWith(fx.rs, goodClaims({ wid: undefined, sub: undefined, ...claims }));
      const r = await a.authenticate(apiHeaders(token, id === '' ? 'w1' : id));
      if (id === '') assert.match(outcome(r), /^401 Unauthorized: token has no wid claim/, label);
      else assert.is(outcome(r), `ok ro/o/${id}`, label);
    }
  },
);

auth('the token may come in x-authenticated-user-token', async ({ fx }) => {
  const a = await createAuthenticator(keysConfig(fx));
  const token = await signWith(fx.rs, goodClaims());
  const headers = apiHeaders(token, 'w1', { authorization: undefined, 'x-authenticated-user-token': token });
  assert.is(outcome(await a.authenticate(headers)), 'ok ro/o/w1');
});

auth(
  'wid header required and equal (401); rootorg, org, domain required and bounded (400), as the mock words them',
  async ({ fx }) => {
    const a = await createAuthenticator(keysConfig(fx));
    const token = await signWith(fx.rs, goodClaims());
    const check = async (over: Record<string, string | undefined>) =>
      outcome(await a.authenticate(apiHeaders(token, 'w1', over)));
    assert.is(await check({ wid: undefined }), '401 Unauthorized: wid header is required');
    assert.is(await check({ wid: 'w2' }), "401 Unauthorized: wid header does not match the token's wid");
    assert.is(await check({ rootorg: undefined }), '400 rootorg header is required');
    assert.is(await check({ org: ' ' }), '400 org header is required');
    assert.is(await check({ domain: undefined }), '400 domain header is required');
    assert.is(await check({ rootorg: 'r'.repeat(257) }), '400 rootorg header is too long');
    assert.is(await check({ org: 'o'.repeat(256) }), `ok ro/${'o'.repeat(256)}/w1`);
    assert.is(await check({ domain: 'd'.repeat(1001) }), '400 domain header is too long');
    // The token is checked first: a bad token with missing headers is still a 401.
    assert.match(outcome(await a.authenticate({ rootorg: 'ro' })), /^401 /);
  },
);

auth('the same wid under another org is another learner', async ({ fx }) => {
  const a = await createAuthenticator(keysConfig(fx));
  const token = await signWith(fx.rs, goodClaims());
  assert.is(outcome(await a.authenticate(apiHeaders(token, 'w1', { org: 'o2' }))), 'ok ro/o2/w1');
});

auth('audience: aud must be or contain it', async ({ fx }) => {
  const a = await createAuthenticator(keysConfig(fx, { audience: AUDIENCE }));
  const ok = async (aud: unknown) =>
    (await a.authenticate(apiHeaders(await signWith(fx.rs, goodClaims({ aud })), 'w1'))).ok;
  assert.ok(await ok(AUDIENCE));
  assert.ok(await ok(['account', AUDIENCE]));
  assert.not.ok(await ok('account'));
  assert.not.ok(await ok(undefined));
});

auth('azp, when configured, must equal it', async ({ fx }) => {
  const a = await createAuthenticator(keysConfig(fx, { azp: 'portal' }));
  const check = async (azp: unknown) =>
    outcome(await a.authenticate(apiHeaders(await signWith(fx.rs, goodClaims({ azp })), 'w1')));
  assert.is(await check('portal'), 'ok ro/o/w1');
  assert.is(await check('other-client'), "401 Unauthorized: token's azp claim is not accepted");
  assert.is(await check(undefined), '401 Unauthorized: token has no azp claim');
  const open = await createAuthenticator(keysConfig(fx));
  assert.ok(
    (await open.authenticate(apiHeaders(await signWith(fx.rs, goodClaims({ azp: 'anyone' })), 'w1'))).ok,
  );
});

auth("Keycloak's ID and refresh tokens (typ ID/Refresh) are not access tokens", async ({ fx }) => {
  const a = await createAuthenticator(keysConfig(fx));
  const check = async (typ: unknown) =>
    outcome(await a.authenticate(apiHeaders(await signWith(fx.rs, goodClaims({ typ })), 'w1')));
  assert.is(await check('Bearer'), 'ok ro/o/w1');
  assert.is(await check(undefined), 'ok ro/o/w1');
  assert.is(await check('ID'), '401 Unauthorized: token is not an access token');
  assert.is(await check('Refresh'), '401 Unauthorized: token is not an access token');
});

auth('leeway: 30 s by default, configurable up to 60 s, on exp and nbf', async ({ fx }) => {
  const at = (leewaySeconds?: number) =>
    createAuthenticator(keysConfig(fx, leewaySeconds === undefined ? {} : { leewaySeconds }));
  const tok = (claims: Record<string, unknown>) => signWith(fx.rs, goodClaims(claims));
  const def = await at();
  assert.ok((await def.authenticate(apiHeaders(await tok({ exp: NOW_S - 29 }), 'w1'))).ok);
  assert.not.ok((await def.authenticate(apiHeaders(await tok({ exp: NOW_S - 31 }), 'w1'))).ok);
  assert.ok((await def.authenticate(apiHeaders(await tok({ nbf: NOW_S + 29 }), 'w1'))).ok);
  const strict = await at(0);
  assert.not.ok((await strict.authenticate(apiHeaders(await tok({ exp: NOW_S }), 'w1'))).ok);
  const wide = await at(60);
  assert.ok((await wide.authenticate(apiHeaders(await tok({ exp: NOW_S - 59 }), 'w1'))).ok);
  assert.not.ok((await wide.authenticate(apiHeaders(await tok({ exp: NOW_S - 61 }), 'w1'))).ok);
});

auth(
  '--dev takes the harness tokens (HS256 with the secret), and the mock words for what it refuses',
  async () => {
    const now = () => NOW;
    const a = await createAuthenticator({ mode: 'dev', secret: DEV_SECRET, now });
    const token = signToken({ wid: 'w1', given_name: 'Zoë' }, DEV_SECRET, 3600, now);
    const r = await a.authenticate(apiHeaders(token, 'w1'));
    assert.ok(r.ok);
    if (r.ok) assert.is(r.claims.given_name, 'Zoë');
    const check = async (t: string) => outcome(await a.authenticate(apiHeaders(t, 'w1')));
    assert.is(
      await check(signToken({ wid: 'w1' }, 'another-secret', 3600, now)),
      '401 Unauthorized: token signature is invalid',
    );
    assert.is(
      await check(signToken({ wid: 'w1' }, DEV_SECRET, 60, () => new Date(NOW.getTime() - 61_000))),
      '401 Unauthorized: token has expired',
    );
    assert.is(
      await check(signToken({ wid: 'w1' }, DEV_SECRET, 60, () => new Date(NOW.getTime() - 59_000))),
      'ok ro/o/w1',
    );
    assert.is(
      await check(signJwt({ alg: 'none' }, { wid: 'w1', exp: 9e9 }, DEV_SECRET)),
      '401 Unauthorized: token algorithm must be HS256',
    );
    assert.is(
      await check(signJwt({ alg: 'HS256' }, { wid: 'w1' }, DEV_SECRET)),
      '401 Unauthorized: token has no exp claim',
    );
  },
);

auth(
  '--dev refuses RS256 tokens; outside --dev an HS256 token is refused whatever its secret',
  async ({ fx }) => {
    const dev = await createAuthenticator({ mode: 'dev', secret: DEV_SECRET, now: () => NOW });
    assert.match(
      outcome(await dev.authenticate(apiHeaders(await signWith(fx.rs, goodClaims()), 'w1'))),
      /^401 .*must be HS256/,
    );
    const keys = await createAuthenticator(keysConfig(fx));
    const hs = signHs256({ kid: fx.rs.kid }, goodClaims(), DEV_SECRET);
    assert.is(
      outcome(await keys.authenticate(apiHeaders(hs, 'w1'))),
      '401 Unauthorized: token algorithm is not allowed',
    );
  },
);

auth('a token without a kid is refused by the key directory (Sunbird needs one)', async ({ fx }) => {
  const a = await createAuthenticator(keysConfig(fx));
  const token = await signWith(fx.rs, goodClaims(), { kid: null });
  assert.is(outcome(await a.authenticate(apiHeaders(token, 'w1'))), '401 Unauthorized: token has no kid');
});

auth('the .pem file and the bare-base64 file verify under their kids', async ({ fx }) => {
  const a = await createAuthenticator(keysConfig(fx));
  for (const [key, kid] of [
    [fx.ps, 'ps-1'],
    [fx.ps, 'ps-1.pem'],
    [fx.es, 'es-1'],
  ] as const)
    assert.ok((await a.authenticate(apiHeaders(await signWith(key, goodClaims(), { kid }), 'w1'))).ok, kid);
});

auth.run();
