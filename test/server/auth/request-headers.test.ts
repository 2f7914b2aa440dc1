/**
 * Where the token is taken from, and what is refused before any parsing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenFromHeaders } from '../../../server/src/auth/request-headers.ts';

const jwt = 'aaa.bbb.ccc';

test('Authorization: Bearer first, case-insensitive scheme, repeated headers by their first value', () => {
  assert.equal(tokenFromHeaders({ authorization: `Bearer ${jwt}` }), { ok: true, token: jwt });
  assert.equal(tokenFromHeaders({ authorization: `bearer   ${jwt}` }), { ok: true, token: jwt });
  assert.equal(tokenFromHeaders({ authorization: `Bearer ${jwt}`, 'x-authenticated-user-token': 'x.y.z' }), {
    ok: true,
    token: jwt,
  });
  assert.equal(tokenFromHeaders({ 'x-authenticated-user-token': [jwt, 'x.y.z'] }), { ok: true, token: jwt });
});

test('else x-authenticated-user-token, the header Sunbird proxies forward', () => {
  assert.equal(tokenFromHeaders({ 'x-authenticated-user-token': jwt }), { ok: true, token: jwt });
  // A gateway's own non-Bearer Authorization does not hide the forwarded user token.
  assert.equal(tokenFromHeaders({ authorization: 'Basic dXNlcjpw', 'x-authenticated-user-token': jwt }), {
    ok: true,
    token: jwt,
  });
});

test('no token, a non-Bearer Authorization, a non-JWT and an overlong token are refused with safe reasons', () => {
  const reason = (h: Record<string, string>) => {
    const r = tokenFromHeaders(h);
    return r.ok ? 'ok' : r.reason;
  };
  assert.match(
    reason({}),
    /^Authorization header must be "Bearer <token>" \(or x-authenticated-user-token\)$/,
  );
  assert.is(reason({ authorization: 'Basic abc' }), 'Authorization header must be "Bearer <token>"');
  assert.is(reason({ authorization: 'Bearer a.b.c d' }), 'token is not a JWT');
  assert.is(reason({ authorization: 'Bearer not-a-jwt' }), 'token is not a JWT');
  assert.is(reason({ authorization: 'Bearer a.b' }), 'token is not a JWT');
  assert.is(reason({ authorization: `Bearer ${'a'.repeat(16 * 1024 + 1)}` }), 'token is too long');
  assert.is(reason({ authorization: `Bearer ${'a'.repeat(16 * 1024 - 4)}.b.c` }), 'ok');
});

test.run();
