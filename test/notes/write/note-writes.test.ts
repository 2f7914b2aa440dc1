import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROBLEM_MESSAGES } from '../../../src/notes/read/describe-error.ts';
import { journalKey } from '../../../src/notes/read/journal-key.ts';
import { parseJournal } from '../../../src/notes/write/journal.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { createDeferred, flushPromises } from '../../fakes/deferred.ts';
import { draftOf, fakeNote } from '../../fakes/fake-note.ts';
import type { NotesApi } from '../../fakes/fake-notes-api.ts';
import { storageError } from '../../fakes/memory-storage.ts';
import { answers, createWriteSide, httpError, L1, NOW, offline } from '../../fakes/write-side.ts';

const AT = new Date(NOW).toISOString();
// An add's text goes back to its draft with its tags (fakeNote's ['a']).
const typed = { content: '<p>new note</p>', text: 'new note', tags: ['a'] };
const draft = draftOf(fakeNote({ refId: 'r1', ...typed }));
const stored = fakeNote({ noteId: 'n1', version: 3, content: '<p>before</p>', text: 'before' });
const mine = { content: '<p>mine</p>', text: 'mine' };
const theirs = { ...stored, content: '<p>theirs</p>', text: 'theirs', version: 4 };

function setup(script: Partial<NotesApi> = {}) {
  const s = createWriteSide({ script });
  /** Journal values written since `from` (an index into the storage log). */
  const writtenSince = (from: number) => s.storage.log.slice(from).map((w) => parseJournal(w.value));
  return { ...s, writtenSince };
}

/** A side with a conflict on n1 (mine vs theirs) recorded by a real 409. */
async function withConflict(script: Partial<NotesApi> = {}, current: Note | null = theirs) {
  const s = setup({
    updateNote: answers<Note>(httpError(current ? 409 : 404, current ?? undefined)),
    ...script,
  });
  s.cache.put(stored);
  await s.writes.update(stored, mine, 'edit:n1');
  assert.ok(s.journal.state.value.conflicts.n1, 'a conflict to resolve');
  return s;
}

test('add: a temporary note shows at once, marked saving and counted; the draft moves into the outbox in one write', async () => {
  const answer = createDeferred<Note>();
  const s = setup({ addNote: answers<Note>(answer) });
  s.drafts.set('new:r1', typed);
  const from = s.storage.log.length;
  const done = s.writes.add(draft, 'new:r1');
  const temp = s.cache.get('local-id-1');
  assert.equal(temp, { ...draft, noteId: 'local-id-1', createdOn: AT, updatedOn: AT, version: 0 });
  assert.ok(s.cache.saving.value.has('local-id-1'));
  assert.equal(s.counts, [['local-id-1', 1]]);
  assert.equal(s.writtenSince(from), [
    { drafts: {}, outbox: [{ id: 'id-1', kind: 'add', tempId: 'local-id-1', note: draft }], conflicts: {} },
  ]);
  assert.is(s.drafts.get('new:r1'), undefined, 'the next Add note starts empty');
  await flushPromises();
  assert.equal(s.fake.callsTo('addNote'), [[draft, { idempotencyKey: 'id-1', keepalive: false }]]);
  answer.resolve(fakeNote({ ...draft, noteId: 'srv-1', version: 1 }));
  await done;
});

test('add saved: the server note replaces the temporary one; "Note saved"; the journal empties', async () => {
  const saved = fakeNote({ ...draft, noteId: 'srv-1', version: 1 });
  const s = setup({ addNote: answers<Note>(saved) });
  const result = await s.writes.add(draft, 'new:r1');
  assert.equal(result, { ok: true, note: saved });
  assert.equal(s.visible(), ['srv-1']);
  assert.is(s.cache.saving.value.size, 0);
  assert.equal(s.announced, ['Note saved']);
  assert.is(s.counts.length, 1, 'counted once, not again for the server copy');
  assert.not.ok(s.storage.items.has(journalKey(L1)));
});

test('add queued (the link failed): ok with queued, the note still shown and saving, kept in the outbox', async () => {
  const s = setup({ addNote: answers<Note>(offline()) });
  const result = await s.writes.add(draft, 'new:r1');
  assert.ok(result.ok);
  if (result.ok) {
    assert.ok(result.queued);
    assert.is(result.note.noteId, 'local-id-1');
  }
  assert.equal(s.visible(), ['local-id-1']);
  assert.ok(s.cache.saving.value.has('local-id-1'));
  assert.equal(
    s.stored().outbox.map((i) => i.id),
    ['id-1'],
  );
  assert.equal(s.stored().drafts, {});
  assert.equal(s.announced, ['Not saved yet — retrying']);
});

test('add 401: not ok (session); the text is back in the draft, the temporary note gone, the outbox empty', async () => {
  const s = setup({ addNote: answers<Note>(httpError(401)) });
  const result = await s.writes.add(draft, 'new:r1');
  assert.equal(result, {
    ok: false,
    problem: { kind: 'session', retry: false, message: PROBLEM_MESSAGES.session },
  });
  assert.equal(s.stored(), { drafts: { 'new:r1': typed }, outbox: [], conflicts: {} });
  assert.equal(s.visible(), []);
  assert.equal(s.counts, [
    ['local-id-1', 1],
    ['local-id-1', -1],
  ]);
  assert.is(s.forbidden(), 0);
});

test('add 403: not ok (forbidden), onForbidden called, the text back in the draft', async () => {
  const s = setup({ addNote: answers<Note>(httpError(403)) });
  const result = await s.writes.add(draft, 'new:r1');
  assert.equal(result, {
    ok: false,
    problem: { kind: 'forbidden', retry: false, message: PROBLEM_MESSAGES.forbidden },
  });
  assert.ok(s.forbidden() >= 1);
  assert.equal(s.stored().drafts, { 'new:r1': typed });
  assert.equal(s.stored().outbox, []);
  assert.equal(s.visible(), []);
});

// Bug: note-writes calls onForbidden for a foreground 403 and the outbox's onPaused (wired in
// note-actions) calls it again for the same answer: two navigations to /error.
test('add 403: onForbidden is called once', async () => {
  const s = setup({ addNote: answers<Note>(httpError(403)) });
  await s.writes.add(draft, 'new:r1');
  assert.is(s.forbidden(), 1);
});

test('add refused (400): not ok; the text back in the draft; the temporary note gone, uncounted', async () => {
  const s = setup({ addNote: answers<Note>(httpError(400)) });
  const result = await s.writes.add(draft, 'new:r1');
  assert.equal(result, {
    ok: false,
    problem: { kind: 'other', retry: true, message: PROBLEM_MESSAGES.other },
  });
  assert.equal(s.stored(), { drafts: { 'new:r1': typed }, outbox: [], conflicts: {} });
  assert.equal(s.visible(), []);
  assert.equal(s.counts.at(-1), ['local-id-1', -1]);
  assert.equal(s.announced, ['Could not save']);
});

test('two adds get their own ids, temporary ids and keys', async () => {
  const s = setup({ addNote: answers<Note>(offline(), offline()) });
  await s.writes.add(draft, 'new:r1');
  await s.writes.add({ ...draft, text: 'two' }, 'new:r1');
  assert.equal(s.visible(), ['local-id-1', 'local-id-2']);
  assert.equal(
    s.stored().outbox.map((i) => i.id),
    ['id-1', 'id-2'],
  );
});

test('storage full: the add still goes out and succeeds; durable turns false', async () => {
  const s = setup({ addNote: answers<Note>(fakeNote({ ...draft, noteId: 'srv-1' })) });
  s.storage.failSet = storageError('QuotaExceededError');
  const result = await s.writes.add(draft, 'new:r1');
  assert.ok(result.ok);
  assert.equal(s.visible(), ['srv-1']);
});

test('update: the change shows at once, marked saving; sent with the version seen; then the server’s', async () => {
  const answer = createDeferred<Note>();
  const s = setup({ updateNote: answers<Note>(answer) });
  s.cache.put(stored);
  s.drafts.set('edit:n1', mine);
  const from = s.storage.log.length;
  const done = s.writes.update(stored, mine, 'edit:n1');
  assert.equal(s.cache.get('n1'), { ...stored, ...mine, updatedOn: AT });
  assert.ok(s.cache.saving.value.has('n1'));
  const [written] = s.writtenSince(from);
  assert.equal(written?.drafts, {}, 'the draft left…');
  assert.equal(
    written?.outbox,
    [{ id: 'id-1', kind: 'update', noteId: 'n1', version: 3, changes: mine, base: stored }],
    '…in the same write',
  );
  await flushPromises();
  assert.equal(s.fake.callsTo('updateNote'), [[{ noteId: 'n1', version: 3, ...mine }, { keepalive: false }]]);
  const after = { ...stored, ...mine, version: 4 };
  answer.resolve(after);
  assert.equal(await done, { ok: true, note: after });
  assert.is(s.cache.get('n1'), after);
  assert.not.ok(s.cache.saving.value.has('n1'));
  assert.equal(s.announced, ['Note saved']);
});

test('update queued: ok with queued; the changed note stays shown', async () => {
  const s = setup({ updateNote: answers<Note>(offline()) });
  s.cache.put(stored);
  const result = await s.writes.update(stored, mine, 'edit:n1');
  assert.ok(result.ok && result.queued);
  assert.is(s.cache.get('n1')?.text, 'mine');
  assert.ok(s.cache.saving.value.has('n1'));
});

test('update 401: the note as it was shows again; the text is back in its draft; the outbox empty', async () => {
  const s = setup({ updateNote: answers<Note>(httpError(401)) });
  s.cache.put(stored);
  const result = await s.writes.update(stored, mine, 'edit:n1');
  assert.not.ok(result.ok);
  if (!result.ok) assert.is(result.problem.kind, 'session');
  assert.is(s.cache.get('n1'), stored);
  assert.not.ok(s.cache.saving.value.has('n1'));
  assert.equal(s.stored(), { drafts: { 'edit:n1': mine }, outbox: [], conflicts: {} });
});

test('update 403: onForbidden; the text is back in its draft', async () => {
  const s = setup({ updateNote: answers<Note>(httpError(403)) });
  s.cache.put(stored);
  const result = await s.writes.update(stored, mine, 'edit:n1');
  assert.not.ok(result.ok);
  assert.ok(s.forbidden() >= 1);
  assert.equal(s.stored().drafts, { 'edit:n1': mine });
});

test('update in conflict: ok (the text is safe in the conflict), both versions recorded', async () => {
  const s = setup({ updateNote: answers<Note>(httpError(409, theirs)) });
  s.cache.put(stored);
  const result = await s.writes.update(stored, mine, 'edit:n1');
  assert.equal(result, { ok: true, note: theirs });
  assert.equal(s.stored(), {
    drafts: {},
    outbox: [],
    conflicts: { n1: { mine, base: stored, current: theirs } },
  });
  assert.is(s.cache.get('n1'), theirs);
  assert.equal(s.announced, ['This note was changed elsewhere']);
});

test('an edit of a note whose add is still queued goes to the server’s id once the add is stored', async () => {
  const added = createDeferred<Note>();
  const s = setup({
    addNote: answers<Note>(added),
    updateNote: answers<Note>(fakeNote({ ...draft, ...mine, noteId: 'srv-1', version: 2 })),
  });
  void s.writes.add(draft, 'new:r1');
  const temp = s.cache.get('local-id-1') as Note;
  const edit = s.writes.update(temp, mine, 'edit:local-id-1');
  added.resolve(fakeNote({ ...draft, noteId: 'srv-1', version: 1 }));
  assert.ok((await edit).ok);
  await flushPromises(); // the edit was answered at once (behind the add); it is sent in turn
  assert.equal(s.fake.callsTo('updateNote')[0]?.[0], { noteId: 'srv-1', version: 1, ...mine });
  assert.equal(s.visible(), ['srv-1']);
  assert.is(s.cache.get('srv-1')?.text, 'mine');
});

test('resolve("mine"): the learner’s text is saved over the server’s version', async () => {
  const s = await withConflict({
    updateNote: answers<Note>(httpError(409, theirs), { ...theirs, ...mine, version: 5 }),
  });
  const result = await s.writes.resolve('n1', 'mine');
  assert.ok(result?.ok);
  assert.equal(
    s.fake.callsTo('updateNote')[1]?.[0],
    { noteId: 'n1', version: 4, ...mine },
    'against the current version',
  );
  assert.equal(s.stored(), { drafts: {}, outbox: [], conflicts: {} });
  assert.is(s.cache.get('n1')?.version, 5);
});

test('resolve("theirs"): nothing is sent; the conflict is gone', async () => {
  const s = await withConflict();
  const result = await s.writes.resolve('n1', 'theirs');
  assert.equal(result, { ok: true, note: theirs });
  assert.is(s.fake.calls.length, 1, 'only the first update');
  assert.not.ok(s.storage.items.has(journalKey(L1)));
  assert.is(s.cache.get('n1'), theirs);
});

test('resolve("both"): the learner’s text is added as a new note on the same resource and anchor', async () => {
  const s = await withConflict({ addNote: answers<Note>(fakeNote({ noteId: 'srv-2', ...mine })) });
  const result = await s.writes.resolve('n1', 'both');
  assert.ok(result?.ok);
  const [[sent]] = s.fake.callsTo('addNote') as [[Note]];
  assert.equal(sent, { ...draftOf(stored), ...mine });
  assert.equal(s.visible(), ['n1', 'srv-2']);
  assert.is(s.cache.get('n1'), theirs, 'the server’s version stays');
  assert.equal(s.stored(), { drafts: {}, outbox: [], conflicts: {} });
});

test('resolve("mine") after the note was deleted elsewhere: added again as a new note', async () => {
  const s = await withConflict({ addNote: answers<Note>(fakeNote({ noteId: 'srv-2', ...mine })) }, null);
  const result = await s.writes.resolve('n1', 'mine');
  assert.ok(result?.ok);
  assert.equal(s.fake.callsTo('addNote')[0]?.[0], { ...draftOf(stored), ...mine });
  assert.is(s.fake.callsTo('updateNote').length, 1);
  assert.equal(s.stored().conflicts, {});
});

test('resolve("theirs") after the note was deleted elsewhere: the conflict is dropped', async () => {
  const s = await withConflict({}, null);
  const result = await s.writes.resolve('n1', 'theirs');
  assert.equal(result, { ok: true, note: stored });
  assert.equal(s.stored().conflicts, {});
});

test('resolve of a note without a conflict: null', () => {
  const s = setup();
  assert.is(s.writes.resolve('nope', 'mine'), null);
});

test('resolve("both") meeting a 401: the learner’s text is not lost (it is back in a draft)', async () => {
  const s = await withConflict({ addNote: answers<Note>(httpError(401)) });
  const result = await s.writes.resolve('n1', 'both');
  assert.not.ok(result?.ok);
  const texts = Object.values(s.stored().drafts).map((d) => d.text);
  assert.ok(texts.includes('mine'), JSON.stringify(s.stored()));
  assert.equal(s.stored().outbox, []);
});

test.run();
