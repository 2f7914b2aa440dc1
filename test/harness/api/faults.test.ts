import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideFault, mergeFaults, NO_FAULTS } from '../../../harness/api/faults.ts';

test('one draw splits calls into hang, fail and pass', () => {
  const f = { latencyMs: 0, timeoutRate: 0.1, failRate: 0.2 };
  assert.is(
    decideFault(f, () => 0.05),
    'hang',
  );
  assert.is(
    decideFault(f, () => 0.1),
    'fail',
  );
  assert.is(
    decideFault(f, () => 0.29),
    'fail',
  );
  assert.is(
    decideFault(f, () => 0.31),
    'pass',
  );
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
  assert.equal(f, { latencyMs: 0, failRate: 0.5, timeoutRate: 0 });
  assert.equal(mergeFaults(f, { latencyMs: 200 }), { latencyMs: 200, failRate: 0.5, timeoutRate: 0 });
  assert.throws(() => mergeFaults(f, { failRate: 1.5 }), /failRate/);
  assert.throws(() => mergeFaults(f, { timeoutRate: -0.1 }), /timeoutRate/);
  assert.throws(() => mergeFaults(f, { latencyMs: Number.NaN }), /latencyMs/);
});

test.run();
