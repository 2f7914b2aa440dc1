import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideFault, mergeFaults, NO_FAULTS } from '../../../harness/faults/faults.ts';

test('one draw splits calls into hang, fail (before the work), lose (after it) and pass', () => {
  const f = { latencyMs: 0, timeoutRate: 0.1, failRate: 0.1, lostRate: 0.1 };
  const at = (r: number) => decideFault(f, () => r);
  assert.equal([0, 0.05, 0.1, 0.19, 0.2, 0.29, 0.301, 0.31, 0.99].map(at), [
    'hang',
    'hang',
    'fail',
    'fail',
    'lose',
    'lose',
    'pass',
    'pass',
    'pass',
  ]);
});

test('a lost rate alone: those calls fail after the work, none before', () => {
  const f = { latencyMs: 0, timeoutRate: 0, failRate: 0, lostRate: 0.25 };
  const counts = { pass: 0, fail: 0, lose: 0, hang: 0 };
  for (let i = 0; i < 1000; i++) counts[decideFault(f, () => i / 1000)]++;
  assert.equal(counts, { pass: 750, fail: 0, lose: 250, hang: 0 });
});

test('with no rates, random is never consulted', () => {
  let calls = 0;
  assert.is(
    decideFault(NO_FAULTS, () => {
      calls++;
      return 0;
    }),
    'pass',
  );
  assert.is(calls, 0);
});

test('merging keeps unspecified values and refuses nonsense', () => {
  const f = mergeFaults(NO_FAULTS, { failRate: 0.5 });
  assert.equal(f, { latencyMs: 0, failRate: 0.5, lostRate: 0, timeoutRate: 0 });
  assert.equal(mergeFaults(f, { latencyMs: 200, lostRate: 0.1 }), {
    latencyMs: 200,
    failRate: 0.5,
    lostRate: 0.1,
    timeoutRate: 0,
  });
  assert.throws(() => mergeFaults(f, { lostRate: 2 }), /lostRate/);
  assert.throws(() => mergeFaults(f, { failRate: 1.5 }), /failRate/);
  assert.throws(() => mergeFaults(f, { timeoutRate: -0.1 }), /timeoutRate/);
  assert.throws(() => mergeFaults(f, { latencyMs: Number.NaN }), /latencyMs/);
});

test.run();
