import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findSeededUser } from '../../../harness/api/seed.ts';
import { type ParentSettings, parentPageConfig, tokenMinter } from '../../../harness/serve/parent-setup.ts';
import type { NotesPage } from '../../../src/protocol/api-types.ts';
import { clientFor, startFixture, TEST_SECRET } from '../api/support/api-fixture.ts';

const ravi = findSeededUser('ravi')!;
const T0 = Date.parse('2025-03-01T09:00:00.000Z');
const settings: ParentSettings = {
  parent: 'sunbird-cb',
  secret: TEST_SECRET,
  locale: 'en',
  theme: 'blue',
  darkMode: false,
  fontSize: 'medium',
  route: '/',
  user: ravi,
};

test('the sunbird-cb page starts without player data, the default page with it', () => {
  const sunbird = parentPageConfig({ ...settings, tokenTtl: 30 }, 'http://127.0.0.1:4300');
  assert.is(sunbird.parent, 'sunbird-cb');
  assert.is(sunbird.tokenTtl, 30);
  assert.is(sunbird.initial.playerData, false);
  assert.is(sunbird.initial.user, 'ravi');
  assert.ok(sunbird.users.some((u) => u.name === 'ravi'));
  assert.ok(sunbird.playerData.ravi);
  const plain = parentPageConfig({ ...settings, parent: 'default' }, 'http://127.0.0.1:4300');
  assert.is(plain.initial.playerData, true);
  assert.not.ok('tokenTtl' in plain, 'no lifetime unless --token-ttl set one');
});

test('the minter signs seeded learners only, for the set lifetime, else 12 hours', () => {
  const claims = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, number>;
  const short = claims(tokenMinter('s', 30, () => new Date(T0))('ravi')!);
  assert.is(short.exp! - short.iat!, 30);
  assert.is(short.iat, T0 / 1000);
  const long = claims(tokenMinter('s', undefined)('ravi')!);
  assert.is(long.exp! - long.iat!, 12 * 3600);
  assert.is(tokenMinter('s', 30)('nobody'), undefined);
});

test('the mock API takes a --token-ttl token until it expires, then answers 401; a fresh one works', async () => {
  let now = T0;
  const fx = await startFixture({ now: () => new Date(now) });
  try {
    const mint = tokenMinter(TEST_SECRET, 30, () => new Date(now));
    const client = clientFor(fx.api, ravi);
    const fetchWith = (token: string) =>
      client.post('/notes/fetch', { limit: 100 }, { authorization: `Bearer ${token}` });
    const first = mint('ravi')!;
    now = T0 + 29_000;
    const ok = await fetchWith(first);
    assert.is(ok.status, 200);
    assert.ok((ok.json as NotesPage).notes.length >= 4, "ravi's seeded notes, under org = rootOrg");
    now = T0 + 30_000;
    const expired = await fetchWith(first);
    assert.is(expired.status, 401);
    assert.equal(expired.json, { error: 'Unauthorized: token has expired' });
    assert.is((await fetchWith(mint('ravi')!)).status, 200);
  } finally {
    await fx.stop();
  }
});

test.run();
