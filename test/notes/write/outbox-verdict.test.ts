import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, TIMEOUT_MESSAGE } from '../../../src/api/api-error.ts';
import type { OutboxItem } from '../../../src/notes/write/journal.ts';
import { backoffMs, rebase, verdictFor } from '../../../src/notes/write/outbox-verdict.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import { addItem, deleteItem, updateItem } from '../../fakes/write-side.ts';

const base = fakeNote({ noteId: 'n1', version: 3, content: '<p>old</p>', text: 'old' });
const add = addItem('a');
const update = updateItem('u', base, 'mine');
const del = deleteItem('d', 'n1', 3);
const http = (status: number, current?: ReturnType<typeof fakeNote>) =>
  new ApiError('http', `HTTP ${status}`, status, current ? { error: 'x', current } : { error: 'x' });

test('the link or the server failing: retry', () => {
  const failures: unknown[] = [
    new ApiError('network', 'Network error'),
    new ApiError('timeout', TIMEOUT_MESSAGE),
    new ApiError('invalid-response', 'garbled'),
    new ApiError('aborted', 'cancelled'),
    new ApiError('http', 'no status'),
    new Error('not an ApiError'),
    'a string',
    http(500),
    http(502),
    http(503),
    http(429),
    http(408),
  ];
  for (const item of [add, update, del])
    for (const e of failures)
      assert.equal(verdictFor(item, e), { kind: 'retry' }, `${item.kind}: ${String(e)}`);
});

test('401: session; 403: forbidden (for every kind)', () => {
  for (const item of [add, update, del]) {
    assert.equal(verdictFor(item, http(401)), { kind: 'session' });
    assert.equal(verdictFor(item, http(403)), { kind: 'forbidden' });
  }
});

test('delete: 404 means it is gone already (done); 409 with the current note is a conflict', () => {
  assert.equal(verdictFor(del, http(404)), { kind: 'done', note: null });
  const current = fakeNote({ noteId: 'n1', version: 4 });
  assert.equal(verdictFor(del, http(409, current)), { kind: 'conflict', current });
  assert.equal(verdictFor(del, http(409)), { kind: 'refused', message: 'HTTP 409' }, 'no current: refused');
});

test('update: a 409 showing exactly our text is done (only the answer was lost)', () => {
  const current = { ...base, content: '<p>mine</p>', text: 'mine', version: 4 };
  assert.equal(verdictFor(update, http(409, current)), { kind: 'done', note: current });
});

test('update: a 409 with other text is a conflict; 404 a conflict with the note deleted', () => {
  const theirs = fakeNote({ noteId: 'n1', version: 4, content: '<p>theirs</p>', text: 'theirs' });
  assert.equal(verdictFor(update, http(409, theirs)), { kind: 'conflict', current: theirs });
  const sameTextOtherHtml = { ...theirs, text: 'mine' };
  assert.equal(verdictFor(update, http(409, sameTextOtherHtml)).kind, 'conflict', 'content must match too');
  assert.equal(verdictFor(update, http(404)), { kind: 'conflict', current: null });
  assert.equal(verdictFor(update, http(409)), { kind: 'refused', message: 'HTTP 409' });
});

test('what the server will never take is refused, with its message', () => {
  for (const status of [400, 413, 415, 422])
    assert.equal(verdictFor(add, http(status)), { kind: 'refused', message: `HTTP ${status}` });
  assert.equal(verdictFor(add, http(409)).kind, 'refused', 'an add has no conflict');
  assert.equal(verdictFor(add, http(404)).kind, 'refused');
  assert.equal(verdictFor(update, http(400)).kind, 'refused');
  assert.equal(verdictFor(del, http(400)).kind, 'refused');
});

test('backoffMs: about 1 s doubling, jitter between half and all of it', () => {
  const low = () => 0;
  const high = () => 1;
  assert.equal(
    [0, 1, 2, 3, 4, 5].map((n) => backoffMs(n, low)),
    [500, 1000, 2000, 4000, 8000, 16000],
  );
  assert.equal(
    [0, 1, 2, 3, 4, 5].map((n) => backoffMs(n, high)),
    [1000, 2000, 4000, 8000, 16000, 32000],
  );
  assert.is(
    backoffMs(0, () => 0.5),
    750,
  );
  assert.is(
    backoffMs(2, () => 0.25),
    2500,
  );
});

test('backoffMs: capped at a minute, even after very many attempts', () => {
  assert.is(
    backoffMs(6, () => 1),
    60_000,
  );
  assert.is(
    backoffMs(100, () => 1),
    60_000,
  );
  assert.is(
    backoffMs(1e9, () => 0),
    30_000,
  );
});

test('rebase: after an add, later writes to its temporary id get the server’s id and version', () => {
  const saved = fakeNote({ noteId: 'srv-1', version: 1 });
  const edit = { ...updateItem('u', base, 'x'), noteId: 'local-a', version: 0 };
  const gone = deleteItem('d', 'local-a', 0, 5);
  const other = updateItem('o', fakeNote({ noteId: 'n2', version: 7 }), 'y');
  const laterAdd = addItem('b');
  const out = rebase([edit, gone, other, laterAdd], add, saved);
  assert.equal(out, [
    { ...edit, noteId: 'srv-1', version: 1 },
    { ...gone, noteId: 'srv-1', version: 1 },
    other,
    laterAdd,
  ]);
});

test('rebase: after an edit, later writes to the note send the version just stored', () => {
  const stored = { ...base, version: 4 };
  const second = updateItem('u2', base, 'again');
  const out = rebase([second, deleteItem('d', 'n1', 3)], update, stored);
  assert.equal(
    out.map((i) => (i.kind === 'add' || i.kind === 'review' ? null : [i.noteId, i.version])),
    [
      ['n1', 4],
      ['n1', 4],
    ],
  );
});

test('update: a retried edit counts as stored only when the 409 shows its tags too (same order and spelling)', () => {
  const tagged: OutboxItem = {
    id: 't',
    kind: 'update',
    noteId: 'n1',
    version: 3,
    changes: { content: '<p>mine</p>', text: 'mine', tags: ['exam', 'Tips'] },
    base,
  };
  const stored = { ...base, content: '<p>mine</p>', text: 'mine', tags: ['exam', 'Tips'], version: 4 };
  assert.equal(verdictFor(tagged, http(409, stored)), { kind: 'done', note: stored });
  for (const tags of [['exam'], ['Tips', 'exam'], ['exam', 'tips'], []]) {
    const other = { ...stored, tags };
    assert.equal(verdictFor(tagged, http(409, other)), { kind: 'conflict', current: other }, tags.join());
  }
  // A tags-only edit (same text) whose tags did not get through is a conflict, not "already stored".
  const tagsOnly: OutboxItem = {
    ...tagged,
    changes: { content: base.content, text: base.text, tags: ['new'] },
  };
  assert.equal(verdictFor(tagsOnly, http(409, { ...base, version: 4 })).kind, 'conflict');
  // An edit from before tags could be edited says nothing about them: its text decides.
  assert.equal(verdictFor(update, http(409, { ...stored, tags: ['anything'] })).kind, 'done');
});

test.run();
