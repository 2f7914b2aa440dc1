import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { signToken } from '../../../harness/api/auth.ts';
import { authenticate, displayNameFrom } from '../../../harness/api/authenticate.ts';

const SECRET = 's';
const now = () => new Date('2024-05-01T00:00:00Z');
const token = signToken({ wid: 'w1', given_name: 'Zoë', family_name: 'Dubois' }, SECRET, 3600, now);
const headers = (o: Record<string, string | undefined> = {}) => {
  const h: Record<string, string | undefined> = {
    authorization: `Bearer ${token}`,
    rootorg: 'ro',
    org: 'o',
    wid: 'w1',
    domain: 'd',
    ...o,
  };
  return Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined));
};
const outcome = (o: Record<string, string | undefined> = {}) => {
  const r = authenticate(headers(o), SECRET, now);
  return r.ok ? 'ok' : `${r.status} ${r.error}`;
};

test('valid headers give the learner triple, claims and domain', () => {
  const r = authenticate(headers(), SECRET, now);
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal(r.value.learner, { rootOrg: 'ro', org: 'o', wid: 'w1' });
  assert.is(r.value.domain, 'd');
  assert.is(displayNameFrom(r.value.claims), 'Zoë Dubois');
});

test('token problems, a missing wid and a wid mismatch are 401s that never echo the token', () => {
  const cases = [
    outcome({ authorization: undefined }),
    outcome({ authorization: token }),
    outcome({ authorization: 'Basic abc' }),
    outcome({ authorization: `Bearer ${token}x` }),
    outcome({ wid: 'w2' }),
    outcome({ wid: undefined }),
  ];
  for (const c of cases) {
    assert.match(c, /^401 /);
    assert.not.match(c, token.slice(-20));
  }
  assert.is(outcome({ wid: 'w2' }), "401 Unauthorized: wid header does not match the token's wid");
  assert.is(outcome({ wid: undefined }), '401 Unauthorized: wid header is required');
  assert.is(outcome({ wid: '  ' }), '401 Unauthorized: wid header is required');
  const expired = signToken({ wid: 'w1' }, SECRET, 60, () => new Date('2024-04-01T00:00:00Z'));
  assert.is(outcome({ authorization: `Bearer ${expired}` }), '401 Unauthorized: token has expired');
});

test('rootorg, org and domain are required (400)', () => {
  assert.is(outcome({ rootorg: undefined }), '400 rootorg header is required');
  assert.is(outcome({ org: ' ' }), '400 org header is required');
  assert.is(outcome({ domain: undefined }), '400 domain header is required');
});

test('display name falls back to the wid when the token has no names', () => {
  assert.is(displayNameFrom({ wid: 'w9', exp: 1 }), 'w9');
  assert.is(displayNameFrom({ wid: 'w9', exp: 1, given_name: 'Asha' }), 'Asha');
});

test.run();
