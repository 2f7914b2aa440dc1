import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../src/api/api-error.ts';
import type { NotesApi } from '../../src/api/notes-api.ts';
import type { Problem } from '../../src/notes/describe-error.ts';
import { createNoteCache } from '../../src/notes/note-cache.ts';
import { CONFLICT_MESSAGE, createWrites } from '../../src/notes/note-writes.ts';
import type { Note } from '../../src/protocol/api-types.ts';
import { createDeferred, flushPromises } from '../fakes/deferred.ts';
import { draftOf, fakeNote } from '../fakes/fake-note.ts';
import { createFakeNotesApi } from '../fakes/fake-notes-api.ts';

const NOW = Date.parse('2026-03-04T05:06:07.000Z');
const PROBLEM: Problem = { kind: 'offline', retry: true, message: 'described' };

const stored = fakeNote({ noteId: 'n1', version: 1, text: 'before', content: '<p>before</p>' });
const draft = draftOf(fakeNote({ text: 'new note', content: '<p>new note</p>' }));

function setup(script: Partial<NotesApi> = {}) {
  const fake = createFakeNotesApi(script);
  const cache = createNoteCache();
  const announced: string[] = [];
  const counts: [string, 1 | -1][] = [];
  const described: unknown[] = [];
  const writes = createWrites({
    api: fake.api,
    cache,
    describe: (e) => {
      described.push(e);
      return PROBLEM;
    },
    announce: (key) => announced.push(key),
    onCountChange: (note, delta) => counts.push([note.noteId, delta]),
    now: () => NOW,
  });
  return { fake, cache, writes, announced, counts, described };
}

const visibleIds = (s: ReturnType<typeof setup>) => s.cache.visible.value.map((n) => n.noteId).sort();

test('add: the note shows at once, marked as saving, and is counted', async () => {
  const answer = createDeferred<Note>();
  const s = setup({ addNote: () => answer.promise });
  const done = s.writes.add(draft);
  const [temp] = s.cache.visible.value;
  assert.ok(temp, 'an optimistic copy is in the cache');
  assert.is(temp?.text, 'new note');
  assert.is(temp?.createdOn, new Date(NOW).toISOString());
  assert.is(temp?.updatedOn, new Date(NOW).toISOString());
  assert.ok(s.cache.saving.value.has(temp?.noteId ?? ''));
  assert.equal(s.counts, [[temp?.noteId, 1]]);
  assert.equal(s.fake.callsTo('addNote'), [[draft]], 'the draft is sent as given');
  assert.equal(s.announced, []);
  answer.resolve(fakeNote({ ...draft, noteId: 'srv-1', version: 1 }));
  await done;
});

test('add: the server note replaces the temporary one; "Note saved"', async () => {
  const saved = fakeNote({ ...draft, noteId: 'srv-1', version: 1 });
  const s = setup({ addNote: () => Promise.resolve(saved) });
  const result = await s.writes.add(draft);
  assert.equal(result, { ok: true, note: saved });
  assert.equal(visibleIds(s), ['srv-1']);
  assert.is(s.cache.get('srv-1'), saved);
  assert.is(s.cache.saving.value.size, 0);
  assert.equal(s.announced, ['Note saved']);
  assert.is(s.counts.length, 1, 'counted once, not again for the server copy');
});

test('add: two adds get two distinct temporary ids', async () => {
  const a = createDeferred<Note>();
  const b = createDeferred<Note>();
  const answers = [a, b];
  const s = setup({ addNote: () => answers.shift()!.promise });
  const first = s.writes.add(draft);
  const second = s.writes.add({ ...draft, text: 'second' });
  assert.is(s.cache.visible.value.length, 2);
  b.resolve(fakeNote({ noteId: 'srv-2', text: 'second' }));
  a.resolve(fakeNote({ noteId: 'srv-1' }));
  await Promise.all([first, second]);
  assert.equal(visibleIds(s), ['srv-1', 'srv-2']);
});

test('add failing: the note is gone, the count back, "Could not save", the problem returned', async () => {
  const error = new ApiError('network', 'Network error');
  const s = setup({ addNote: () => Promise.reject(error) });
  const result = await s.writes.add(draft);
  assert.equal(result, { ok: false, problem: PROBLEM });
  assert.equal(s.cache.visible.value, []);
  assert.is(s.cache.saving.value.size, 0);
  assert.is(s.counts.length, 2);
  assert.equal(
    s.counts.map(([, d]) => d),
    [1, -1],
  );
  assert.is(s.counts[0]?.[0], s.counts[1]?.[0], 'the same note counted back');
  assert.equal(s.announced, ['Could not save']);
  assert.equal(s.described, [error]);
});

test('update: the edit shows at once, marked saving, then the server copy; "Note saved"', async () => {
  const answer = createDeferred<Note>();
  const s = setup({ updateNote: () => answer.promise });
  s.cache.put(stored);
  const done = s.writes.update(stored, { content: '<p>after</p>', text: 'after' });
  assert.is(s.cache.get('n1')?.text, 'after');
  assert.is(s.cache.get('n1')?.content, '<p>after</p>');
  assert.is(s.cache.get('n1')?.updatedOn, new Date(NOW).toISOString());
  assert.ok(s.cache.saving.value.has('n1'));
  assert.equal(s.fake.callsTo('updateNote'), [
    [{ noteId: 'n1', version: 1, content: '<p>after</p>', text: 'after' }],
  ]);
  const saved = { ...stored, text: 'after', content: '<p>after</p>', version: 2 };
  answer.resolve(saved);
  assert.equal(await done, { ok: true, note: saved });
  assert.is(s.cache.get('n1'), saved);
  assert.not.ok(s.cache.saving.value.has('n1'));
  assert.equal(s.announced, ['Note saved']);
  assert.equal(s.counts, [], 'an edit changes no count');
});

test('update: a load landing meanwhile does not undo the learner’s edit', async () => {
  const answer = createDeferred<Note>();
  const s = setup({ updateNote: () => answer.promise });
  s.cache.put(stored);
  const done = s.writes.update(stored, { content: '<p>after</p>', text: 'after' });
  s.cache.merge([{ ...stored, version: 1, text: 'slow page' }]);
  assert.is(s.cache.get('n1')?.text, 'after');
  answer.resolve({ ...stored, text: 'after', version: 2 });
  await done;
});

test('update failing: the previous note is back, "Could not save", the problem returned', async () => {
  const error = new ApiError('http', 'x', 500);
  const s = setup({ updateNote: () => Promise.reject(error) });
  s.cache.put(stored);
  const result = await s.writes.update(stored, { content: '<p>after</p>', text: 'after' });
  assert.equal(result, { ok: false, problem: PROBLEM });
  assert.is(s.cache.get('n1'), stored);
  assert.not.ok(s.cache.saving.value.has('n1'));
  assert.equal(s.announced, ['Could not save']);
  assert.equal(s.described, [error]);
});

test('update failing restores the cached copy, which may be newer than the note edited', async () => {
  const s = setup({ updateNote: () => Promise.reject(new ApiError('timeout', 'Timeout has occurred')) });
  const cached = { ...stored, text: 'cached copy' };
  s.cache.put(cached);
  await s.writes.update(stored, { content: '<p>x</p>', text: 'x' });
  assert.is(s.cache.get('n1'), cached);
});

test('update 409: the server’s version goes into the lists and back to the editor', async () => {
  const current = { ...stored, version: 3, text: 'theirs' };
  const error = new ApiError('http', 'version is stale', 409, { error: 'version is stale', current });
  const s = setup({ updateNote: () => Promise.reject(error) });
  s.cache.put(stored);
  const result = await s.writes.update(stored, { content: '<p>mine</p>', text: 'mine' });
  assert.equal(result, {
    ok: false,
    current,
    problem: { kind: 'other', retry: false, message: CONFLICT_MESSAGE },
  });
  assert.is(s.cache.get('n1'), current);
  assert.not.ok(s.cache.saving.value.has('n1'));
  assert.equal(s.announced, ['Could not save']);
});

test('update 409 without the current note falls back to the described problem and the old copy', async () => {
  const s = setup({ updateNote: () => Promise.reject(new ApiError('http', 'x', 409, { error: 'x' })) });
  s.cache.put(stored);
  const result = await s.writes.update(stored, { content: '<p>mine</p>', text: 'mine' });
  assert.equal(result, { ok: false, problem: PROBLEM });
  assert.is(s.cache.get('n1'), stored);
});

test('the conflict message tells the learner their text is kept', () => {
  assert.match(CONFLICT_MESSAGE, /changed elsewhere/);
  assert.match(CONFLICT_MESSAGE, /still here/);
});

test('update of a note not in the cache still works from the note given', async () => {
  const s = setup({ updateNote: (u) => Promise.resolve({ ...stored, ...u, version: 2 }) });
  const result = await s.writes.update(stored, { content: '<p>y</p>', text: 'y' });
  assert.ok(result.ok);
  assert.is(s.cache.get('n1')?.text, 'y');
  await flushPromises();
});

test.run();
