/**
 * The error policy as one table (describeProblem in src/notes/read/describe-error.ts, verdictFor in
 * src/notes/write/outbox-verdict.ts, docs/api.md 'Errors'): for each
 * way an API call fails, what a read shows (and whether Retry is offered) and what a
 * queued add, edit and delete do. A change to any of the three places shows here as one row.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../src/api/api-error.ts';
import { describeProblem, type ProblemKind } from '../../src/notes/read/describe-error.ts';
import { verdictFor } from '../../src/notes/write/outbox-verdict.ts';
import { fakeNote } from '../fakes/fake-note.ts';
import { addItem, deleteItem, updateItem } from '../fakes/write-side.ts';

const base = fakeNote({ noteId: 'n1', version: 3 });
const theirs = fakeNote({ noteId: 'n1', version: 4, text: 'theirs', content: '<p>theirs</p>' });
const http = (status: number) =>
  new ApiError('http', `HTTP ${status}`, status, { error: 'x', current: theirs });

/** [the failure, the read's problem and Retry, the verdict kinds for add / update / delete]. */
const TABLE: [string, unknown, ProblemKind, boolean, [string, string, string]][] = [
  ['not an ApiError', new Error('bug'), 'other', true, ['retry', 'retry', 'retry']],
  ['cancelled', new ApiError('aborted', 'x'), 'other', true, ['retry', 'retry', 'retry']],
  ['timeout', new ApiError('timeout', 'x'), 'timeout', true, ['retry', 'retry', 'retry']],
  ['network', new ApiError('network', 'x'), 'offline', true, ['retry', 'retry', 'retry']],
  ['garbled 2xx', new ApiError('invalid-response', 'x'), 'server', true, ['retry', 'retry', 'retry']],
  ['500', http(500), 'server', true, ['retry', 'retry', 'retry']],
  ['503', http(503), 'server', true, ['retry', 'retry', 'retry']],
  ['408', http(408), 'other', true, ['retry', 'retry', 'retry']],
  ['429', http(429), 'other', true, ['retry', 'retry', 'retry']],
  ['401', http(401), 'session', false, ['session', 'session', 'session']],
  ['403', http(403), 'forbidden', false, ['forbidden', 'forbidden', 'forbidden']],
  ['404', http(404), 'other', true, ['refused', 'conflict', 'done']],
  ['409 (their copy)', http(409), 'other', true, ['refused', 'conflict', 'conflict']],
  ['400', http(400), 'other', true, ['refused', 'refused', 'refused']],
  ['413', http(413), 'other', true, ['refused', 'refused', 'refused']],
];

for (const [name, error, read, retry, [onAdd, onUpdate, onDelete]] of TABLE) {
  test(`${name}: a read shows ${read}${retry ? ' with Retry' : ''}; add/edit/delete ${onAdd}/${onUpdate}/${onDelete}`, () => {
    const problem = describeProblem(error);
    assert.is(problem.kind, read);
    assert.is(problem.retry, retry);
    const verdicts = [addItem('a'), updateItem('u', base, 'mine'), deleteItem('d', 'n1', 3)].map(
      (item) => verdictFor(item, error).kind,
    );
    assert.equal(verdicts, [onAdd, onUpdate, onDelete]);
  });
}

test('409 holding exactly our edit: done (the first try got through, its answer was lost)', () => {
  const mine = updateItem('u', base, 'mine');
  if (mine.kind !== 'update') throw new Error('an update item');
  const stored = { ...theirs, text: mine.changes.text, content: mine.changes.content, tags: base.tags };
  const error = new ApiError('http', 'x', 409, { error: 'x', current: stored });
  assert.is(verdictFor(mine, error).kind, 'done');
});

test('a refused write carries the server’s message back to the learner', () => {
  assert.equal(verdictFor(addItem('a'), http(400)), { kind: 'refused', message: 'HTTP 400' });
});

test.run();
