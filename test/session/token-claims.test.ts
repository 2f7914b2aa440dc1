import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeTokenClaims, expiresWithin, learnerOf } from '../../src/session/token-claims.ts';
import { base64url, jwtWithSegment, makeJwt } from '../fakes/fake-jwt.ts';
import { LEARNER_ID_CASES } from '../fixtures/learner-id-cases.ts';

test('decodes a plain ASCII payload', () => {
  const claims = {
    wid: 'w-42',
    email: 'learner@example.com',
    given_name: 'Ann',
    family_name: 'Lee',
    exp: 1700000000,
  };
  assert.equal(decodeTokenClaims(makeJwt(claims)), claims);
});

const NAMES: [string, string][] = [
  ['Latin with diaeresis', 'Zoë'],
  ['Devanagari', 'राहुल'],
  ['Arabic', 'محمد'],
  ['Han', '李雷'],
  ['emoji outside the BMP', 'Ada 👩🏽‍💻 🎉'],
  ['combining mark', 'Zoe\u0308'],
];
for (const [label, name] of NAMES) {
  test(`decodes UTF-8 names right: ${label}`, () => {
    const claims = decodeTokenClaims(makeJwt({ given_name: name, family_name: name, wid: 'w' }));
    assert.ok(claims);
    assert.is(claims.given_name, name);
    assert.is(claims.family_name, name);
  });
}

test("UTF-8 names don't come out as Latin-1 mojibake", () => {
  const claims = decodeTokenClaims(makeJwt({ given_name: 'Zoë' }));
  assert.ok(claims);
  assert.is.not(claims.given_name, 'ZoÃ«');
  assert.is((claims.given_name as string).length, 3);
});

test("payloads whose encoding uses '-' and '_' decode (base64url, not base64)", () => {
  for (const payload of [{ n: '???>>>~~~' }, { name: 'Zoë ~~~?' }, { a: 'ÿ?>~' }]) {
    const segment = base64url(JSON.stringify(payload));
    assert.ok(segment.includes('-') || segment.includes('_'), `fixture ${segment} has no url-safe chars`);
    assert.equal(decodeTokenClaims(jwtWithSegment(segment)), payload);
  }
  const both = base64url(JSON.stringify({ n: '???>>>~~~' }));
  assert.ok(both.includes('-') && both.includes('_'), 'one fixture must hold both characters');
});

test('every unpadded length works (payload length mod 3 = 0, 1, 2)', () => {
  const seen = new Set<number>();
  for (let n = 1; n <= 6; n += 1) {
    const payload = { x: 'a'.repeat(n) };
    const segment = base64url(JSON.stringify(payload));
    seen.add(segment.length % 4);
    assert.equal(decodeTokenClaims(jwtWithSegment(segment)), payload, segment);
  }
  assert.equal([...seen].sort(), [0, 2, 3]);
});

test("padded payloads ('=' and '==') decode too", () => {
  const paddings = new Set<string>();
  for (let n = 1; n <= 6; n += 1) {
    const payload = { x: 'b'.repeat(n) };
    const padded = Buffer.from(JSON.stringify(payload), 'utf8')
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    paddings.add(padded.match(/=*$/)?.[0] ?? '');
    assert.equal(decodeTokenClaims(jwtWithSegment(padded)), payload, padded);
  }
  assert.ok(paddings.has('=') && paddings.has('=='), 'fixtures must cover both paddings');
});

test('an empty signature (unsigned token) still yields the claims: the app never verifies', () => {
  assert.equal(decodeTokenClaims(`${base64url('{"alg":"none"}')}.${base64url('{"wid":"w1"}')}.`), {
    wid: 'w1',
  });
});

const GARBAGE: [string, string][] = [
  ['empty string', ''],
  ['one part', 'abc'],
  ['two parts', 'a.b'],
  ['four parts', `a.${base64url('{"wid":"w"}')}.c.d`],
  ['only dots', '..'],
  ['empty payload', 'a..c'],
  ['non-base64 characters', 'x.!!!.y'],
  ['a single base64 char (impossible length)', 'a.b.c'],
  ['five base64 chars (length % 4 = 1)', jwtWithSegment('eyJhI')],
  ['three padding chars', jwtWithSegment('e30===')],
  ['padding in the middle', jwtWithSegment('ey=J9')],
  ['spaces inside', jwtWithSegment('eyJ3 aWQiOiJ3In0')],
  ['non-JSON payload', jwtWithSegment(base64url('hello world'))],
  ['truncated JSON', jwtWithSegment(base64url('{"wid":"w'))],
  ['JSON array', jwtWithSegment(base64url('["wid","w"]'))],
  ['JSON number', jwtWithSegment(base64url('42'))],
  ['JSON null', jwtWithSegment(base64url('null'))],
  ['JSON string', jwtWithSegment(base64url('"wid"'))],
  ['JSON true', jwtWithSegment(base64url('true'))],
  [
    'invalid UTF-8 bytes',
    jwtWithSegment(
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]).toString('base64url'),
    ),
  ],
  [
    'lone UTF-8 continuation byte',
    jwtWithSegment(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d]).toString('base64url')),
  ],
  [
    'overlong UTF-8 encoding',
    jwtWithSegment(
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]).toString('base64url'),
    ),
  ],
  ['huge token (64 kB)', makeJwt({ wid: 'w', junk: 'x'.repeat(64 * 1024) })],
];
for (const [label, token] of GARBAGE) {
  test(`garbage gives null, no throw: ${label}`, () => {
    assert.is(decodeTokenClaims(token), null);
  });
}

test('the invalid-UTF-8 fixture really is invalid (else the row above tests nothing)', () => {
  assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff, 0xfe])));
});

test('non-string inputs give null, never throw', () => {
  const token = makeJwt({ wid: 'w' });
  for (const value of [
    null,
    undefined,
    42,
    0,
    true,
    {},
    [],
    [token],
    { token },
    Symbol('t'),
    1n,
    () => token,
    new String(token),
  ]) {
    assert.is(decodeTokenClaims(value), null);
  }
});

test('a token of ordinary size with many claims still decodes', () => {
  const payload = { wid: 'w', roles: Array.from({ length: 50 }, (_, i) => `role-${i}`), given_name: 'राहुल' };
  assert.equal(decodeTokenClaims(makeJwt(payload)), payload);
});

test('learnerOf: the id the service reads (wid, else the tail of sub); opaque or malformed tokens name nobody', () => {
  for (const [claims, id] of LEARNER_ID_CASES)
    assert.is(learnerOf(makeJwt(claims)), id, JSON.stringify(claims));
  assert.is(learnerOf(makeJwt({ sub: 'f:abc:42' })), '42');
  assert.is(learnerOf('opaque-token'), '');
  assert.is(learnerOf(''), '');
});

test('expiresWithin: under the margin before exp; no exp never expires', () => {
  const now = 1_000_000; // ms
  const at = (exp: number, iat?: number) => makeJwt({ exp, ...(iat === undefined ? {} : { iat }) });
  assert.is(expiresWithin(at(1061), now, 60_000), false, '61 s left');
  assert.is(expiresWithin(at(1059), now, 60_000), true, '59 s left');
  assert.is(expiresWithin(at(999), now, 0), true, 'expired');
  assert.is(expiresWithin(at(1001), now, 0), false, 'not yet');
  assert.is(expiresWithin(makeJwt({ wid: 'w' }), now, 60_000), false);
  assert.is(expiresWithin('opaque', now, 60_000), false);
  assert.is(expiresWithin(makeJwt({ exp: '1059' }), now, 60_000), false);
});

test('expiresWithin: a token living less than twice the margin counts half its life instead', () => {
  const now = 1_000_000;
  const short = (left: number) => makeJwt({ iat: 1000 + left - 20, exp: 1000 + left }); // 20 s tokens
  assert.is(expiresWithin(short(20), now, 60_000), false, 'just handed over: 20 s left of 20');
  assert.is(expiresWithin(short(11), now, 60_000), false);
  assert.is(expiresWithin(short(9), now, 60_000), true, 'under half its life left');
  const long = makeJwt({ iat: 700, exp: 1059 }); // 6 min token, 59 s left
  assert.is(expiresWithin(long, now, 60_000), true, 'the minute applies to longer tokens');
});

test.run();
