/**
 * The harness's token signing, checked by the notes service's own dev-mode verifier (what
 * `harness api` runs): what the harness signs is taken, with its claims; expiry follows `now`.
 * The verifier's refusals (alg none, tampering, missing exp…) are test/server/auth's.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEV_SECRET, signJwt, signToken } from '../../../harness/api/auth.ts';
import { createAuthenticator } from '../../../server/src/auth/index.ts';

const SECRET = 'unit-secret';
const at = (iso: string) => () => new Date(iso);
const T0 = '2024-05-01T10:00:00.000Z';

/** What the service answers for `token` at `now`: the claims, or the refusal's message. */
async function check(token: string, now: () => Date, secret = SECRET) {
  const auth = await createAuthenticator({ mode: 'dev', secret, now });
  try {
    return await auth.authenticate({
      authorization: `Bearer ${token}`,
      wid: 'w1',
      rootorg: 'root',
      org: 'org',
      domain: 'portal.example',
    });
  } finally {
    auth.close();
  }
}

test('a signed token is taken by the service and keeps its claims, with iat/exp from now', async () => {
  const token = signToken({ wid: 'w1', given_name: 'Zoë', family_name: 'राहुल' }, SECRET, 60, at(T0));
  const r = await check(token, at('2024-05-01T10:00:30.000Z'));
  assert.ok(r.ok, r.ok ? '' : r.error);
  if (!r.ok) return;
  assert.equal(r.learner, { rootOrg: 'root', org: 'org', wid: 'w1' });
  assert.is(r.claims.given_name, 'Zoë');
  assert.is(r.claims.family_name, 'राहुल');
  assert.is(r.claims.iat, Date.parse(T0) / 1000);
  assert.is(r.claims.exp, Date.parse(T0) / 1000 + 60);
});

test('the default lifetime is 12 hours', async () => {
  const token = signToken({ wid: 'w1' }, SECRET, undefined, at(T0));
  const [, payload = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    iat: number;
    exp: number;
  };
  assert.is(claims.exp - claims.iat, 12 * 3600);
  assert.ok((await check(token, at('2024-05-01T21:59:00.000Z'))).ok);
  assert.not.ok((await check(token, at('2024-05-01T22:00:00.000Z'))).ok);
});

test('a token is refused once expired, or under another secret', async () => {
  const token = signToken({ wid: 'w1' }, SECRET, 60, at(T0));
  assert.not.ok((await check(token, at('2024-05-01T10:01:00.000Z'))).ok);
  assert.not.ok((await check(token, at(T0), 'other-secret')).ok);
});

test('signJwt signs any header as given, so tests can forge odd tokens the service refuses', async () => {
  const forged = signJwt({ alg: 'HS512' }, { wid: 'w1', exp: 9e9 }, SECRET);
  const r = await check(forged, at(T0));
  assert.equal(r.ok ? 'ok' : r.error, 'Unauthorized: token algorithm must be HS256');
});

test('the documented dev secret is a non-trivial string', () => {
  assert.type(DEV_SECRET, 'string');
  assert.ok(DEV_SECRET.length >= 16);
});

test.run();
