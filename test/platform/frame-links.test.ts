import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFrameLinks, type FrameWindow } from '../../src/platform/frame-links.ts';
import { createFakeFrames } from '../fakes/fake-frames.ts';

test('messages and storage writes reach the other frame, not the sender; unsubscribing stops them', async () => {
  const frames = createFakeFrames();
  const a = frames.frame();
  const b = frames.frame();
  const la = createFrameLinks(a.window);
  const lb = createFrameLinks(b.window);
  const heard: unknown[] = [];
  const keys: (string | null)[] = [];
  la.listen(
    () => heard.push('a heard itself'),
    () => keys.push('a saw its own write'),
  );
  const stop = lb.listen(
    (data) => heard.push(data),
    (key) => keys.push(key),
  );
  la.post({ hello: 1 });
  a.storage.setItem('k', 'v');
  await frames.deliver();
  assert.equal(heard, [{ hello: 1 }]);
  assert.equal(keys, ['k']);
  stop();
  la.post({ hello: 2 });
  await frames.deliver();
  assert.equal(heard, [{ hello: 1 }]);
});

test('the lock runs one holder at a time, in request order', async () => {
  const frames = createFakeFrames();
  const a = createFrameLinks(frames.frame().window);
  const b = createFrameLinks(frames.frame().window);
  const log: string[] = [];
  const hold = (who: string) => async () => {
    log.push(`${who} in`);
    await Promise.resolve();
    log.push(`${who} out`);
  };
  await Promise.all([a.lock?.('x', hold('a')), b.lock?.('x', hold('b'))]);
  assert.equal(log, ['a in', 'a out', 'b in', 'b out']);
});

test('a browser without BroadcastChannel or Web Locks: posting does nothing, no lock', () => {
  const listeners: string[] = [];
  const bare: FrameWindow = {
    navigator: {},
    addEventListener: (type) => void listeners.push(type),
    removeEventListener: () => undefined,
  };
  const links = createFrameLinks(bare);
  links.post({ x: 1 });
  links.listen(
    () => undefined,
    () => undefined,
  );
  assert.is(links.lock, null);
  assert.equal(listeners, ['storage'], 'storage events still followed');
});

test.run();
