import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isAborted } from '../../src/api/api-error.ts';
import { createCourseApi } from '../../src/api/course-api.ts';
import { createHttpClient } from '../../src/api/http-client.ts';
import { createNotesApi } from '../../src/api/notes-api.ts';
import { createWriteApi } from '../../src/api/write-api.ts';
import { apiFailure } from '../fakes/api-failure.ts';
import { createFakeClock } from '../fakes/fake-clock.ts';
import { createFakeFetch, jsonResponse, type Responder } from '../fakes/fake-fetch.ts';
import { draftOf, fakeNote } from '../fakes/fake-note.ts';
import type { NotesApi as AllCalls } from '../fakes/fake-notes-api.ts';
import { SESSION, SESSION_HEADERS } from '../fakes/fake-session.ts';
import { createFakeXhr } from '../fakes/fake-xhr.ts';

const note = fakeNote();
const page = { notes: [note], total: 1, nextCursor: null };
const courses = [{ courseId: 'c1', courseTitle: 'C', noteCount: 1, updatedOn: note.updatedOn }];
const coll = {
  courseId: 'c1',
  courseTitle: 'C',
  modules: [{ moduleId: 'm1', moduleTitle: 'M', resources: [{ refId: 'r1', refTitle: 'R', notes: [note] }] }],
};
const upload = { url: '/files/x.png', name: 'x.png', size: 3, type: 'image/png' };
const newNote = draftOf(note);
/**
 * The notes API's calls over the real HTTP client, a fake fetch and a fake clock: the first load's
 * (notes-api.ts) and those the write and course sides build (write-api.ts, course-api.ts; review's
 * are test/api/review-api.test.ts's).
 */
const setup = (respond?: Responder) => {
  const fake = createFakeFetch(respond);
  const clock = createFakeClock();
  const http = createHttpClient({ fetch: fake.fetch, baseUrl: '/api/v1', headers: () => SESSION, ...clock });
  const api = { ...createNotesApi(http), ...createWriteApi(http), ...createCourseApi(http) };
  return { api, fake, clock };
};

/** The calls this file covers: all but review's. */
type NotesApi = Omit<AllCalls, 'reviewNote' | 'reviewSummary'>;

type Case = {
  name: keyof NotesApi;
  call: (api: NotesApi) => Promise<unknown>;
  method: string;
  url: string;
  body: unknown;
  answer: unknown;
  status?: number;
};

const cases: Case[] = [
  {
    name: 'fetchNotes',
    call: (a) => a.fetchNotes({ courseId: 'c1', order: 'oldest', limit: 5 }),
    method: 'POST',
    url: '/api/v1/notes/fetch',
    body: { courseId: 'c1', order: 'oldest', limit: 5 },
    answer: page,
  },
  {
    name: 'addNote',
    call: (a) => a.addNote(newNote),
    method: 'POST',
    url: '/api/v1/notes/add',
    body: newNote,
    answer: note,
    status: 201,
  },
  {
    name: 'updateNote',
    call: (a) => a.updateNote({ noteId: 'n1', version: 1, text: 'Hi' }),
    method: 'POST',
    url: '/api/v1/notes/update',
    body: { noteId: 'n1', version: 1, text: 'Hi' },
    answer: { ...note, version: 2 },
  },
  {
    name: 'deleteNote',
    call: (a) => a.deleteNote('n1'),
    method: 'POST',
    url: '/api/v1/notes/delete',
    body: { noteId: 'n1' },
    answer: { noteId: 'n1', deleted: true },
  },
  {
    name: 'listCourses',
    call: (a) => a.listCourses(),
    method: 'GET',
    url: '/api/v1/notes/list/course',
    body: null,
    answer: courses,
  },
  {
    name: 'recentNotes',
    call: (a) => a.recentNotes(),
    method: 'GET',
    url: '/api/v1/notes/recent',
    body: null,
    answer: [note],
  },
  {
    name: 'collection',
    call: (a) => a.collection('c1', 'm1'),
    method: 'GET',
    url: '/api/v1/notes/collection/c1/m1',
    body: null,
    answer: coll,
  },
  {
    name: 'uploadFile',
    call: (a) => a.uploadFile(new Blob(['png'], { type: 'image/png' }), 'x.png'),
    method: 'POST',
    url: '/api/v1/file/upload',
    body: 'form',
    answer: upload,
  },
];

test('there is one case per API call', () => {
  const { api } = setup();
  assert.equal(cases.map((c) => c.name).sort(), Object.keys(api).sort());
});

for (const c of cases) {
  test(`${c.name}: ${c.method} ${c.url} with exactly the session headers, typed answer`, async () => {
    const { api, fake, clock } = setup(() => jsonResponse(c.status ?? 200, c.answer));
    assert.equal(await c.call(api), c.answer);
    const req = fake.last();
    assert.is(req.method, c.method);
    assert.is(req.url, c.url);
    assert.not.ok(req.url.includes(SESSION.token));
    const json = c.body !== null && c.body !== 'form';
    assert.equal(
      req.headers,
      json ? { ...SESSION_HEADERS, 'content-type': 'application/json' } : SESSION_HEADERS,
    );
    if (json) assert.equal(JSON.parse(String(req.body)), c.body);
    else if (c.body === null) assert.is(req.body, null);
    assert.is(clock.pending(), 0);
  });

  test(`${c.name}: a malformed 2xx answer → invalid-response`, async () => {
    const { api } = setup(() => jsonResponse(200, { bogus: true }));
    const e = await apiFailure(c.call(api));
    assert.is(e.kind, 'invalid-response');
    assert.match(e.message, /^Invalid response field: /);
  });
}

test('answers drop extra fields', async () => {
  const { api } = setup(() => jsonResponse(201, { ...note, secret: 'x' }));
  assert.equal(await api.addNote(newNote), note);
});

test('malformed answers name the field', async () => {
  const bad: [Responder, (a: NotesApi) => Promise<unknown>, string][] = [
    [() => jsonResponse(200, { ...page, total: '1' }), (a) => a.fetchNotes({}), 'total'],
    [() => jsonResponse(200, [{ ...note, version: null }]), (a) => a.recentNotes(), '[0].version'],
    [
      () => jsonResponse(201, { ...note, anchor: { kind: 'page' } }),
      (a) => a.addNote(newNote),
      'anchor.page',
    ],
    [() => jsonResponse(200, { noteId: 'n1', deleted: 'yes' }), (a) => a.deleteNote('n1'), 'deleted'],
    [() => jsonResponse(200, { ...upload, size: null }), (a) => a.uploadFile(new Blob(['x'])), 'size'],
    [() => jsonResponse(200, { notes: {}, total: 0, nextCursor: null }), (a) => a.fetchNotes({}), 'notes'],
  ];
  for (const [respond, call, field] of bad) {
    const e = await apiFailure(call(setup(respond).api));
    assert.is(e.kind, 'invalid-response');
    assert.is(e.message, `Invalid response field: ${field}`);
  }
});

test('updateNote: a 409 carries the current note in body.current', async () => {
  const current = { ...note, version: 3, text: 'theirs', extra: 1 };
  const { api } = setup(() => jsonResponse(409, { error: 'version is stale', current }));
  const e = await apiFailure(api.updateNote({ noteId: 'n1', version: 1, text: 'mine' }));
  assert.is(e.kind, 'http');
  assert.is(e.status, 409);
  assert.is(e.message, 'version is stale');
  assert.equal(e.body, { error: 'version is stale', current: { ...note, version: 3, text: 'theirs' } });
});

test('ids starting with "auth" are sent as %61uth… so the session headers still go out', async () => {
  const { api, fake } = setup(() => jsonResponse(200, coll));
  await api.collection('authoring-101', 'lex_auth_01');
  assert.is(fake.last().url, '/api/v1/notes/collection/%61uthoring-101/lex_auth_01');
  assert.equal(fake.last().headers, SESSION_HEADERS);
  assert.is(decodeURIComponent('%61uthoring-101'), 'authoring-101');
});

test('collection: moduleId missing/null/empty → "-"; ids URL-encoded', async () => {
  const { api, fake } = setup(() => jsonResponse(200, coll));
  await api.collection('c1');
  assert.is(fake.last().url, '/api/v1/notes/collection/c1/-');
  await api.collection('c1', null);
  assert.is(fake.last().url, '/api/v1/notes/collection/c1/-');
  await api.collection('c1', '');
  assert.is(fake.last().url, '/api/v1/notes/collection/c1/-');
  await api.collection('c 1/x', 'm&1');
  assert.is(fake.last().url, '/api/v1/notes/collection/c%201%2Fx/m%261');
});

test('uploadFile: a multipart FormData with exactly one "file" field and no manual Content-Type', async () => {
  const { api, fake } = setup(() => jsonResponse(200, upload));
  const blob = new Blob(['\x89PNG'], { type: 'image/png' });
  await api.uploadFile(blob, 'shot.png');
  const { body, headers } = fake.last();
  assert.ok(body instanceof FormData);
  if (!(body instanceof FormData)) return;
  const entries = [...body.entries()];
  assert.is(entries.length, 1);
  assert.is(entries[0]?.[0], 'file');
  const file = entries[0]?.[1];
  assert.ok(file instanceof File);
  if (!(file instanceof File)) return;
  assert.is(file.name, 'shot.png');
  assert.is(file.type, 'image/png');
  assert.is(await file.text(), await blob.text());
  assert.is(headers['content-type'], undefined);
  const req = new Request('http://x/', { method: 'POST', body });
  assert.match(req.headers.get('content-type') ?? '', /^multipart\/form-data; boundary=/);
});

test('uploadFile without a name still sends one "file" field', async () => {
  const { api, fake } = setup(() => jsonResponse(200, upload));
  await api.uploadFile(new Blob(['x'], { type: 'image/gif' }));
  const body = fake.last().body;
  assert.ok(body instanceof FormData);
  if (body instanceof FormData) assert.equal([...body.keys()], ['file']);
});

test('addNote with an idempotencyKey sends it as Idempotency-Key on that request only', async () => {
  const { api, fake } = setup(() => jsonResponse(201, note));
  const key = '0b8f6c1e-4f1c-4c8e-9d55-2a8f3f1b9c10';
  assert.equal(await api.addNote(newNote, { idempotencyKey: key }), note);
  assert.equal(fake.last().headers, {
    ...SESSION_HEADERS,
    'content-type': 'application/json',
    'idempotency-key': key,
  });
  await api.addNote(newNote);
  await api.updateNote({ noteId: note.noteId, version: 1, text: 'x' });
  assert.is(fake.requests[1]?.headers['idempotency-key'], undefined, 'the next add has none');
  assert.is(fake.requests[2]?.headers['idempotency-key'], undefined);
  assert.equal(JSON.parse(String(fake.requests[0]?.body)), newNote, 'the key is not in the body');
});

test('addNote: a 200 (the same key answered again) is a success like 201', async () => {
  const { api } = setup(() => jsonResponse(200, note));
  assert.equal(await api.addNote(newNote, { idempotencyKey: 'k' }), note);
});

test('addNote passes the signal through', async () => {
  const { api, fake } = setup();
  const caller = new AbortController();
  caller.abort();
  assert.ok(isAborted(await apiFailure(api.addNote(newNote, { signal: caller.signal }))));
  assert.is(fake.requests.length, 0);
});

test('uploadFile with an XHR factory reports progress and returns the checked answer', async () => {
  const fake = createFakeFetch();
  const xhrs = createFakeXhr((x) => {
    x.progress(2, 4);
    x.progress(4, 4);
    x.respond(200, JSON.stringify({ ...upload, extra: 1 }));
  });
  const http = createHttpClient({
    fetch: fake.fetch,
    baseUrl: '/api/v1',
    headers: () => SESSION,
    ...createFakeClock(),
  });
  const seen: number[] = [];
  const answer = await createWriteApi(http, xhrs.xhr).uploadFile(new Blob(['\x89PNG']), 'a.png', {
    onProgress: (loaded, total) => seen.push(loaded / total),
  });
  assert.equal(answer, upload);
  assert.equal(seen, [0.5, 1]);
  const body = xhrs.last().body;
  assert.ok(body instanceof FormData);
  if (body instanceof FormData) assert.equal([...body.keys()], ['file']);
  assert.is(xhrs.last().url, '/api/v1/file/upload');
  assert.is(fake.requests.length, 0);
});

test('uploadFile checks the answer on the XHR path too', async () => {
  const xhrs = createFakeXhr((x) => x.respond(200, JSON.stringify({ ...upload, size: '3' })));
  const http = createHttpClient({
    fetch: createFakeFetch().fetch,
    baseUrl: '',
    headers: () => SESSION,
  });
  const e = await apiFailure(createWriteApi(http, xhrs.xhr).uploadFile(new Blob(['x'])));
  assert.equal([e.kind, e.message], ['invalid-response', 'Invalid response field: size']);
});

test('deleteNote sends { noteId } alone, or { noteId, version } when the version is given', async () => {
  const { api, fake } = setup(() => jsonResponse(200, { noteId: 'n1', deleted: true }));
  await api.deleteNote('n1');
  assert.equal(JSON.parse(String(fake.last().body)), { noteId: 'n1' });
  await api.deleteNote('n1', 3);
  assert.equal(JSON.parse(String(fake.last().body)), { noteId: 'n1', version: 3 });
  await api.deleteNote('n1', 0);
  assert.equal(JSON.parse(String(fake.last().body)), { noteId: 'n1', version: 0 }, 'version 0 is a version');
  await api.deleteNote('n1', undefined, { keepalive: true });
  assert.equal(JSON.parse(String(fake.last().body)), { noteId: 'n1' });
});

test('deleteNote passes keepalive through to fetch', async () => {
  const fake = createFakeFetch(() => jsonResponse(200, { noteId: 'n1', deleted: true }));
  const inits: RequestInit[] = [];
  const spy = ((input: RequestInfo | URL, init?: RequestInit) => {
    inits.push(init ?? {});
    return fake.fetch(input, init);
  }) as typeof fetch;
  const api = createWriteApi(
    createHttpClient({ fetch: spy, baseUrl: '/api/v1', headers: () => SESSION, ...createFakeClock() }),
  );
  await api.deleteNote('n1', 2, { keepalive: true });
  await api.deleteNote('n1', 2);
  assert.is(inits[0]?.keepalive, true);
  assert.not.ok(inits[1]?.keepalive);
});

const WITH_OPTIONS: [string, (a: NotesApi, signal: AbortSignal) => Promise<unknown>][] = [
  ['fetchNotes', (a, signal) => a.fetchNotes({}, { signal })],
  ['deleteNote', (a, signal) => a.deleteNote('n1', 1, { signal })],
  ['listCourses', (a, signal) => a.listCourses({ signal })],
  ['recentNotes', (a, signal) => a.recentNotes({ signal })],
  ['collection', (a, signal) => a.collection('c1', null, { signal })],
];
for (const [name, call] of WITH_OPTIONS) {
  test(`${name}: the caller’s signal is passed through (abort → kind aborted)`, async () => {
    const { api, fake } = setup(() => new Promise<Response>(() => {}));
    const caller = new AbortController();
    const p = apiFailure(call(api, caller.signal));
    await new Promise<void>((r) => setImmediate(r));
    assert.is(fake.requests.length, 1);
    caller.abort();
    const e = await p;
    assert.ok(isAborted(e));
    assert.ok(fake.last().signal?.aborted);
  });

  test(`${name}: an aborted signal sends nothing`, async () => {
    const { api, fake } = setup();
    const caller = new AbortController();
    caller.abort();
    assert.ok(isAborted(await apiFailure(call(api, caller.signal))));
    assert.is(fake.requests.length, 0);
  });
}

test('HTTP errors of every call surface as ApiError with status (403 → caller can route to /error)', async () => {
  for (const c of cases) {
    const { api } = setup(() => jsonResponse(403, { error: 'forbidden' }));
    const e = await apiFailure(c.call(api));
    assert.is(e.status, 403);
    assert.is(e.kind, 'http');
  }
});

test.run();
