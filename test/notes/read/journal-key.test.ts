import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { journalKey, queuedDeletes } from '../../../src/notes/read/journal-key.ts';

test('journalKey is one key per learner', () => {
  assert.is(journalKey('a\u0000b\u0000c'), 'notes:journal:a\u0000b\u0000c');
});

test('queuedDeletes names the notes with a delete queued, nothing else', () => {
  const raw = JSON.stringify({
    drafts: { 'new:r1': { content: '<p>x</p>', text: 'x' } },
    outbox: [
      { id: 'q1', kind: 'delete', noteId: 'n1', version: 1, after: 0 },
      { id: 'q2', kind: 'update', noteId: 'n2', version: 1, changes: {} },
      { id: 'q3', kind: 'delete', noteId: 7 },
      null,
      'delete',
      { id: 'q4', kind: 'delete', noteId: 'n4', version: 2, after: 5 },
    ],
    conflicts: {},
  });
  assert.equal(queuedDeletes(raw), ['n1', 'n4']);
});

test('queuedDeletes: nothing stored, or anything malformed, names nothing', () => {
  for (const raw of [null, '', '{', 'null', '7', '"x"', '[]', '{"outbox":{}}', '{"outbox":"x"}'])
    assert.equal(queuedDeletes(raw), [], String(raw));
});

test.run();
