import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lazySide } from '../../../src/notes/read/lazy-side.ts';

test('fetches once, shares the promise, and keeps the part as current', async () => {
  let fetches = 0;
  const part = lazySide(() => {
    fetches += 1;
    return Promise.resolve({ name: 'writes' });
  });
  assert.is(part.current, null);
  const [a, b] = await Promise.all([part.load(), part.load()]);
  assert.is(a, b);
  assert.is(part.current, a);
  await part.load();
  assert.is(fetches, 1);
});

test('a failed fetch is forgotten: the next load tries again', async () => {
  let fail = true;
  const part = lazySide(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(7)));
  await part.load().then(
    () => assert.unreachable('should fail'),
    (e: Error) => assert.is(e.message, 'offline'),
  );
  assert.is(part.current, null);
  fail = false;
  assert.is(await part.load(), 7);
  assert.is(part.current, 7);
});

test.run();
