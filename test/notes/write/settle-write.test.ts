import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createNoteCache } from '../../../src/notes/read/note-cache.ts';
import type { JournalState, OutboxItem } from '../../../src/notes/write/journal.ts';
import {
  draftKeyOf,
  noteIdOf,
  returnToDraft,
  settleWrite,
  textOf,
} from '../../../src/notes/write/settle-write.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import { addItem, deleteItem, updateItem } from '../../fakes/write-side.ts';

const EMPTY: JournalState = { drafts: {}, outbox: [], conflicts: {} };
const base = fakeNote({ noteId: 'n1', version: 3, content: '<p>old</p>', text: 'old' });
const add = addItem('a', { refId: 'r1', content: '<p>new</p>', text: 'new' });
const update = updateItem('u', base, 'mine');
const del = deleteItem('d', 'n1', 3);

function setup() {
  const cache = createNoteCache();
  const announced: string[] = [];
  const counts: [string, 1 | -1][] = [];
  const deps = {
    cache,
    announce: (key: string) => void announced.push(key),
    onCountChange: (note: Note, delta: 1 | -1) => void counts.push([note.noteId, delta]),
  };
  const visible = () => cache.visible.value.map((n) => n.noteId).sort();
  return { cache, deps, announced, counts, visible };
}

test('draftKeyOf / noteIdOf / textOf', () => {
  assert.is(draftKeyOf(add), 'new:r1');
  assert.is(draftKeyOf(update), 'edit:n1');
  assert.is(noteIdOf(add), 'local-a');
  assert.is(noteIdOf(update), 'n1');
  assert.is(noteIdOf(del), 'n1');
  assert.equal(textOf(add), { content: '<p>new</p>', text: 'new', tags: ['a'] });
  assert.equal(textOf(update), { content: '<p>mine</p>', text: 'mine' });
  assert.is(textOf(del), null);
});

test('returnToDraft puts the text in its editor’s draft', () => {
  assert.equal(returnToDraft(EMPTY, add).drafts, {
    'new:r1': { content: '<p>new</p>', text: 'new', tags: ['a'] },
  });
  assert.equal(returnToDraft(EMPTY, update).drafts, { 'edit:n1': { content: '<p>mine</p>', text: 'mine' } });
  assert.is(returnToDraft(EMPTY, del), EMPTY, 'a delete has no text');
});

test('returnToDraft appends to a draft already there: nothing is overwritten', () => {
  const state = {
    ...EMPTY,
    drafts: { 'new:r1': { content: '<p>started</p>', text: 'started' }, other: { content: '', text: 'o' } },
  };
  const out = returnToDraft(state, add);
  assert.equal(out.drafts['new:r1'], {
    content: '<p>started</p><p>new</p>',
    text: 'started\n\nnew',
    tags: ['a'],
  });
  assert.equal(out.drafts.other, { content: '', text: 'o' });
});

test('returnToDraft keeps the tags of both: the draft’s first, then the returned ones it lacks (ignoring case), up to 10', () => {
  const tagged = addItem('t', { refId: 'r1', content: '<p>new</p>', text: 'new', tags: ['Exam', 'tips'] });
  const state = (tags: string[]) => ({ ...EMPTY, drafts: { 'new:r1': { content: '', text: 's', tags } } });
  assert.equal(returnToDraft(state(['exam', 'x']), tagged).drafts['new:r1']?.tags, ['exam', 'x', 'tips']);
  const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
  assert.equal(returnToDraft(state(ten), tagged).drafts['new:r1']?.tags, ten, 'a full list stays as it is');
  const edit: OutboxItem = {
    id: 'u',
    kind: 'update',
    noteId: 'n1',
    version: 3,
    changes: { content: '<p>m</p>', text: 'm', tags: ['b'] },
    base,
  };
  const untagged = { ...EMPTY, drafts: { 'edit:n1': { content: '', text: 'old' } } };
  assert.equal(
    returnToDraft(untagged, edit).drafts['edit:n1']?.tags,
    ['b'],
    'a draft without tags takes the edit’s',
  );
  const plain = updateItem('p', base, 'mine');
  assert.is(returnToDraft(untagged, plain).drafts['edit:n1']?.tags, undefined, 'neither has tags: none');
});

test('an add done: the server note replaces the temporary one; "Note saved"', () => {
  const s = setup();
  s.cache.put(fakeNote({ noteId: 'local-a', version: 0 }));
  s.cache.setSaving('local-a', true);
  const saved = fakeNote({ noteId: 'srv-1', version: 1 });
  const out = settleWrite(s.deps, add, { kind: 'done', note: saved }, EMPTY);
  assert.is(out, EMPTY);
  assert.equal(s.visible(), ['srv-1']);
  assert.is(s.cache.saving.value.size, 0);
  assert.equal(s.announced, ['Note saved']);
  assert.equal(s.counts, [], 'counted once already, when it was added');
});

test('an update done: the stored version shows, no longer saving', () => {
  const s = setup();
  s.cache.put({ ...base, text: 'mine' });
  s.cache.setSaving('n1', true);
  const stored = { ...base, text: 'mine', version: 4 };
  settleWrite(s.deps, update, { kind: 'done', note: stored }, EMPTY);
  assert.is(s.cache.get('n1'), stored);
  assert.not.ok(s.cache.saving.value.has('n1'));
  assert.equal(s.announced, ['Note saved']);
});

test('a delete done: the note is gone for good (a late list answer does not bring it back)', () => {
  const s = setup();
  s.cache.put(base);
  s.cache.setHidden('n1', true);
  settleWrite(s.deps, del, { kind: 'done', note: null }, EMPTY);
  assert.is(s.cache.get('n1'), undefined);
  s.cache.merge([base]);
  assert.is(s.cache.get('n1'), undefined);
  assert.equal(s.announced, []);
});

test('a delete in conflict: the changed note comes back, counted, and it is said', () => {
  const s = setup();
  s.cache.put(base);
  s.cache.setHidden('n1', true);
  const current = { ...base, version: 5, text: 'changed' };
  settleWrite(s.deps, del, { kind: 'conflict', current }, EMPTY);
  assert.is(s.cache.get('n1'), current);
  assert.equal(s.visible(), ['n1']);
  assert.equal(s.counts, [['n1', 1]]);
  assert.equal(s.announced, ['Not deleted: the note was changed elsewhere']);
});

test('a delete refused: the note comes back and it is said', () => {
  const s = setup();
  s.cache.put(base);
  s.cache.setHidden('n1', true);
  settleWrite(s.deps, del, { kind: 'refused', message: 'x' }, EMPTY);
  assert.equal(s.visible(), ['n1']);
  assert.equal(s.counts, [['n1', 1]]);
  assert.equal(s.announced, ['Could not delete the note']);
});

test('an update in conflict: the server’s version shows and both are recorded', () => {
  const s = setup();
  s.cache.put({ ...base, text: 'mine' });
  s.cache.setSaving('n1', true);
  const current = { ...base, version: 4, text: 'theirs' };
  const out = settleWrite(s.deps, update, { kind: 'conflict', current }, EMPTY);
  assert.equal(out.conflicts, { n1: { mine: { content: '<p>mine</p>', text: 'mine' }, base, current } });
  assert.is(s.cache.get('n1'), current);
  assert.not.ok(s.cache.saving.value.has('n1'));
  assert.equal(s.announced, ['This note was changed elsewhere']);
  assert.equal(out.drafts, {}, 'the text is in the conflict, not in a draft');
});

test('an update whose note was deleted elsewhere: recorded with current null; the base shows', () => {
  const s = setup();
  const out = settleWrite(s.deps, update, { kind: 'conflict', current: null }, EMPTY);
  assert.is(out.conflicts.n1?.current, null);
  assert.is(s.cache.get('n1'), base);
});

test('an add refused: the temporary note goes, uncounted; the text is back in its draft', () => {
  const s = setup();
  const temp = fakeNote({ noteId: 'local-a', version: 0 });
  s.cache.put(temp);
  s.cache.setSaving('local-a', true);
  const out = settleWrite(s.deps, add, { kind: 'refused', message: 'Bad request' }, EMPTY);
  assert.equal(s.visible(), []);
  assert.equal(s.counts, [['local-a', -1]]);
  assert.equal(s.announced, ['Could not save']);
  assert.equal(out.drafts, { 'new:r1': { content: '<p>new</p>', text: 'new', tags: ['a'] } });
});

test('an update refused: the note as it was shows again; the text is back in its draft', () => {
  const s = setup();
  s.cache.put({ ...base, text: 'mine' });
  s.cache.setSaving('n1', true);
  const out = settleWrite(s.deps, update, { kind: 'refused', message: 'Bad request' }, EMPTY);
  assert.is(s.cache.get('n1'), base);
  assert.not.ok(s.cache.saving.value.has('n1'));
  assert.equal(out.drafts, { 'edit:n1': { content: '<p>mine</p>', text: 'mine' } });
  assert.equal(s.announced, ['Could not save']);
});

test.run();
