import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLOCK_TICK_MS, createClock } from '../../src/session/clock.ts';

/** A fake interval timer: `fire` runs the callback as the browser would every `ms`. */
function fakeInterval() {
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let seq = 0;
  return {
    timers,
    setInterval: (fn: () => void, ms: number) => {
      seq += 1;
      timers.set(seq, { fn, ms });
      return seq;
    },
    clearInterval: (handle: unknown) => {
      timers.delete(handle as number);
    },
    fire: () => {
      for (const t of timers.values()) t.fn();
    },
  };
}

test('the clock starts at now and ticks every 30 s', () => {
  let now = 1000;
  const timer = fakeInterval();
  const clock = createClock({ now: () => now, ...timer });
  assert.is(clock.now.value, 1000);
  assert.equal(
    [...timer.timers.values()].map((t) => t.ms),
    [CLOCK_TICK_MS],
  );
  now = 31_000;
  timer.fire();
  assert.is(clock.now.value, 31_000);
});

test('stop clears its interval', () => {
  const timer = fakeInterval();
  const clock = createClock({ now: () => 0, ...timer });
  assert.is(timer.timers.size, 1);
  clock.stop();
  assert.is(timer.timers.size, 0);
});

test.run();
