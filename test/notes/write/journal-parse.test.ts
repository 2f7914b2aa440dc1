import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type JournalState, parseJournal } from '../../../src/notes/write/journal.ts';
import {
  isDraft,
  isNote,
  isOutboxItem,
  readDraft,
  readOutboxItem,
} from '../../../src/notes/write/journal-parse.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import { addItem, deleteItem, updateItem } from '../../fakes/write-side.ts';

const EMPTY: JournalState = { drafts: {}, outbox: [], conflicts: {} };
const note = fakeNote({ noteId: 'n1', version: 3 });
const draft = { content: '<p>mine</p>', text: 'mine' };
const conflict = { mine: draft, base: note, current: fakeNote({ noteId: 'n1', version: 4 }) };

test('isDraft: content and text, both strings', () => {
  assert.ok(isDraft(draft));
  assert.ok(isDraft({ content: '', text: '' }));
  for (const bad of [
    null,
    'x',
    {},
    { content: 'x' },
    { content: 1, text: 'x' },
    { content: 'x', text: null },
  ])
    assert.not.ok(isDraft(bad), JSON.stringify(bad));
});

test('isNote: what the API parser accepts', () => {
  assert.ok(isNote(note));
  assert.not.ok(isNote({ ...note, version: '3' }));
  assert.not.ok(isNote({ ...note, noteId: undefined }));
  assert.not.ok(isNote(null));
});

test('isOutboxItem keeps each well-formed kind', () => {
  assert.ok(isOutboxItem(addItem('a')));
  assert.ok(isOutboxItem(updateItem('u', note, 'new')));
  assert.ok(isOutboxItem(deleteItem('d', 'n1', 3, 123)));
  assert.ok(
    isOutboxItem({ ...updateItem('u', note, 'x'), noteId: 'local-a', version: 0 }),
    'an edit of a note not saved yet',
  );
});

const MALFORMED: [string, unknown][] = [
  ['null', null],
  ['no id', { ...addItem('a'), id: undefined }],
  ['empty id', addItem('')],
  ['unknown kind', { ...addItem('a'), kind: 'move' }],
  ['add without tempId', { ...addItem('a'), tempId: 7 }],
  ['add with a broken note', { ...addItem('a'), note: { ...addItem('a'), refId: undefined } }],
  ['add with no note', { id: 'a', kind: 'add', tempId: 'local-a' }],
  ['update with a fractional version', { ...updateItem('u', note, 'x'), version: 1.5 }],
  ['update with bad changes', { ...updateItem('u', note, 'x'), changes: { text: 'x' } }],
  ['update with a broken base', { ...updateItem('u', note, 'x'), base: { noteId: 'n1' } }],
  ['update without noteId', { ...updateItem('u', note, 'x'), noteId: null }],
  ['delete with after as a string', { ...deleteItem('d', 'n1', 3), after: '5' }],
  ['delete without version', { ...deleteItem('d', 'n1', 3), version: undefined }],
];
for (const [what, value] of MALFORMED)
  test(`isOutboxItem drops: ${what}`, () => {
    assert.not.ok(isOutboxItem(value));
  });

test('parseJournal: nothing, garbage or a non-object is an empty journal', () => {
  for (const raw of [null, '', '{', 'not json', '42', 'null', '"text"', 'true'])
    assert.equal(parseJournal(raw), EMPTY, String(raw));
});

test('parseJournal: a well-formed journal reads back as written', () => {
  const state: JournalState = {
    drafts: { 'new:r1': draft, 'edit:n1': { content: '', text: '' } },
    outbox: [addItem('a'), updateItem('u', note, 'x'), deleteItem('d', 'n2', 1, 99)],
    conflicts: { n1: conflict, n9: { ...conflict, current: null } },
  };
  assert.equal(parseJournal(JSON.stringify(state)), state);
});

test('parseJournal keeps good entries and drops malformed ones one by one', () => {
  const raw = JSON.stringify({
    drafts: { good: draft, noText: { content: 'x' }, str: 'x', nul: null },
    outbox: [
      addItem('a'),
      { id: 'b', kind: 'add' },
      'x',
      deleteItem('d', 'n2', 1),
      null,
      updateItem('u', note, 'x'),
    ],
    conflicts: {
      n1: conflict,
      badMine: { ...conflict, mine: 'x' },
      badBase: { ...conflict, base: {} },
      badCurrent: { ...conflict, current: { noteId: 'n1' } },
      missingCurrent: { mine: draft, base: note },
      nul: null,
    },
  });
  const parsed = parseJournal(raw);
  assert.equal(parsed.drafts, { good: draft });
  assert.equal(
    parsed.outbox.map((i) => i.id),
    ['a', 'd', 'u'],
    'order kept',
  );
  assert.equal(parsed.conflicts, { n1: conflict });
});

test('parseJournal: a part of the wrong type reads as empty, the other parts are kept', () => {
  assert.equal(parseJournal(JSON.stringify({ drafts: 'x', outbox: {}, conflicts: [1] })), EMPTY);
  assert.equal(parseJournal(JSON.stringify({ outbox: [addItem('a')] })), {
    ...EMPTY,
    outbox: [addItem('a')],
  });
  assert.equal(parseJournal(JSON.stringify({ drafts: { k: draft }, outbox: null })), {
    ...EMPTY,
    drafts: { k: draft },
  });
});

test('drafts, edits and conflicts keep valid tags (normalised); tags that break the rules are left out, the text kept', () => {
  const ok = { content: '<p>x</p>', text: 'x', tags: [' exam  prep ', 'Tips'] };
  const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`);
  const raw = JSON.stringify({
    drafts: {
      ok,
      dup: { ...ok, tags: ['a', 'A'] },
      many: { ...ok, tags: eleven },
      notStrings: { ...ok, tags: [1, 2] },
      notArray: { ...ok, tags: 'exam' },
    },
    outbox: [
      { ...updateItem('u', note, 'x'), changes: { ...ok, tags: ['', 'x'] } },
      updateItem('v', note, 'y'),
    ],
    conflicts: { n1: { ...conflict, mine: { ...ok, tags: eleven } } },
  });
  const state = parseJournal(raw);
  assert.equal(state.drafts.ok, { content: '<p>x</p>', text: 'x', tags: ['exam prep', 'Tips'] });
  for (const key of ['dup', 'many', 'notStrings', 'notArray'])
    assert.equal(state.drafts[key], { content: '<p>x</p>', text: 'x' }, key);
  const [edit, plain] = state.outbox;
  assert.equal(edit?.kind === 'update' && edit.changes, { content: '<p>x</p>', text: 'x' });
  assert.equal(
    plain?.kind === 'update' && plain.changes,
    { content: '<p>y</p>', text: 'y' },
    'no tags: none added',
  );
  assert.equal(state.conflicts.n1?.mine, { content: '<p>x</p>', text: 'x' });
  assert.equal(readDraft({ content: 'c', text: 't', tags: ['ok'] }), {
    content: 'c',
    text: 't',
    tags: ['ok'],
  });
  assert.is(readDraft({ content: 'c' }), null);
  assert.equal(readOutboxItem(deleteItem('d', 'n1', 3, 5)), deleteItem('d', 'n1', 3, 5));
  assert.is(readOutboxItem({ id: 'x', kind: 'nope' }), null);
});

test('"Review this note" in a draft or a queued edit: kept when a boolean, else left out (the note\'s stands)', () => {
  assert.equal(readDraft({ content: 'c', text: 't', inReview: true }), {
    content: 'c',
    text: 't',
    inReview: true,
  });
  assert.equal(readDraft({ content: 'c', text: 't', inReview: false }), {
    content: 'c',
    text: 't',
    inReview: false,
  });
  assert.equal(readDraft({ content: 'c', text: 't', inReview: 'yes' }), { content: 'c', text: 't' });
});

test.run();
