import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../src/api/api-error.ts';
import type { Problem } from '../../../src/notes/read/describe-error.ts';
import { createRemoteValue } from '../../../src/notes/read/remote-value.ts';
import { createDeferred, type Deferred, flushPromises } from '../../fakes/deferred.ts';

/** The problem the fake `describe` gives for an error: its message, so tests see which error it was. */
const failed = (message: string): Problem => ({ kind: 'other', retry: true, message: `failed: ${message}` });

/** A resource whose every load waits on a deferred the test settles. */
function scripted<T>() {
  const loads: Deferred<T>[] = [];
  const signals: AbortSignal[] = [];
  const described: unknown[] = [];
  const resource = createRemoteValue<T>(
    (signal) => {
      const d = createDeferred<T>();
      loads.push(d);
      signals.push(signal);
      return d.promise;
    },
    (error) => {
      described.push(error);
      return failed(error instanceof Error ? error.message : String(error));
    },
  );
  const load = (i: number): Deferred<T> => {
    const d = loads[i];
    if (!d) throw new Error(`load ${i} was never started`);
    return d;
  };
  const signal = (i: number): AbortSignal => {
    const s = signals[i];
    if (!s) throw new Error(`load ${i} was never started`);
    return s;
  };
  return { resource, loads, described, load, signal };
}

test('starts idle and loads nothing by itself', () => {
  const s = scripted<string>();
  assert.equal(s.resource.state.value, { status: 'idle' });
  assert.is(s.loads.length, 0);
});

test('idle → loading → ready', async () => {
  const s = scripted<string>();
  const done = s.resource.reload();
  assert.equal(s.resource.state.value, { status: 'loading', data: null });
  s.load(0).resolve('A');
  await done;
  assert.equal(s.resource.state.value, { status: 'ready', data: 'A' });
});

test('a failure becomes an error state with the described message', async () => {
  const s = scripted<string>();
  const done = s.resource.reload();
  const boom = new Error('boom');
  s.load(0).reject(boom);
  await done;
  assert.equal(s.resource.state.value, { status: 'error', problem: failed('boom'), data: null });
  assert.equal(s.described, [boom]);
});

test('reloading keeps the shown data while loading and after an error', async () => {
  const s = scripted<string>();
  const first = s.resource.reload();
  s.load(0).resolve('A');
  await first;
  const second = s.resource.reload();
  assert.equal(s.resource.state.value, { status: 'loading', data: 'A' });
  s.load(1).reject(new Error('offline'));
  await second;
  assert.equal(s.resource.state.value, { status: 'error', problem: failed('offline'), data: 'A' });
});

test('the newest request wins when an older one resolves later', async () => {
  const s = scripted<string>();
  const old = s.resource.reload();
  const fresh = s.resource.reload();
  s.load(1).resolve('new');
  await fresh;
  s.load(0).resolve('old');
  await old;
  assert.equal(s.resource.state.value, { status: 'ready', data: 'new' });
});

test('an older request failing later does not overwrite the newest result', async () => {
  const s = scripted<string>();
  const old = s.resource.reload();
  const fresh = s.resource.reload();
  s.load(1).resolve('new');
  await fresh;
  s.load(0).reject(new Error('late failure'));
  await old;
  assert.equal(s.resource.state.value, { status: 'ready', data: 'new' });
  assert.equal(s.described, [], 'a superseded failure is not even described');
});

test('an older request resolving while the newest is still loading leaves it loading', async () => {
  const s = scripted<string>();
  const old = s.resource.reload();
  s.resource.reload();
  s.load(0).resolve('old');
  await old;
  assert.is(s.resource.state.value.status, 'loading');
});

test('ensure loads when idle, then not again while loading or fresh', async () => {
  const s = scripted<string>();
  s.resource.ensure();
  assert.is(s.loads.length, 1);
  s.resource.ensure();
  assert.is(s.loads.length, 1, 'not while loading');
  s.load(0).resolve('A');
  await flushPromises();
  s.resource.ensure();
  assert.is(s.loads.length, 1, 'not when ready and fresh');
  assert.equal(s.resource.state.value, { status: 'ready', data: 'A' });
});

test('ensure reloads after invalidate, once', async () => {
  const s = scripted<string>();
  s.resource.ensure();
  s.load(0).resolve('A');
  await flushPromises();
  s.resource.invalidate();
  assert.equal(
    s.resource.state.value,
    { status: 'ready', data: 'A' },
    'invalidate alone changes nothing shown',
  );
  s.resource.ensure();
  s.resource.ensure();
  assert.is(s.loads.length, 2);
  s.load(1).resolve('B');
  await flushPromises();
  assert.equal(s.resource.state.value, { status: 'ready', data: 'B' });
});

test('ensure after an error does not retry on its own (Retry calls reload)', async () => {
  const s = scripted<string>();
  s.resource.ensure();
  s.load(0).reject(new Error('x'));
  await flushPromises();
  s.resource.ensure();
  assert.is(s.loads.length, 1);
  const retry = s.resource.reload();
  s.load(1).resolve('ok');
  await retry;
  assert.equal(s.resource.state.value, { status: 'ready', data: 'ok' });
});

test('a loader that throws synchronously still ends in an error state', async () => {
  const resource = createRemoteValue<string>(
    () => {
      throw new Error('sync');
    },
    () => failed('described'),
  );
  await resource.reload();
  assert.equal(resource.state.value, { status: 'error', problem: failed('described'), data: null });
});

test('the loader gets an AbortSignal, not aborted while its load is current', async () => {
  const s = scripted<string>();
  const done = s.resource.reload();
  assert.ok(s.signal(0) instanceof AbortSignal);
  assert.not.ok(s.signal(0).aborted);
  s.load(0).resolve('A');
  await done;
  assert.not.ok(s.signal(0).aborted, 'a finished load is not aborted afterwards');
});

test('a superseded reload aborts the previous load’s signal', () => {
  const s = scripted<string>();
  void s.resource.reload();
  void s.resource.reload();
  assert.ok(s.signal(0).aborted);
  assert.not.ok(s.signal(1).aborted);
});

test('an aborted load (the caller cancelled it) never becomes an error', async () => {
  const s = scripted<string>();
  const first = s.resource.reload();
  s.load(0).resolve('A');
  await first;
  const second = s.resource.reload();
  s.load(1).reject(new ApiError('aborted', 'Request cancelled'));
  await second;
  assert.is.not(s.resource.state.value.status, 'error');
  assert.equal(s.described, []);
});

test('invalidate(true) aborts the load in flight, goes idle, and ignores its answer', async () => {
  const s = scripted<string>();
  const done = s.resource.reload();
  s.resource.invalidate(true);
  assert.ok(s.signal(0).aborted);
  assert.equal(s.resource.state.value, { status: 'idle' });
  s.load(0).resolve('old learner');
  await done;
  assert.equal(s.resource.state.value, { status: 'idle' });
  s.resource.ensure();
  assert.is(s.loads.length, 2, 'loads again when next shown');
});

test('invalidate(true) after a load drops the data at once', async () => {
  const s = scripted<string>();
  const done = s.resource.reload();
  s.load(0).resolve('A');
  await done;
  s.resource.invalidate(true);
  assert.equal(s.resource.state.value, { status: 'idle' });
});

test.run();
