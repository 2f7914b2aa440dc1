import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEV_SECRET, signJwt, signToken, verifyToken } from '../../../harness/api/auth.ts';

const SECRET = 'unit-secret';
const at = (iso: string) => () => new Date(iso);
const T0 = '2024-05-01T10:00:00.000Z';

const reason = (r: ReturnType<typeof verifyToken>): string => (r.ok ? 'ok' : r.reason);

test('a signed token verifies and keeps its claims, with iat/exp from now', () => {
  const token = signToken({ wid: 'w1', given_name: 'Zoë', family_name: 'राहुल' }, SECRET, 60, at(T0));
  const r = verifyToken(token, SECRET, at('2024-05-01T10:00:30.000Z'));
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.is(r.claims.wid, 'w1');
  assert.is(r.claims.given_name, 'Zoë');
  assert.is(r.claims.family_name, 'राहुल');
  assert.is(r.claims.iat, Date.parse(T0) / 1000);
  assert.is(r.claims.exp, Date.parse(T0) / 1000 + 60);
});

test('the default lifetime is 12 hours', () => {
  const r = verifyToken(signToken({ wid: 'w' }, SECRET, undefined, at(T0)), SECRET, at(T0));
  assert.ok(r.ok && r.claims.exp - (r.claims.iat ?? 0) === 12 * 3600);
});

test('an expired token is refused (at and after exp)', () => {
  const token = signToken({ wid: 'w1' }, SECRET, 60, at(T0));
  assert.is(reason(verifyToken(token, SECRET, at('2024-05-01T10:01:00.000Z'))), 'token has expired');
  assert.is(reason(verifyToken(token, SECRET, at('2025-01-01T00:00:00.000Z'))), 'token has expired');
});

test('a tampered payload or signature, or another secret, is refused', () => {
  const token = signToken({ wid: 'w1' }, SECRET, 60, at(T0));
  const [h, p, s] = token.split('.') as [string, string, string];
  const forged = Buffer.from(JSON.stringify({ wid: 'w2', exp: 9e9 })).toString('base64url');
  assert.is(reason(verifyToken(`${h}.${forged}.${s}`, SECRET, at(T0))), 'token signature is invalid');
  const flipped = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
  assert.is(reason(verifyToken(`${h}.${p}.${flipped}`, SECRET, at(T0))), 'token signature is invalid');
  assert.is(reason(verifyToken(token, 'other-secret', at(T0))), 'token signature is invalid');
  assert.is(reason(verifyToken(`${h}.${p}.`, SECRET, at(T0))), 'token signature is invalid');
});

test('alg none and other algorithms are refused', () => {
  const payload = { wid: 'w1', exp: 9e9 };
  const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
  assert.is(reason(verifyToken(none, SECRET, at(T0))), 'token algorithm must be HS256');
  assert.is(
    reason(verifyToken(signJwt({ alg: 'HS512' }, payload, SECRET), SECRET, at(T0))),
    'token algorithm must be HS256',
  );
});

test('malformed tokens are refused without throwing', () => {
  for (const bad of ['', 'abc', 'a.b', 'a.b.c.d', '!!.??.##', 'e30.e30.e30']) {
    assert.is.not(reason(verifyToken(bad, SECRET, at(T0))), 'ok', bad);
  }
});

test('a token without exp or without wid is refused', () => {
  assert.is(
    reason(verifyToken(signJwt({ alg: 'HS256' }, { wid: 'w' }, SECRET), SECRET)),
    'token has no exp claim',
  );
  assert.is(
    reason(verifyToken(signJwt({ alg: 'HS256' }, { exp: 9e9 }, SECRET), SECRET)),
    'token has no wid claim',
  );
  assert.is(
    reason(verifyToken(signJwt({ alg: 'HS256' }, { wid: '', exp: 9e9 }, SECRET), SECRET)),
    'token has no wid claim',
  );
});

test('a token with nbf in the future is refused', () => {
  const token = signJwt({ alg: 'HS256' }, { wid: 'w', exp: 2e9, nbf: 1.9e9 }, SECRET);
  assert.is(reason(verifyToken(token, SECRET, at(T0))), 'token is not valid yet');
});

test('the documented dev secret is a non-trivial string', () => {
  assert.type(DEV_SECRET, 'string');
  assert.ok(DEV_SECRET.length >= 16);
});

test.run();
