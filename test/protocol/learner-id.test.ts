import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { learnerIdOf } from '../../src/protocol/learner-id.ts';
import { LEARNER_ID_CASES } from '../fixtures/learner-id-cases.ts';

test('learnerIdOf: wid, else the tail of sub after its last colon, else ""', () => {
  for (const [claims, id] of LEARNER_ID_CASES) assert.is(learnerIdOf(claims), id, JSON.stringify(claims));
});

test.run();
