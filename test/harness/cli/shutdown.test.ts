import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type SignalTarget, stopOnSignals } from '../../../harness/cli/shutdown.ts';

type FakeProcess = SignalTarget & { fire(signal: 'SIGINT' | 'SIGTERM'): void; exits: number[] };
const fakeProcess = (): FakeProcess => {
  const listeners = new Map<string, (() => void)[]>();
  const exits: number[] = [];
  return {
    exits,
    once(signal, listener) {
      listeners.set(signal, [...(listeners.get(signal) ?? []), listener]);
    },
    exit(code) {
      exits.push(code);
    },
    fire(signal) {
      const all = listeners.get(signal) ?? [];
      listeners.set(signal, []);
      for (const l of all) l();
    },
  };
};

test('SIGTERM closes everything, then exits 0', async () => {
  const proc = fakeProcess();
  const lines: string[] = [];
  let closed = 0;
  const running = {
    close: async () => {
      closed += 1;
    },
  };
  stopOnSignals(running, (l) => lines.push(l), proc);
  proc.fire('SIGTERM');
  await new Promise((r) => setImmediate(r));
  assert.is(closed, 1);
  assert.equal(proc.exits, [0]);
  assert.equal(lines, ['harness: stopping…']);
});

test('a second Ctrl-C while closing forces the exit; a failing close still exits 0', async () => {
  const proc = fakeProcess();
  stopOnSignals({ close: () => new Promise(() => {}) }, () => {}, proc);
  proc.fire('SIGINT');
  assert.equal(proc.exits, []);
  proc.fire('SIGINT');
  assert.equal(proc.exits, [0]);
  const other = fakeProcess();
  stopOnSignals({ close: async () => Promise.reject(new Error('boom')) }, () => {}, other);
  other.fire('SIGINT');
  await new Promise((r) => setImmediate(r));
  assert.equal(other.exits, [0]);
});

test.run();
