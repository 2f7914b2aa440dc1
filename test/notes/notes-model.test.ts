import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../src/api/api-error.ts';
import { createNotesModel, PAGE_SIZE } from '../../src/notes/notes-model.ts';
import { PROBLEM_MESSAGES } from '../../src/notes/read/describe-error.ts';
import { journalKey } from '../../src/notes/read/journal-key.ts';
import { KEPT_KEY } from '../../src/notes/read/kept-read.ts';
import { parseJournal } from '../../src/notes/write/journal.ts';
import { UNDO_MS } from '../../src/notes/write/pending-deletes.ts';
import { createKeyValueStore } from '../../src/platform/key-value-store.ts';
import type { CourseSummary, Note, NoteCollection, NotesPage } from '../../src/protocol/api-types.ts';
import type { PlayerData } from '../../src/protocol/messages.ts';
import type { AppPath } from '../../src/routes/route-table.ts';
import { createDeferred, flushPromises } from '../fakes/deferred.ts';
import { createFakeClock } from '../fakes/fake-clock.ts';
import { draftOf, fakeNote } from '../fakes/fake-note.ts';
import { createFakeNotesApi, type NotesApi } from '../fakes/fake-notes-api.ts';
import {
  createMemoryStorage,
  type MemoryStorage,
  refusedStorage,
  storageError,
} from '../fakes/memory-storage.ts';

const L1 = 'Infosys\u0000Infosys Ltd\u0000w-1';
const L2 = 'Infosys\u0000Infosys Ltd\u0000w-2';
const NOW = Date.parse('2026-05-06T07:08:09.000Z');
const PLAYER: PlayerData = { resourceId: 'res-1', courseId: 'c1', currentTime: 30 };
const COURSES: CourseSummary[] = [
  { courseId: 'c1', courseTitle: 'Course 1', noteCount: 2, updatedOn: '2024-01-01T00:00:00Z' },
];

/** Note `i`: n00 is the newest, each next one a minute older. */
const mk = (i: number, over: Partial<Note> = {}): Note =>
  fakeNote({
    noteId: `n${String(i).padStart(2, '0')}`,
    createdOn: new Date(Date.UTC(2024, 0, 1) - i * 60_000).toISOString(),
    updatedOn: new Date(Date.UTC(2024, 0, 1) - i * 60_000).toISOString(),
    ...over,
  });
const ids = (notes: readonly Note[]) => notes.map((n) => n.noteId);
const pageOf = (notes: Note[], nextCursor: string | null = null, total = notes.length): NotesPage => ({
  notes,
  total,
  nextCursor,
});

const COLLECTION: NoteCollection = {
  courseId: 'c1',
  courseTitle: 'Course One (from the collection)',
  modules: [
    {
      moduleId: 'm1',
      moduleTitle: 'M1',
      resources: [
        { refId: 'r1', refTitle: 'R1', notes: [mk(3, { courseId: 'c1' }), mk(1, { courseId: 'c1' })] },
        { refId: 'r2', refTitle: 'R2', notes: [mk(2, { courseId: 'c1' })] },
      ],
    },
    {
      moduleId: 'm2',
      moduleTitle: 'M2',
      resources: [{ refId: 'r3', refTitle: 'R3', notes: [mk(0, { courseId: 'c1' })] }],
    },
  ],
};

/** Waits (real time, bounded) until `ready()` holds: the write side is a dynamic import. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !ready(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(ready(), `timed out waiting for ${what}`);
}

function build(
  script: Partial<NotesApi> = {},
  storage: MemoryStorage = createMemoryStorage(),
  refused = false,
) {
  const fake = createFakeNotesApi(script);
  // Refused: reading localStorage throws, as in a frame the browser refuses storage.
  const store = createKeyValueStore(refused ? refusedStorage : () => storage);
  const t = createFakeClock(NOW);
  const announced: string[] = [];
  let forbidden = 0;
  let learner = L1;
  let seq = 0;
  const model = createNotesModel({
    api: fake.api,
    http: fake.http,
    store,
    learner: () => learner,
    onForbidden: () => {
      forbidden += 1;
    },
    announce: (key) => announced.push(key),
    now: t.now,
    random: () => 0,
    newId: () => `id-${++seq}`,
    setTimeout: t.setTimeout,
    clearTimeout: t.clearTimeout,
  });
  return {
    model,
    fake,
    t,
    storage,
    store,
    announced,
    forbidden: () => forbidden,
    setLearner: (who: string) => {
      learner = who;
    },
    /** The API calls made, by method name. */
    methods: () => fake.calls.map((c) => c.method),
  };
}

test('a resource’s list (searchNotes with its refId) asks for the resource’s notes, newest first, a page at a time', async () => {
  const onRes = { refId: 'res-1' };
  const b = build({ fetchNotes: () => Promise.resolve(pageOf([mk(1, onRes), mk(0, onRes)], 'k1', 9)) });
  const list = b.model.searchNotes({ refId: 'res-1' }, 'newest');
  list.ensure();
  await flushPromises();
  assert.equal(b.fake.callsTo('fetchNotes')[0]?.[0], { refId: 'res-1', order: 'newest', limit: PAGE_SIZE });
  assert.ok(b.fake.optionsTo('fetchNotes')[0]?.signal instanceof AbortSignal);
  assert.equal(ids(list.notes.value), ['n00', 'n01']);
  assert.is(list.record.value.total, 9);
  assert.ok(list.hasMore.value);
  list.loadMore();
  await flushPromises();
  assert.equal(b.fake.callsTo('fetchNotes')[1]?.[0], {
    refId: 'res-1',
    order: 'newest',
    limit: PAGE_SIZE,
    cursor: 'k1',
  });
  assert.ok(PAGE_SIZE >= 1 && PAGE_SIZE <= 100, 'within the API limit');
});

test('the recent list (firstNotes) asks GET /notes/recent and shows at most 20', async () => {
  const many = Array.from({ length: 25 }, (_, i) => mk(i));
  const b = build({ recentNotes: () => Promise.resolve(many) });
  const list = b.model.firstNotes.recent();
  list.ensure();
  await flushPromises();
  assert.is(b.fake.callsTo('recentNotes').length, 1);
  assert.ok(b.fake.optionsTo('recentNotes')[0]?.signal instanceof AbortSignal);
  assert.equal(ids(list.notes.value), ids(many.slice(0, 20)));
  assert.not.ok(list.hasMore.value, 'the recent list has no pages');
  assert.equal(b.fake.callsTo('fetchNotes'), []);
});

test('a short recent list means every note is loaded: a search needs no request', async () => {
  const b = build({ recentNotes: () => Promise.resolve([mk(0, { text: 'photo' }), mk(1)]) });
  b.model.firstNotes.recent().ensure();
  await flushPromises();
  const search = b.model.searchNotes({ query: 'photo' }, 'newest');
  assert.equal(ids(search.notes.value), ['n00']);
  assert.not.ok(search.hasMore.value);
});

test('searchNotes sends the filter, order, limit and then the cursor', async () => {
  const b = build({
    fetchNotes: () => Promise.resolve(pageOf([mk(0, { courseId: 'c1', text: 'photo' })], 'k')),
  });
  const list = b.model.searchNotes({ query: 'photo', courseId: 'c1' }, 'oldest');
  list.ensure();
  await flushPromises();
  list.loadMore();
  await flushPromises();
  assert.equal(
    b.fake.callsTo('fetchNotes').map((args) => args[0]),
    [
      { query: 'photo', courseId: 'c1', order: 'oldest', limit: PAGE_SIZE },
      { query: 'photo', courseId: 'c1', order: 'oldest', limit: PAGE_SIZE, cursor: 'k' },
    ],
  );
});

test('a list’s cancel aborts the request’s signal; retry loads the first page again', async () => {
  const answer = createDeferred<NotesPage>();
  const b = build({ fetchNotes: () => answer.promise });
  const list = b.model.searchNotes({ query: 'slow' }, 'newest');
  list.ensure();
  const signal = b.fake.optionsTo('fetchNotes')[0]?.signal;
  list.cancel();
  assert.ok(signal?.aborted);
  assert.is(list.record.value.status, 'idle');
  list.retry();
  assert.equal(
    b.fake.callsTo('fetchNotes').map((args) => args[0]),
    [
      { query: 'slow', order: 'newest', limit: PAGE_SIZE },
      { query: 'slow', order: 'newest', limit: PAGE_SIZE },
    ],
  );
  answer.resolve(pageOf([]));
  await flushPromises();
});

test('courseNotes loads the whole collection, flattened, complete; courseTitle is then known', async () => {
  const b = build({ collection: () => Promise.resolve(COLLECTION) });
  const courses = await b.model.loadCourses();
  const list = courses.notes('c1');
  assert.is(courses.title('c1'), undefined);
  list.ensure();
  await flushPromises();
  assert.equal(
    b.fake.callsTo('collection').map((args) => args.slice(0, 2)),
    [['c1', null]],
  );
  assert.ok(b.fake.optionsTo('collection')[0]?.signal instanceof AbortSignal);
  assert.equal(ids(list.notes.value), ['n00', 'n01', 'n02', 'n03']);
  assert.is(list.record.value.total, 4);
  assert.not.ok(list.hasMore.value);
  assert.is(courses.title('c1'), 'Course One (from the collection)');
  assert.is(courses.title('c2'), undefined);
});

test('a loaded course answers a /view filter on that course without a request', async () => {
  const b = build({ collection: () => Promise.resolve(COLLECTION) });
  const courses = await b.model.loadCourses();
  courses.notes('c1').ensure();
  await flushPromises();
  const filtered = b.model.searchNotes({ courseId: 'c1' }, 'newest');
  assert.equal(ids(filtered.notes.value), ['n00', 'n01', 'n02', 'n03']);
  assert.not.ok(filtered.hasMore.value);
});

test('the course screen loads the whole course even after /view loaded a page of that course', async () => {
  const b = build({
    fetchNotes: () => Promise.resolve(pageOf([mk(0, { courseId: 'c1' })], 'k', 4)),
    collection: () => Promise.resolve(COLLECTION),
  });
  const courses = await b.model.loadCourses();
  b.model.searchNotes({ courseId: 'c1' }, 'newest').ensure();
  await flushPromises();
  const course = courses.notes('c1');
  course.ensure();
  await flushPromises();
  // The course list is a list of its own: /view's page of the course must not stand in for it.
  assert.is(b.fake.callsTo('collection').length, 1, 'the collection is fetched');
  assert.equal(ids(course.notes.value), ['n00', 'n01', 'n02', 'n03']);
  assert.not.ok(course.hasMore.value);
  assert.is(courses.title('c1'), 'Course One (from the collection)');
});

test('courses is the course summary list', async () => {
  const b = build({ listCourses: () => Promise.resolve(COURSES) });
  const courses = await b.model.loadCourses();
  await courses.list.reload();
  assert.equal(courses.list.state.value, { status: 'ready', data: COURSES });
  assert.ok(b.fake.optionsTo('listCourses')[0]?.signal instanceof AbortSignal);
});

const SCREENS: [AppPath, PlayerData | null, (keyof NotesApi)[], unknown][] = [
  ['/', PLAYER, ['fetchNotes'], { refId: 'res-1', order: 'newest', limit: PAGE_SIZE }],
  ['/', null, ['recentNotes'], undefined],
  ['/view', PLAYER, ['fetchNotes'], { order: 'newest', limit: PAGE_SIZE }],
  ['/view', null, ['fetchNotes'], { order: 'newest', limit: PAGE_SIZE }],
  ['/course', PLAYER, ['listCourses'], undefined],
  ['/course/c-1', null, ['collection'], 'c-1'],
  ['/course/a b', null, ['collection'], 'a b'],
  ['/error', PLAYER, [], undefined],
];
for (const [path, player, methods, first] of SCREENS) {
  test(`refresh('${path}', ${player ? 'player' : 'no player'}) preloads that screen’s list only`, async () => {
    const b = build({ collection: () => Promise.resolve(COLLECTION) });
    b.model.refresh(path, player, false);
    await b.model.loadCourses(); // the course side arrives in a chunk of its own
    await flushPromises();
    assert.equal(b.methods(), methods);
    if (first !== undefined) assert.equal(b.fake.calls[0]?.args[0], first);
  });
}

test('refresh bumps the epoch every time', () => {
  const b = build();
  assert.is(b.model.epoch.value, 0);
  b.model.refresh('/', null, false);
  b.model.refresh('/error', null, false);
  b.model.refresh('/view', null, true);
  assert.is(b.model.epoch.value, 3);
});

test('the preloaded list is the one the screen then shows (no second request)', async () => {
  const b = build({ fetchNotes: () => Promise.resolve(pageOf([mk(0, { refId: 'res-1' })])) });
  b.model.refresh('/', PLAYER, false);
  await flushPromises();
  const list = b.model.searchNotes({ refId: 'res-1' }, 'newest');
  list.ensure();
  await flushPromises();
  assert.is(b.fake.callsTo('fetchNotes').length, 1);
  assert.equal(ids(list.notes.value), ['n00']);
});

test('refresh without reset marks every list stale: each reloads when next shown, keeping its notes', async () => {
  const b = build({
    fetchNotes: () => Promise.resolve(pageOf([mk(0)])),
    listCourses: () => Promise.resolve(COURSES),
  });
  const courses = await b.model.loadCourses();
  const all = b.model.searchNotes({}, 'newest');
  all.ensure();
  await courses.list.reload();
  await flushPromises();
  b.model.refresh('/', null, false);
  assert.equal(ids(all.notes.value), ['n00'], 'still shown');
  all.ensure();
  courses.list.ensure();
  await flushPromises();
  assert.is(b.fake.callsTo('fetchNotes').length, 2);
  assert.is(b.fake.callsTo('listCourses').length, 2);
});

test('refresh with reset forgets every note at once; the old learner’s late answer never shows', async () => {
  const late = createDeferred<Note[]>();
  const answers = [Promise.resolve([mk(0, { displayName: 'Learner 1' })]), late.promise];
  const b = build({
    recentNotes: () => answers.shift() ?? Promise.resolve([mk(5, { displayName: 'Learner 2' })]),
  });
  const recent = b.model.firstNotes.recent();
  recent.ensure();
  await flushPromises();
  assert.equal(ids(recent.notes.value), ['n00']);
  recent.retry(); // a reload for learner 1 still on its way…
  b.setLearner(L2);
  b.model.refresh('/', null, true); // …when learner 2 signs in
  assert.equal(recent.notes.value, [], 'nothing of learner 1 shows');
  assert.is(b.model.cache.get('n00'), undefined);
  late.resolve([mk(1, { displayName: 'Learner 1' })]);
  await flushPromises();
  assert.equal(ids(recent.notes.value), ['n05']);
  assert.is(b.model.cache.get('n01'), undefined);
});

test('refresh with reset drops the courses and course titles too', async () => {
  const b = build({
    listCourses: () => Promise.resolve(COURSES),
    collection: () => Promise.resolve(COLLECTION),
  });
  const courses = await b.model.loadCourses();
  await courses.list.reload();
  courses.notes('c1').ensure();
  await flushPromises();
  b.setLearner(L2);
  b.model.refresh('/error', null, true);
  assert.equal(courses.list.state.value, { status: 'idle' });
  assert.is(courses.title('c1'), undefined);
});

test('a 403 calls onForbidden and the list shows the forbidden problem', async () => {
  const b = build({
    fetchNotes: () => Promise.reject(new ApiError('http', 'Forbidden', 403, { error: 'x' })),
  });
  const list = b.model.searchNotes({}, 'newest');
  list.ensure();
  await flushPromises();
  assert.is(b.forbidden(), 1);
  assert.is(list.record.value.status, 'error');
  assert.equal(list.record.value.problem, {
    kind: 'forbidden',
    retry: false,
    message: PROBLEM_MESSAGES.forbidden,
  });
});

test('a 401 shows the session problem and does not go to the error page', async () => {
  const b = build({ listCourses: () => Promise.reject(new ApiError('http', 'x', 401, { error: 'x' })) });
  const courses = await b.model.loadCourses();
  await courses.list.reload();
  assert.is(b.forbidden(), 0);
  const state = courses.list.state.value;
  assert.is(state.status, 'error');
  if (state.status === 'error') assert.is(state.problem.kind, 'session');
});

test('add works through the lazily loaded write side: optimistic, then the server note', async () => {
  const saved = mk(0, { noteId: 'srv-1', refId: 'res-1' });
  const answer = createDeferred<Note>();
  const b = build({
    fetchNotes: () => Promise.resolve(pageOf([mk(1, { refId: 'res-1' })], null, 1)),
    addNote: () => answer.promise,
  });
  const list = b.model.searchNotes({ refId: 'res-1' }, 'newest');
  list.ensure();
  await flushPromises();
  const draft = draftOf(saved);
  const done = b.model.add(draft, 'new:res-1');
  await until(() => b.fake.callsTo('addNote').length === 1, 'the add request');
  assert.is(list.notes.value.length, 2, 'the new note shows before the server answers');
  assert.is(list.record.value.total, 2);
  assert.equal(b.fake.optionsTo('addNote'), [{ idempotencyKey: 'id-1', keepalive: false }]);
  answer.resolve(saved);
  const result = await done;
  assert.ok(result.ok);
  assert.equal(ids(list.notes.value), ['srv-1', 'n01']);
  assert.is(list.record.value.total, 2);
  assert.equal(b.announced, ['Note saved']);
  assert.not.ok(b.storage.items.has(journalKey(L1)), 'nothing left in the journal');
});

test('an add the link failed stays queued: shown, counted and marked unsaved until a retry gets it through', async () => {
  let calls = 0;
  const b = build({
    addNote: () =>
      calls++ === 0
        ? Promise.reject(new ApiError('network', 'Network error'))
        : Promise.resolve(mk(0, { noteId: 'srv-1' })),
  });
  const draft = draftOf(mk(0));
  const result = await b.model.add(draft, 'new:r1');
  assert.ok(result.ok && result.queued);
  assert.equal(ids(b.model.cache.visible.value), ['local-id-1']);
  assert.equal([...b.model.unsaved.value], ['local-id-1']);
  assert.equal(b.announced, ['Not saved yet — retrying']);
  await b.t.advance(60_000);
  assert.equal(ids(b.model.cache.visible.value), ['srv-1']);
  assert.equal([...b.model.unsaved.value], []);
  assert.equal(
    b.fake.optionsTo('addNote').map((o) => o?.idempotencyKey),
    ['id-1', 'id-1'],
  );
});

test('update works through the write side and shows in every list at once', async () => {
  const note = mk(0, { refId: 'res-1', version: 1, text: 'old' });
  const b = build({
    fetchNotes: () => Promise.resolve(pageOf([note])),
    updateNote: (u) => Promise.resolve({ ...note, ...u, version: 2 }),
  });
  const resource = b.model.searchNotes({ refId: 'res-1' }, 'newest');
  const all = b.model.searchNotes({}, 'newest');
  resource.ensure();
  all.ensure();
  await flushPromises();
  const result = await b.model.update(note, { content: '<p>new</p>', text: 'new' }, 'edit:n00');
  assert.ok(result.ok);
  assert.is(resource.notes.value[0]?.text, 'new');
  assert.is(all.notes.value[0]?.text, 'new');
  assert.equal(b.fake.callsTo('updateNote'), [
    [{ noteId: 'n00', version: 1, content: '<p>new</p>', text: 'new' }, { keepalive: false }],
  ]);
});

test('conflicts reflect the journal: a 409 records both versions; resolving clears it', async () => {
  const note = mk(0, { version: 1, text: 'old' });
  const theirs = { ...note, version: 2, content: '<p>theirs</p>', text: 'theirs' };
  const b = build({
    updateNote: () => Promise.reject(new ApiError('http', 'Conflict', 409, { error: 'x', current: theirs })),
  });
  b.model.cache.merge([note]);
  const mine = { content: '<p>mine</p>', text: 'mine' };
  const result = await b.model.update(note, mine, 'edit:n00');
  assert.equal(result, { ok: true, note: theirs });
  assert.equal(b.model.conflicts.value, { n00: { mine, base: note, current: theirs } });
  assert.equal(b.announced, ['This note was changed elsewhere']);
  assert.equal(await b.model.resolve('n00', 'theirs'), { ok: true, note: theirs });
  assert.equal(b.model.conflicts.value, {});
  assert.is(b.fake.callsTo('updateNote').length, 1);
});

test('resolve without a conflict (or the write side unreachable) keeps the text and says so', async () => {
  const b = build();
  const result = await b.model.resolve('nope', 'mine');
  assert.not.ok(result.ok);
});

test('drafts go through the write side: kept per learner in the journal; durable follows storage', async () => {
  const storage = createMemoryStorage();
  const b = build({}, storage);
  const typed = { content: '<p>typing</p>', text: 'typing' };
  assert.is(b.model.drafts.get('new:r1'), undefined, 'nothing before the write side is in');
  b.model.drafts.set('new:r1', typed);
  await b.model.ready();
  await flushPromises();
  assert.equal(b.model.drafts.get('new:r1'), typed);
  assert.equal(parseJournal(storage.items.get(journalKey(L1)) ?? null).drafts, { 'new:r1': typed });
  assert.ok(b.model.drafts.durable.value);
  storage.failSet = storageError('QuotaExceededError');
  b.model.drafts.set('new:r1', { ...typed, text: 'more' });
  await flushPromises();
  b.model.flush();
  assert.not.ok(b.model.drafts.durable.value, 'the editor warns');
  storage.failSet = null;
  b.model.drafts.set('new:r2', typed);
  await flushPromises(); // set goes through the write side's promise
  b.model.flush();
  await flushPromises();
  assert.ok(b.model.drafts.durable.value);
});

test('remove hides the note at once, even before the write side has loaded, then deletes after Undo’s window', async () => {
  const note = mk(0, { version: 4 });
  const b = build({
    fetchNotes: () => Promise.resolve(pageOf([note, mk(1)], null, 2)),
    deleteNote: (id) => Promise.resolve({ noteId: id, deleted: true }),
  });
  const all = b.model.searchNotes({}, 'newest');
  all.ensure();
  await flushPromises();
  b.model.remove(note);
  assert.equal(ids(all.notes.value), ['n01'], 'gone in the same tick');
  await until(() => b.model.pendingDeletes.value.length === 1, 'the pending delete');
  assert.equal(b.announced, ['Note deleted']);
  assert.is(all.record.value.total, 1);
  assert.equal(b.fake.callsTo('deleteNote'), []);
  await b.t.advance(UNDO_MS);
  assert.equal(b.fake.callsTo('deleteNote'), [['n00', 4, { keepalive: false }]]);
  assert.is(b.model.cache.get('n00'), undefined);
});

test('undo restores a deleted note; nothing is sent', async () => {
  const note = mk(0);
  const b = build({ fetchNotes: () => Promise.resolve(pageOf([note], null, 1)) });
  const all = b.model.searchNotes({}, 'newest');
  all.ensure();
  await flushPromises();
  b.model.remove(note);
  await until(() => b.model.pendingDeletes.value.length === 1, 'the pending delete');
  assert.ok(b.model.undo('n00'));
  assert.equal(ids(all.notes.value), ['n00']);
  assert.is(all.record.value.total, 1);
  await b.t.advance(UNDO_MS * 10);
  assert.equal(b.fake.callsTo('deleteNote'), []);
  assert.not.ok(b.model.undo('n00'), 'nothing left to undo');
});

test('flush sends pending deletes with keepalive; before any write it does nothing', async () => {
  const b = build({ deleteNote: (id) => Promise.resolve({ noteId: id, deleted: true }) });
  assert.not.throws(() => b.model.flush());
  b.model.cache.merge([mk(0, { version: 2 })]);
  b.model.remove(mk(0, { version: 2 }));
  await until(() => b.model.pendingDeletes.value.length === 1, 'the pending delete');
  b.model.flush();
  assert.equal(b.fake.callsTo('deleteNote'), [['n00', 2, { keepalive: true }]]);
});

test('at start the learner’s journal is read: queued notes show (saving), deletes hide, then all are sent', async () => {
  const edited = mk(5, { version: 2, text: 'before' });
  const storage = createMemoryStorage({
    [journalKey(L1)]: JSON.stringify({
      drafts: {},
      outbox: [
        { id: 'q-add', kind: 'add', tempId: 'local-q-add', note: draftOf(mk(9, { text: 'typed offline' })) },
        {
          id: 'q-upd',
          kind: 'update',
          noteId: 'n05',
          version: 2,
          changes: { content: '<p>edited</p>', text: 'edited' },
          base: edited,
        },
        { id: 'q-del', kind: 'delete', noteId: 'n01', version: 1, after: NOW - 1 },
      ],
      conflicts: {},
    }),
  });
  const added = createDeferred<Note>();
  const updated = createDeferred<Note>();
  const b = build(
    {
      fetchNotes: () => Promise.resolve(pageOf([mk(1), edited])),
      addNote: () => added.promise,
      updateNote: () => updated.promise,
      deleteNote: (id) => Promise.resolve({ noteId: id, deleted: true }),
    },
    storage,
  );
  const all = b.model.searchNotes({}, 'newest');
  b.model.refresh('/view', null, false);
  await until(() => b.fake.callsTo('addNote').length === 1, 'the queued add to be sent');
  all.ensure();
  await flushPromises();
  const saving = b.model.cache.saving.value;
  assert.ok(ids(all.notes.value).includes('local-q-add'), 'the queued add shows');
  assert.ok(saving.has('local-q-add') && saving.has('n05'), 'marked as saving');
  assert.is(b.model.cache.get('n05')?.text, 'edited', 'the queued edit shows');
  assert.not.ok(ids(all.notes.value).includes('n01'), 'the queued delete hides its note');
  assert.equal(b.fake.optionsTo('addNote'), [{ idempotencyKey: 'q-add', keepalive: false }]);
  assert.equal(b.fake.callsTo('updateNote'), [], 'in order: the edit waits for the add');
  added.resolve(mk(9, { noteId: 'srv-9', text: 'typed offline' }));
  await flushPromises();
  assert.equal(b.fake.callsTo('updateNote')[0]?.[0], {
    noteId: 'n05',
    version: 2,
    content: '<p>edited</p>',
    text: 'edited',
  });
  updated.resolve({ ...edited, text: 'edited', content: '<p>edited</p>', version: 3 });
  await flushPromises();
  assert.equal(b.fake.callsTo('deleteNote'), [['n01', 1, { keepalive: false }]]);
  await flushPromises();
  assert.not.ok(storage.items.has(journalKey(L1)), 'all confirmed: the journal is empty');
  assert.equal(ids(all.notes.value).sort(), ['n05', 'srv-9']);
});

test('storage refused: drafts are in memory from the start, nothing is kept for offline, a save settles', async () => {
  const saved = mk(9, { refId: 'res-1' });
  const script = {
    fetchNotes: () => Promise.resolve(pageOf([mk(0), mk(1)])),
    addNote: () => Promise.resolve(saved),
  };
  const b = build(script, createMemoryStorage(), true);
  const allowed = build(script); // the same visit where storage is allowed: its copy is kept
  assert.ok(b.model.refused);
  assert.not.ok(allowed.model.refused);
  assert.is(b.model.drafts.durable.value, false, 'the editor says so before anything is written');
  const all = b.model.searchNotes({}, 'newest');
  allowed.model.searchNotes({}, 'newest');
  b.model.refresh('/view', null, false);
  allowed.model.refresh('/view', null, false);
  await until(() => all.notes.value.length === 2, 'the first page');
  await b.model.ready();
  const result = await b.model.add(draftOf(saved), 'new:res-1');
  assert.ok(result.ok && !result.queued, 'saved once the server confirmed it');
  assert.equal(b.model.cache.saving.value, new Set());
  await until(() => allowed.store.get(KEPT_KEY) !== null, 'the copy kept where storage is allowed');
  await flushPromises();
  assert.is(b.store.get(KEPT_KEY), null, 'no kept copy, not even in memory');
  assert.is(b.model.drafts.durable.value, false, 'still in memory after the journal emptied');
});

test('a delete left queued by the last visit hides its note before the kept copy shows it', async () => {
  // Visit 1: the list is kept on the device, then a note is deleted and the frame unloads in its window.
  const first = build({ fetchNotes: () => Promise.resolve(pageOf([mk(0), mk(1)])) });
  first.model.refresh('/view', null, false);
  await until(() => first.storage.items.has(KEPT_KEY), 'the first page to be kept');
  first.model.remove(mk(1));
  await until(() => first.storage.items.has(journalKey(L1)), 'the delete to be queued');
  // Visit 2: the server has not answered yet; the kept copy shows at once, before the write side is in.
  const next = build({ fetchNotes: () => new Promise<NotesPage>(() => undefined) }, first.storage);
  const all = next.model.searchNotes({}, 'newest');
  next.model.refresh('/view', null, false);
  assert.equal(ids(all.notes.value), ['n00'], 'the deleted note is not shown from the kept copy');
  await until(() => next.model.cache.get('n01') !== undefined && next.fake.calls.length > 0, 'the start');
  await flushPromises();
  assert.equal(ids(all.notes.value), ['n00'], 'nor once the write side has read the journal');
});

test('refresh does not load another learner’s journal (nor the write side for nothing)', async () => {
  const storage = createMemoryStorage({
    [journalKey(L2)]: JSON.stringify({
      outbox: [{ id: 'd', kind: 'delete', noteId: 'theirs', version: 1, after: 0 }],
    }),
  });
  const b = build({ deleteNote: (id) => Promise.resolve({ noteId: id, deleted: true }) }, storage);
  b.model.refresh('/error', null, true);
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(b.fake.callsTo('deleteNote'), []);
  assert.ok(storage.items.has(journalKey(L2)));
});

test('a learner change never sends learner 1’s queue with learner 2; learner 2’s own queue is sent', async () => {
  const queued = (id: string, text: string) =>
    JSON.stringify({ outbox: [{ id, kind: 'add', tempId: `local-${id}`, note: draftOf(mk(0, { text })) }] });
  const storage = createMemoryStorage({
    [journalKey(L1)]: queued('l1-add', 'learner 1'),
    [journalKey(L2)]: queued('l2-add', 'learner 2'),
  });
  const b = build(
    {
      // Learner 1's link is down; learner 2's request gets through.
      addNote: (note) =>
        note.text === 'learner 1'
          ? Promise.reject(new ApiError('network', 'Network error'))
          : Promise.resolve(mk(0, { noteId: 'srv-2', text: note.text })),
    },
    storage,
  );
  b.model.refresh('/error', null, true);
  await until(() => b.fake.callsTo('addNote').length === 1, 'learner 1’s queued add');
  await flushPromises();
  assert.equal([...b.model.unsaved.value], ['local-l1-add']);
  b.setLearner(L2);
  b.model.refresh('/error', null, true);
  await until(() => b.fake.callsTo('addNote').length === 2, 'learner 2’s queued add');
  await b.t.advance(30 * 60_000);
  const keys = b.fake.optionsTo('addNote').map((o) => o?.idempotencyKey);
  assert.equal(keys, ['l1-add', 'l2-add'], 'learner 1’s add is not retried after the switch');
  assert.is(b.model.cache.get('local-l1-add'), undefined, 'learner 1’s note is not shown to learner 2');
  assert.is(b.model.cache.get('srv-2')?.text, 'learner 2');
  assert.equal([...b.model.unsaved.value], []);
  assert.ok(storage.items.has(journalKey(L1)), 'learner 1’s queue waits for their next visit');
  assert.not.ok(storage.items.has(journalKey(L2)));
});

test('a learner change stops pending deletes without sending them', async () => {
  const b = build({ deleteNote: (id) => Promise.resolve({ noteId: id, deleted: true }) });
  b.model.cache.merge([mk(0)]);
  b.model.remove(mk(0));
  await until(() => b.model.pendingDeletes.value.length === 1, 'the pending delete');
  b.setLearner(L2);
  b.model.refresh('/', null, true);
  assert.equal(b.model.pendingDeletes.value, []);
  await b.t.advance(UNDO_MS * 2);
  assert.equal(b.fake.callsTo('deleteNote'), []);
});

test('a 401 pauses the queue; the next context (refresh without reset) sends it again', async () => {
  const storage = createMemoryStorage({
    [journalKey(L1)]: JSON.stringify({
      outbox: [{ id: 'q', kind: 'delete', noteId: 'n1', version: 1, after: 0 }],
    }),
  });
  let calls = 0;
  const b = build(
    {
      deleteNote: (id) =>
        calls++ === 0
          ? Promise.reject(new ApiError('http', 'No session', 401, { error: 'x' }))
          : Promise.resolve({ noteId: id, deleted: true }),
    },
    storage,
  );
  b.model.refresh('/error', null, false);
  await until(() => b.fake.callsTo('deleteNote').length === 1, 'the queued delete');
  await flushPromises();
  assert.equal(b.announced, ['Your session has expired. Sign in again in the portal.']);
  await b.t.advance(10 * 60_000);
  assert.is(b.fake.callsTo('deleteNote').length, 1, 'paused');
  b.model.refresh('/error', null, false); // a new token
  await flushPromises();
  assert.is(b.fake.callsTo('deleteNote').length, 2);
  assert.not.ok(storage.items.has(journalKey(L1)));
});

test('retryNow (online again) sends a failed write at once', async () => {
  let calls = 0;
  const b = build({
    addNote: (n) =>
      calls++ === 0
        ? Promise.reject(new ApiError('network', 'Network error'))
        : Promise.resolve({ ...mk(0), ...n, noteId: 'srv' }),
  });
  await b.model.add(draftOf(mk(0)), 'new:r1');
  assert.is(b.fake.callsTo('addNote').length, 1);
  b.model.retryNow();
  await flushPromises();
  assert.is(b.fake.callsTo('addNote').length, 2);
  assert.equal(ids(b.model.cache.visible.value), ['srv']);
});

test('adding or deleting a note makes the course counts reload when next shown', async () => {
  const b = build({
    listCourses: () => Promise.resolve(COURSES),
    addNote: (n) => Promise.resolve({ ...mk(0), ...n, noteId: 'srv' }),
  });
  const courses = await b.model.loadCourses();
  await courses.list.reload();
  courses.list.ensure();
  assert.is(b.fake.callsTo('listCourses').length, 1);
  const draft = draftOf(mk(0));
  await b.model.add(draft, 'new:r1');
  courses.list.ensure();
  await flushPromises();
  assert.is(b.fake.callsTo('listCourses').length, 2);
});

test('a page that was on its way when a delete landed does not bring the deleted note back', async () => {
  const note = mk(0, { text: 'photo' });
  const slowSearch = createDeferred<NotesPage>();
  const b = build({
    fetchNotes: (filter) =>
      filter.query ? slowSearch.promise : Promise.resolve(pageOf([note, mk(1)], null, 2)),
    deleteNote: (id) => Promise.resolve({ noteId: id, deleted: true }),
  });
  const all = b.model.searchNotes({}, 'newest');
  all.ensure();
  await flushPromises();
  const search = b.model.searchNotes({ query: 'photo' }, 'newest');
  search.ensure(); // the server is asked; its answer (with the note) is slow
  b.model.remove(note);
  await until(() => b.model.pendingDeletes.value.length === 1, 'the pending delete');
  await b.t.advance(UNDO_MS);
  assert.equal(ids(all.notes.value), ['n01'], 'deleted');
  slowSearch.resolve(pageOf([note], null, 1)); // answered before the server saw the delete
  await flushPromises();
  // Regression: a list answer that left the server before the delete must not merge the deleted
  // note back (the cache remembers confirmed deletes).
  assert.equal(ids(all.notes.value), ['n01'], 'still deleted in the catalogue list');
  assert.equal(search.notes.value, [], 'and in the search');
});

test('a save still on its way when another learner signs in never shows to the new learner', async () => {
  const answer = createDeferred<Note>();
  const b = build({
    recentNotes: () => Promise.resolve([]),
    addNote: () => answer.promise,
  });
  const recent = b.model.firstNotes.recent();
  recent.ensure();
  await flushPromises();
  const draft = draftOf(mk(0, { text: 'learner 1’s note' }));
  const saving = b.model.add(draft, 'new:r1');
  await until(() => b.fake.callsTo('addNote').length === 1, 'the add request');
  b.setLearner(L2);
  b.model.refresh('/', null, true);
  recent.ensure();
  await flushPromises();
  assert.equal(recent.notes.value, [], 'the optimistic copy went with the reset');
  answer.resolve(mk(0, { noteId: 'srv-1', text: 'learner 1’s note' }));
  const result = await saving;
  assert.ok(result.ok && result.queued, 'the editor may close: the text is in learner 1’s journal');
  // Regression: an add or update answered after the reset for a new learner must not put
  // learner 1's note into learner 2's cache.
  assert.equal(ids(recent.notes.value), [], 'learner 1’s note is not in learner 2’s list');
  assert.is(b.model.cache.get('srv-1'), undefined);
  assert.is(parseJournal(b.storage.items.get(journalKey(L1)) ?? null).outbox.length, 1, 'kept for learner 1');
});

test('an add asked for just before the write code arrives acts for the learner who asked, or not at all', async () => {
  const b = build({ recentNotes: () => Promise.resolve([]) });
  const saving = b.model.add(draftOf(mk(0, { text: 'learner 1’s words' })), 'new:r1');
  b.model.drafts.set('new:r2', { content: '<p>typed</p>', text: 'typed' });
  b.setLearner(L2); // before the write side's code is in
  b.model.refresh('/', null, true);
  const result = await saving;
  assert.not.ok(result.ok, 'not saved for learner 2');
  await new Promise((r) => setTimeout(r, 30));
  assert.is(b.fake.callsTo('addNote').length, 0);
  assert.is(b.storage.items.get(journalKey(L2)), undefined, 'nothing of learner 1’s in learner 2’s journal');
});

test('prefetch loads the write side without any request', async () => {
  const b = build();
  b.model.prefetch();
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(b.fake.calls, []);
});

test.run();
