import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  PREFETCH_ORDER,
  type PrefetchStep,
  prefetchAllowed,
  prefetchPlan,
  runInTurn,
} from '../../src/platform/prefetch-policy.ts';
import { createDeferred, flushPromises } from '../fakes/deferred.ts';

const step = (name: string, load: () => Promise<unknown> = () => Promise.resolve()): PrefetchStep => ({
  name,
  load,
});
const names = (steps: PrefetchStep[]) => steps.map((s) => s.name);
const ALL = [...PREFETCH_ORDER].reverse().map((n) => step(n));

test('Save-Data: nothing, whatever the link', () => {
  for (const effectiveType of [undefined, '4g', '3g'])
    assert.equal(prefetchPlan({ saveData: true, effectiveType }, ALL), [], String(effectiveType));
});

test('slow-2g and 2g: nothing; 3g, 4g and a browser without hints: everything', () => {
  assert.equal(prefetchPlan({ effectiveType: 'slow-2g' }, ALL), []);
  assert.equal(prefetchPlan({ effectiveType: '2g', saveData: false }, ALL), []);
  for (const c of [{ effectiveType: '3g' }, { effectiveType: '4g', saveData: false }, {}, undefined])
    assert.equal(names(prefetchPlan(c, ALL)), [...PREFETCH_ORDER], JSON.stringify(c));
  assert.is(prefetchAllowed(undefined), true);
});

test('smallest first: the order of PREFETCH_ORDER whatever the order given; unknown names last', () => {
  const given = [step('mystery'), step('editor'), step('screen-view'), step('note-actions')];
  assert.equal(names(prefetchPlan({}, given)), ['screen-view', 'note-actions', 'editor', 'mystery']);
  assert.equal(names(given), ['mystery', 'editor', 'screen-view', 'note-actions'], 'the input is left as is');
});

test('runInTurn: one file at a time, the next only once the one before settled; a failure is skipped', async () => {
  const started: string[] = [];
  const a = createDeferred<void>();
  const b = createDeferred<void>();
  const counted = (name: string, load: () => Promise<unknown>) =>
    step(name, () => {
      started.push(name);
      return load();
    });
  const steps = [
    counted('a', () => a.promise),
    counted('b', () => b.promise),
    counted('c', () => Promise.resolve()),
  ];
  const done = runInTurn(steps);
  await flushPromises();
  assert.equal(started, ['a']);
  a.resolve();
  await flushPromises();
  assert.equal(started, ['a', 'b']);
  b.reject(new Error('dropped'));
  await done;
  assert.equal(started, ['a', 'b', 'c']);
});

test.run();
