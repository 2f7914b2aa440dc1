import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  CRASH_WINDOW_MS,
  createWatchdog,
  SNAPSHOT_INTERVAL_MS,
  type Snapshot,
} from '../../../src/ui/editor/watchdog.ts';

const at = (text: string): Snapshot => ({ html: `<p>${text}</p>`, text });

/** A watchdog over a clock the test moves by hand. */
function setup(initial = at('start')) {
  let now = 1_000_000;
  const dog = createWatchdog(initial, () => now);
  return { dog, advance: (ms: number) => (now += ms) };
}

test('the starting content is the first snapshot', () => {
  const { dog } = setup(at('hello'));
  assert.equal(dog.snapshot(), at('hello'));
});

test('snapshots are taken at most every 5000 ms', () => {
  const { dog, advance } = setup();
  advance(1000);
  assert.not.ok(dog.offer(at('a')), 'too soon after the start');
  assert.equal(dog.snapshot(), at('start'));
  advance(SNAPSHOT_INTERVAL_MS - 1000 - 1);
  assert.not.ok(dog.offer(at('b')), '1 ms short');
  advance(1);
  assert.ok(dog.offer(at('c')), 'exactly 5000 ms later');
  assert.equal(dog.snapshot(), at('c'));
  advance(4999);
  assert.not.ok(dog.offer(at('d')));
  assert.equal(dog.snapshot(), at('c'), 'the last taken snapshot stays');
  advance(1);
  assert.ok(dog.offer(at('e')));
  assert.equal(dog.snapshot(), at('e'));
});

test('three crashes close together restart; the fourth falls back, and fallback is final', () => {
  const { dog, advance } = setup();
  assert.is(dog.crash(), 'restart');
  advance(100);
  assert.is(dog.crash(), 'restart');
  advance(CRASH_WINDOW_MS - 1);
  assert.is(dog.crash(), 'restart');
  assert.is(dog.run(), 3);
  advance(10);
  assert.is(dog.crash(), 'fallback');
  advance(60_000);
  assert.is(dog.crash(), 'fallback', 'no way back once fallen back');
});

test('a crash 5000 ms or more after the previous one starts the count afresh', () => {
  const { dog, advance } = setup();
  assert.is(dog.crash(), 'restart');
  advance(1000);
  assert.is(dog.crash(), 'restart');
  advance(1000);
  assert.is(dog.crash(), 'restart');
  advance(CRASH_WINDOW_MS);
  assert.is(dog.crash(), 'restart', 'exactly 5000 ms apart does not count toward the limit');
  assert.is(dog.run(), 1);
  advance(4999);
  assert.is(dog.crash(), 'restart');
  advance(4999);
  assert.is(dog.crash(), 'restart');
  advance(4999);
  assert.is(dog.crash(), 'fallback', 'four in a run, each under 5000 ms after the last');
});

test('crashes spaced out keep restarting for ever', () => {
  const { dog, advance } = setup();
  for (let i = 0; i < 20; i++) {
    assert.is(dog.crash(), 'restart', `crash ${i + 1}`);
    advance(CRASH_WINDOW_MS + 1);
  }
});

test('the run counts from the previous crash, not from the first of the run', () => {
  const { dog, advance } = setup();
  // 0, 4 s, 8 s, 12 s: 12 s after the first, but each under 5 s after the one before.
  assert.is(dog.crash(), 'restart');
  advance(4000);
  assert.is(dog.crash(), 'restart');
  advance(4000);
  assert.is(dog.crash(), 'restart');
  advance(4000);
  assert.is(dog.crash(), 'fallback');
});

test.run();
