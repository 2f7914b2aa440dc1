import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshToken } from '../../../../harness/serve/parent-page/token-client.ts';
import { createFakeFetch, jsonResponse } from '../../../fakes/fake-fetch.ts';

test('asks the parent server for a token for that learner, uncached', async () => {
  const fake = createFakeFetch(() => jsonResponse(200, { token: 'fresh' }));
  assert.is(await freshToken('amira al', fake.fetch), 'fresh');
  assert.is(fake.last().url, '/harness/token?user=amira%20al');
});

test('a failed or odd answer rejects with a short reason, never a token', async () => {
  for (const [status, body, reason] of [
    [400, { error: 'unknown user' }, /HTTP 400/],
    [200, { nope: 1 }, /no token/],
  ] as const) {
    const fake = createFakeFetch(() => jsonResponse(status, body));
    try {
      await freshToken('x', fake.fetch);
      assert.unreachable();
    } catch (err) {
      assert.match((err as Error).message, reason);
    }
  }
});

test.run();
