import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type {
  CourseSummary,
  DeleteResult,
  Note,
  NoteCollection,
  NotesPage,
} from '../../../src/protocol/api-types.ts';
import {
  type Client,
  clientFor,
  type Fixture,
  newNoteBody,
  seeded,
  startFixture,
} from './support/api-fixture.ts';

type Ctx = { fx: Fixture; asha: Client };
const api = suite<Ctx>('server: every call, happy path');

api.before.each(async (ctx) => {
  ctx.fx = await startFixture({ now: () => new Date('2024-06-01T12:00:00.000Z') });
  ctx.asha = clientFor(ctx.fx.api, seeded(0));
});
api.after.each(async (ctx) => {
  await ctx.fx.stop();
});

api('POST /notes/add stores a note (201) with server fields and stamps', async ({ asha }) => {
  const r = await asha.post('/notes/add', newNoteBody({ displayName: '', domain: '' }));
  assert.is(r.status, 201);
  assert.is(r.headers.get('content-type'), 'application/json; charset=utf-8');
  const note = r.json as Note;
  assert.match(note.noteId, /^[0-9a-f-]{36}$/);
  assert.equal(
    [note.createdOn, note.updatedOn, note.version],
    ['2024-06-01T12:00:00.000Z', '2024-06-01T12:00:00.000Z', 1],
  );
  assert.is(note.displayName, 'Asha Verma');
  assert.is(note.domain, 'portal.example.test');
  assert.is(note.text, 'Hello world');
});

api('POST /notes/fetch pages the seed newest first with totals', async ({ asha }) => {
  const r = await asha.post('/notes/fetch', { limit: 3 });
  assert.is(r.status, 200);
  const page = r.json as NotesPage;
  assert.is(page.total, 7);
  assert.equal(
    page.notes.map((n) => n.noteId),
    ['seed-asha-07', 'seed-asha-06', 'seed-asha-05'],
  );
  assert.type(page.nextCursor, 'string');
  const next = (await asha.post('/notes/fetch', { limit: 3, cursor: page.nextCursor })).json as NotesPage;
  assert.equal(
    next.notes.map((n) => n.noteId),
    ['seed-asha-04', 'seed-asha-03', 'seed-asha-02'],
  );
  const empty = await asha.post('/notes/fetch', '');
  assert.is((empty.json as NotesPage).notes.length, 7);
});

api('POST /notes/fetch searches text across languages and filters by refId', async ({ asha }) => {
  const hindi = (await asha.post('/notes/fetch', { query: 'प्रतिगमन' })).json as NotesPage;
  assert.equal(
    hindi.notes.map((n) => n.noteId),
    ['seed-asha-03'],
  );
  const byRef = (await asha.post('/notes/fetch', { refId: 'res-ml-linear-video', order: 'oldest' }))
    .json as NotesPage;
  assert.equal(
    byRef.notes.map((n) => n.noteId),
    ['seed-asha-02', 'seed-asha-03'],
  );
  const byTitle = (await asha.post('/notes/fetch', { query: 'MACHINE learning' })).json as NotesPage;
  assert.is(byTitle.total, 5);
});

api('POST /notes/update merges changes and bumps the version', async ({ asha }) => {
  const added = (await asha.post('/notes/add', newNoteBody())).json as Note;
  const r = await asha.post('/notes/update', {
    noteId: added.noteId,
    version: 1,
    content: '<p>Changed</p>',
    tags: ['x'],
  });
  assert.is(r.status, 200);
  const note = r.json as Note;
  assert.equal([note.version, note.text, note.tags, note.refId], [2, 'Changed', ['x'], 'res-test']);
});

api('POST /notes/delete removes the note', async ({ asha }) => {
  const r = await asha.post('/notes/delete', { noteId: 'seed-asha-01' });
  assert.equal([r.status, r.json as DeleteResult], [200, { noteId: 'seed-asha-01', deleted: true }]);
  const again = await asha.post('/notes/delete', { noteId: 'seed-asha-01' });
  assert.is(again.status, 404);
  assert.is(((await asha.post('/notes/fetch', {})).json as NotesPage).total, 6);
});

api('GET /notes/fetch/… with flags and offsets', async ({ asha }) => {
  const all = (await asha.get('/notes/fetch/course-ml-101/-/-/1/2/0/oldest')).json as NotesPage;
  assert.equal(
    [all.total, all.notes.map((n) => n.noteId), all.nextCursor],
    [5, ['seed-asha-01', 'seed-asha-02'], '2'],
  );
  const second = (await asha.get('/notes/fetch/course-ml-101/-/-/1/2/2/oldest')).json as NotesPage;
  assert.equal(
    second.notes.map((n) => n.noteId),
    ['seed-asha-03', 'seed-asha-04'],
  );
  const own = (await asha.get('/notes/fetch/course-ml-101/-/-/0/20/0/oldest')).json as NotesPage;
  assert.equal(
    own.notes.map((n) => n.noteId),
    ['seed-asha-01'],
  );
  const module = (await asha.get('/notes/fetch/-/module-ml-1/-/1/20/0/newest')).json as NotesPage;
  assert.equal(
    module.notes.map((n) => n.noteId),
    ['seed-asha-04', 'seed-asha-03', 'seed-asha-02'],
  );
});

api('GET /notes/list/course lists courses with counts', async ({ asha }) => {
  const rows = (await asha.get('/notes/list/course')).json as CourseSummary[];
  assert.equal(
    rows.map((r) => [r.courseId, r.courseTitle, r.noteCount]),
    [
      ['course-a11y-201', 'Accessible Web Design', 2],
      ['course-ml-101', 'Machine Learning Foundations', 5],
    ],
  );
});

api('GET /notes/recent returns at most 20 newest', async ({ asha }) => {
  for (let i = 0; i < 15; i++) await asha.post('/notes/add', newNoteBody({ content: `<p>${i}</p>` }));
  const notes = (await asha.get('/notes/recent')).json as Note[];
  assert.is(notes.length, 20);
  assert.is(notes[19]?.noteId, 'seed-asha-03');
});

api('GET /notes/collection groups a course and narrows to a module', async ({ asha }) => {
  const c = (await asha.get('/notes/collection/course-ml-101/-')).json as NoteCollection;
  assert.is(c.courseTitle, 'Machine Learning Foundations');
  assert.equal(
    c.modules.map((m) => [m.moduleId, m.resources.map((r) => r.refId)]),
    [
      ['', ['course-ml-101']],
      ['module-ml-2', ['res-ml-metrics-article']],
      ['module-ml-1', ['res-ml-gradient-pdf', 'res-ml-linear-video']],
    ],
  );
  const titles = c.modules.slice(1).map((m) => m.moduleTitle);
  assert.equal(titles, ['Model evaluation', 'Supervised learning']);
  const one = (await asha.get('/notes/collection/course-ml-101/module-ml-1')).json as NoteCollection;
  assert.equal(
    one.modules.map((m) => m.moduleId),
    ['module-ml-1'],
  );
  const video = one.modules[0]?.resources.find((r) => r.refId === 'res-ml-linear-video');
  assert.equal(
    video?.notes.map((n) => n.anchor),
    [
      { kind: 'time', seconds: 192 },
      { kind: 'time', seconds: 415 },
    ],
  );
});

api('one log line per call: method, path, status, ms — never the token', async ({ fx, asha }) => {
  await asha.post('/notes/add', newNoteBody());
  await asha.get('/notes/recent', { authorization: 'Bearer nope' });
  await asha.get('/nowhere');
  assert.is(fx.logs.length, 3);
  assert.match(fx.logs[0] ?? '', /^POST \/api\/v1\/notes\/add 201 \d+ms$/);
  assert.match(fx.logs[1] ?? '', /^GET \/api\/v1\/notes\/recent 401 \d+ms$/);
  assert.match(fx.logs[2] ?? '', /^GET \/api\/v1\/nowhere 404 \d+ms$/);
  for (const line of fx.logs) assert.not.match(line, /Bearer|eyJ/);
});

api.run();
