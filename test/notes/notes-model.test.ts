import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, TIMEOUT_MESSAGE } from '../../src/api/api-error.ts';
import type { NotesApi } from '../../src/api/notes-api.ts';
import { describeLoadError, ERROR_KEYS } from '../../src/notes/describe-error.ts';
import { createNotesModel, PAGE_SIZE } from '../../src/notes/notes-model.ts';
import type { CourseSummary } from '../../src/protocol/api-types.ts';
import type { PlayerData } from '../../src/protocol/messages.ts';
import { createDeferred, flushPromises } from '../fakes/deferred.ts';
import { fakeNote } from '../fakes/fake-note.ts';
import { createFakeNotesApi } from '../fakes/fake-notes-api.ts';

const PLAYER: PlayerData = { resourceId: 'res-1', courseId: 'c1', currentTime: 30 };
const COURSES: CourseSummary[] = [
  { courseId: 'c1', courseTitle: 'Course 1', noteCount: 2, updatedOn: '2024-01-01T00:00:00Z' },
];

function build(script: Partial<NotesApi> = {}, player: PlayerData | null = null) {
  const fake = createFakeNotesApi(script);
  let forbidden = 0;
  let current = player;
  const model = createNotesModel({
    api: fake.api,
    playerData: () => current,
    onForbidden: () => (forbidden += 1),
  });
  return {
    model,
    fake,
    forbidden: () => forbidden,
    setPlayer: (p: PlayerData | null) => {
      current = p;
    },
  };
}

test('home with playerData fetches that resource’s notes, newest first', async () => {
  const note = fakeNote({ refId: 'res-1' });
  const b = build(
    { fetchNotes: () => Promise.resolve({ notes: [note], total: 1, nextCursor: null }) },
    PLAYER,
  );
  await b.model.home.reload();
  assert.equal(b.fake.callsTo('fetchNotes'), [[{ refId: 'res-1', order: 'newest', limit: PAGE_SIZE }]]);
  assert.equal(b.fake.callsTo('recentNotes'), []);
  assert.equal(b.model.home.state.value, {
    status: 'ready',
    data: { kind: 'resource', player: PLAYER, notes: [note] },
  });
});

test('home without playerData shows the recent notes', async () => {
  const note = fakeNote();
  const b = build({ recentNotes: () => Promise.resolve([note]) });
  await b.model.home.reload();
  assert.equal(b.fake.callsTo('recentNotes'), [[]]);
  assert.equal(b.fake.callsTo('fetchNotes'), []);
  assert.equal(b.model.home.state.value, { status: 'ready', data: { kind: 'recent', notes: [note] } });
});

test('home reads playerData at load time, not at creation', async () => {
  const b = build();
  b.setPlayer(PLAYER);
  await b.model.home.reload();
  assert.is(b.fake.callsTo('fetchNotes').length, 1);
  b.setPlayer(null);
  await b.model.home.reload();
  assert.is(b.fake.callsTo('recentNotes').length, 1);
});

test('the /view list asks for all notes, newest first', async () => {
  const b = build();
  await b.model.all.reload();
  assert.equal(b.fake.callsTo('fetchNotes'), [[{ order: 'newest', limit: PAGE_SIZE }]]);
  assert.ok(PAGE_SIZE >= 1 && PAGE_SIZE <= 100, 'within the API limit');
});

test('the /course list asks for the course summaries', async () => {
  const b = build({ listCourses: () => Promise.resolve(COURSES) });
  await b.model.courses.reload();
  assert.equal(b.model.courses.state.value, { status: 'ready', data: COURSES });
});

const SCREEN_CALLS: ['/' | '/view' | '/course', keyof NotesApi][] = [
  ['/', 'recentNotes'],
  ['/view', 'fetchNotes'],
  ['/course', 'listCourses'],
];
for (const [screen, method] of SCREEN_CALLS) {
  test(`refresh('${screen}') loads that screen’s resource only`, async () => {
    const b = build();
    b.model.refresh(screen, false);
    await flushPromises();
    assert.equal(
      b.fake.calls.map((c) => c.method),
      [method],
    );
  });
}

test("refresh('/error') loads nothing", async () => {
  const b = build();
  b.model.refresh('/error', false);
  await flushPromises();
  assert.equal(b.fake.calls, []);
  for (const r of [b.model.home, b.model.all, b.model.courses])
    assert.equal(r.state.value, { status: 'idle' });
});

test('refresh marks the other screens stale so their ensure reloads', async () => {
  const b = build();
  await b.model.all.reload();
  await b.model.courses.reload();
  b.model.courses.ensure();
  assert.is(b.fake.callsTo('listCourses').length, 1, 'fresh: ensure does nothing');
  b.model.refresh('/', false);
  await flushPromises();
  b.model.courses.ensure();
  b.model.all.ensure();
  await flushPromises();
  assert.is(b.fake.callsTo('listCourses').length, 2);
  assert.is(b.fake.callsTo('fetchNotes').length, 2);
});

test('refresh with reset drops the previous learner’s notes at once', async () => {
  const b = build({ recentNotes: () => Promise.resolve([fakeNote({ displayName: 'Learner 1' })]) });
  await b.model.home.reload();
  const pending = createDeferred<ReturnType<typeof fakeNote>[]>();
  b.fake.api.recentNotes = () => pending.promise;
  b.model.refresh('/', true);
  assert.equal(b.model.home.state.value, { status: 'loading', data: null });
});

test('refresh with reset also drops the other screens’ lists, and a late old answer is ignored', async () => {
  const old = createDeferred<CourseSummary[]>();
  const b = build({ listCourses: () => old.promise });
  await b.model.all.reload();
  void b.model.courses.reload();
  b.model.refresh('/', true);
  assert.equal(b.model.all.state.value, { status: 'idle' });
  assert.equal(b.model.courses.state.value, { status: 'idle' });
  old.resolve(COURSES);
  await flushPromises();
  assert.equal(b.model.courses.state.value, { status: 'idle' }, 'the old learner’s courses never show');
});

test('refresh without reset keeps showing the notes while reloading', async () => {
  const note = fakeNote();
  const b = build({ recentNotes: () => Promise.resolve([note]) });
  await b.model.home.reload();
  b.model.refresh('/', false);
  assert.equal(b.model.home.state.value, { status: 'loading', data: { kind: 'recent', notes: [note] } });
});

test('a 403 calls onForbidden once and shows the generic message', async () => {
  const b = build({
    fetchNotes: () => Promise.reject(new ApiError('http', 'Forbidden', 403, { error: 'forbidden' })),
  });
  await b.model.all.reload();
  assert.is(b.forbidden(), 1);
  assert.equal(b.model.all.state.value, { status: 'error', message: ERROR_KEYS.generic, data: null });
});

test('a 401 shows the session message and does not go to the error page', async () => {
  const b = build({
    listCourses: () => Promise.reject(new ApiError('http', 'Unauthorized', 401, { error: 'no token' })),
  });
  await b.model.courses.reload();
  assert.is(b.forbidden(), 0);
  assert.equal(b.model.courses.state.value, { status: 'error', message: ERROR_KEYS.session, data: null });
});

test('a timeout shows the timeout message', async () => {
  const b = build({ recentNotes: () => Promise.reject(new ApiError('timeout', TIMEOUT_MESSAGE)) });
  await b.model.home.reload();
  assert.equal(b.model.home.state.value, { status: 'error', message: ERROR_KEYS.timeout, data: null });
});

test('describeLoadError table', () => {
  let forbidden = 0;
  const onForbidden = () => (forbidden += 1);
  const rows: [unknown, string][] = [
    [new ApiError('http', 'x', 403), ERROR_KEYS.generic],
    [new ApiError('http', 'x', 401), ERROR_KEYS.session],
    [new ApiError('timeout', TIMEOUT_MESSAGE), ERROR_KEYS.timeout],
    [new ApiError('network', 'Network error'), ERROR_KEYS.generic],
    [new ApiError('http', 'x', 500), ERROR_KEYS.generic],
    [new ApiError('http', 'x', 404), ERROR_KEYS.generic],
    [new ApiError('invalid-response', 'bad'), ERROR_KEYS.generic],
    [new Error('plain'), ERROR_KEYS.generic],
    [{ status: 403 }, ERROR_KEYS.generic],
    ['string', ERROR_KEYS.generic],
    [null, ERROR_KEYS.generic],
  ];
  for (const [error, key] of rows) assert.is(describeLoadError(error, onForbidden), key, String(error));
  assert.is(forbidden, 1, 'only the real ApiError 403 counts, not a look-alike');
});

test('message keys are distinct readable English', () => {
  const keys = Object.values(ERROR_KEYS);
  assert.is(new Set(keys).size, keys.length);
  for (const key of keys) assert.match(key, /^[A-Z].*\.$/);
});

test.run();
