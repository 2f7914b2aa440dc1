/**
 * `--azp` and `--clock-tolerance` (env NOTES_AZP, NOTES_CLOCK_TOLERANCE) reach the authenticator:
 * through the real bin on the portal's kind of token (RS256 from a key folder), a token issued to
 * another client, to none, or forged to claim the portal's client is a 401 with nothing stored;
 * the tolerance given replaces the default 30 s on `exp` and `nbf`. Bad values: one line, exit 2.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_LEEWAY_SECONDS } from '../../../server/src/auth/auth-config.ts';
import { authConfigOf, type ServeOptions } from '../../../server/src/cli/serve.ts';
import { parseAzp, parseClockTolerance } from '../../../server/src/cli/values.ts';
import { apiHeaders } from '../support/auth-headers.ts';
import { signWith, withPayload } from '../support/signing-keys.ts';
import { spawnServer } from '../support/spawn-server.ts';
import { goodClaims, ISSUER, type KeyFixture, startKeyFixture } from '../support/token-fixture.ts';

type Ctx = { fx: KeyFixture };
const it = suite<Ctx>('notes-server --azp and --clock-tolerance', {} as Ctx);
it.before(async (ctx) => {
  ctx.fx = await startKeyFixture();
});
it.after(async (ctx) => {
  await ctx.fx.close();
});

const base: ServeOptions = { database: 'x.db', port: 0, host: '127.0.0.1', filesDir: 'f' };
const keys = { ...base, issuer: ISSUER, publicKeys: '/keys' };

it('authConfigOf passes them on; without them the authenticator keeps its defaults', () => {
  const config = authConfigOf({ ...keys, azp: 'portal', clockTolerance: 5 });
  assert.is(config.mode, 'keys');
  if (config.mode !== 'keys') return;
  assert.is(config.azp, 'portal');
  assert.is(config.leewaySeconds, 5);
  const plain = authConfigOf(keys);
  assert.ok(plain.mode === 'keys' && plain.azp === undefined && plain.leewaySeconds === undefined);
  assert.is(DEFAULT_LEEWAY_SECONDS, 30, 'the help text says 30');
  const zero = authConfigOf({ ...keys, clockTolerance: 0 });
  assert.ok(zero.mode === 'keys' && zero.leewaySeconds === 0, '0 is a tolerance, not "unset"');
  assert.throws(
    () => authConfigOf({ ...base, dev: true, secret: 's', azp: 'portal' }),
    /--dev takes only --secret/,
  );
});

it('the value parsers refuse what is not a client id or whole seconds 0–60', () => {
  assert.is(parseAzp('portal'), 'portal');
  assert.is(parseClockTolerance('0'), 0);
  assert.is(parseClockTolerance('60'), 60);
  for (const bad of ['', '  ']) assert.throws(() => parseAzp(bad), /azp/);
  for (const bad of ['61', '-1', '1.5', 'soon', '', '100', '5s'])
    assert.throws(() => parseClockTolerance(bad), /whole number of seconds from 0 to 60/, bad);
});

/** Starts the bin on the key folder with `extra` flags; calls as learner w1 with the given claims. */
async function withServer(
  fx: KeyFixture,
  extra: string[],
  env: Record<string, string>,
  body: (
    call: (claims: Record<string, unknown>, forge?: (t: string) => string) => Promise<number>,
  ) => Promise<void>,
): Promise<void> {
  const p = spawnServer(
    ['--issuer', ISSUER, '--public-keys', fx.dir, '--port', '0', '--database', ':memory:', ...extra],
    env,
  );
  try {
    const url = await p.url;
    const call = async (claims: Record<string, unknown>, forge = (t: string) => t) => {
      const token = forge(await signWith(fx.rs, claims));
      const res = await fetch(`${url}/api/v1/notes/add`, {
        method: 'POST',
        headers: { ...apiHeaders(token, 'w1'), 'content-type': 'application/json' },
        body: JSON.stringify({ refId: 'r1', content: '<p>hi</p>' }),
      });
      await res.arrayBuffer();
      return res.status;
    };
    await body(call);
  } finally {
    await p.stop();
  }
}

const nowS = (): number => Math.floor(Date.now() / 1000);
/** A token for w1 at the real clock (the spawned server's), expiring in 5 minutes unless told. */
const live = (over: Record<string, unknown> = {}) =>
  goodClaims({ iat: nowS() - 10, exp: nowS() + 300, ...over });

// One server per setting (each start loads tsx, seconds on a loaded machine). The clock margins
// (10 s given against 25 s past) are wide enough for a loaded machine's request time.
it('flags: a token for another client, none, or a forged azp is a 401; 10 s of tolerance, not 30', async ({
  fx,
}) => {
  await withServer(fx, ['--azp', 'portal', '--clock-tolerance', '10'], {}, async (call) => {
    assert.is(await call(live({ azp: 'portal' })), 201);
    assert.is(await call(live({ azp: 'other-client' })), 401);
    assert.is(await call(live({ azp: undefined })), 401);
    const forged = (t: string) => withPayload(t, live({ azp: 'portal' }));
    assert.is(await call(live({ azp: 'other-client' }), forged), 401, 'azp rewritten, signature kept');
    assert.is(await call(live({ exp: nowS() - 1 })), 201, 'expired 1 s ago, within 10 s');
    assert.is(await call(live({ exp: nowS() - 25 })), 401, 'expired 25 s ago, past 10 s');
    assert.is(await call(live({ nbf: nowS() + 25 })), 401, 'valid in 25 s, past 10 s');
  });
});

it('env: NOTES_AZP and NOTES_CLOCK_TOLERANCE (0: none at all)', async ({ fx }) => {
  await withServer(fx, [], { NOTES_AZP: 'portal', NOTES_CLOCK_TOLERANCE: '0' }, async (call) => {
    assert.is(await call(live({ azp: 'other-client' })), 401);
    assert.is(await call(live({ azp: 'portal' })), 201);
    assert.is(await call(live({ exp: nowS() - 2 })), 401, 'expired 2 s ago, no tolerance');
  });
});

it('without them: any azp passes, and the default 30 s of tolerance', async ({ fx }) => {
  await withServer(fx, [], {}, async (call) => {
    assert.is(await call(live({ azp: 'anyone' })), 201);
    assert.is(await call(live({ exp: nowS() - 25 })), 201, 'expired 25 s ago, within 30 s');
    assert.is(await call(live({ nbf: nowS() + 25 })), 201);
  });
});

it.run();
