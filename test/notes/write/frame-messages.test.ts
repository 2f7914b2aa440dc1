import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFrameMessage } from '../../../src/notes/write/frame-messages.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import { L1, L2 } from '../../fakes/write-side.ts';

const note = fakeNote({ noteId: 'srv-1' });

test('a saved note, a delete and failing items for this learner are read', () => {
  assert.equal(parseFrameMessage({ learner: L1, kind: 'saved', note, was: 'local-1' }, L1), {
    learner: L1,
    kind: 'saved',
    note,
    was: 'local-1',
  });
  assert.equal(parseFrameMessage({ learner: L1, kind: 'saved', note }, L1), {
    learner: L1,
    kind: 'saved',
    note,
  });
  assert.equal(parseFrameMessage({ learner: L1, kind: 'deleted', noteId: 'n1' }, L1), {
    learner: L1,
    kind: 'deleted',
    noteId: 'n1',
  });
  assert.equal(parseFrameMessage({ learner: L1, kind: 'kept', noteId: 'srv-1', note }, L1), {
    learner: L1,
    kind: 'kept',
    noteId: 'srv-1',
    note,
  });
  assert.equal(parseFrameMessage({ learner: L1, kind: 'kept', noteId: 'n1', note: null }, L1), {
    learner: L1,
    kind: 'kept',
    noteId: 'n1',
    note: null,
  });
  assert.equal(parseFrameMessage({ learner: L1, kind: 'kept', noteId: 'n1', note: null, item: 'a-3' }, L1), {
    learner: L1,
    kind: 'kept',
    noteId: 'n1',
    note: null,
    item: 'a-3',
  });
  assert.equal(parseFrameMessage({ learner: L1, kind: 'failing', from: 'f', ids: ['a'] }, L1), {
    learner: L1,
    kind: 'failing',
    from: 'f',
    ids: ['a'],
  });
});

test("another learner's message is dropped", () => {
  assert.is(parseFrameMessage({ learner: L2, kind: 'deleted', noteId: 'n1' }, L1), null);
  assert.is(parseFrameMessage({ kind: 'deleted', noteId: 'n1' }, L1), null);
});

test('a malformed message or note is dropped, never thrown', () => {
  const bad: unknown[] = [
    null,
    'saved',
    42,
    { learner: L1, kind: 'saved', note: { ...note, version: 'one' } },
    { learner: L1, kind: 'saved', note: { ...note, noteId: undefined } },
    { learner: L1, kind: 'saved', note, was: 7 },
    { learner: L1, kind: 'deleted', noteId: 5 },
    { learner: L1, kind: 'kept', noteId: 'n1' },
    { learner: L1, kind: 'kept', noteId: 'n1', note: { ...note, version: 'one' } },
    { learner: L1, kind: 'kept', noteId: 'n1', note: null, item: 3 },
    { learner: L1, kind: 'failing', from: 'f', ids: [1] },
    { learner: L1, kind: 'something else' },
  ];
  for (const data of bad) assert.is(parseFrameMessage(data, L1), null, JSON.stringify(data));
});

test.run();
