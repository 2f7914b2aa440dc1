/**
 * The API contract (docs/api.md) against the service, on SQLite and on PostgreSQL: the cases of
 * the mock's own tests (test/harness/api/server-*.test.ts) that say what a client sees — field
 * errors, 401/404/405/409/413, Idempotency-Key, learner scope, search, cursors, collections.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_CONTENT_BYTES } from '../../../server/src/notes/limits.ts';
import type { ApiErrorBody, Note, NoteCollection, NotesPage } from '../../../src/protocol/api-types.ts';
import {
  type Answer,
  type AppFixture,
  type Client,
  devToken,
  newNoteBody,
  startApp,
  type TestLearner,
} from '../support/app-fixture.ts';
import { ENGINES } from '../support/databases.ts';
import { signHs256 } from '../support/signing-keys.ts';

let seq = 0;
/** A learner no other test uses, so one app can serve a whole suite. */
const learner = (over: Partial<TestLearner> = {}): TestLearner => ({
  rootOrg: 'ws',
  org: 'ws-org',
  wid: `w${++seq}`,
  given_name: 'Asha',
  family_name: 'Rao',
  ...over,
});

const expectError = (r: Answer, status: number, message?: string | RegExp) => {
  assert.is(r.status, status, `${r.status} ${r.body}`);
  assert.is(r.headers['content-type'], 'application/json; charset=utf-8');
  const body = r.json as ApiErrorBody;
  assert.type(body.error, 'string');
  if (message !== undefined) assert.match(body.error, message);
};
const key = (k: string) => ({ 'idempotency-key': k });
const total = async (c: Client) => ((await c.post('/notes/fetch', {})).json as NotesPage).total;

for (const engine of ENGINES) {
  const it = suite<{ fx: AppFixture }>(`service contract (${engine})`);
  it.before(async (ctx) => {
    ctx.fx = await startApp({ engine });
  });
  it.after(async (ctx) => {
    await ctx.fx.stop();
  });

  it('add, fetch, update, delete: the shapes and the defaults', async ({ fx }) => {
    const c = fx.client(learner());
    const added = await c.post('/notes/add', newNoteBody({ text: '', displayName: '', domain: '' }));
    assert.is(added.status, 201);
    const note = added.json as Note;
    assert.is(note.text, 'Hello world', 'text derived from content');
    assert.is(note.displayName, 'Asha Rao', "the token's names");
    assert.is(note.domain, 'portal.example', 'the domain header');
    assert.is(note.version, 1);
    const page = (await c.post('/notes/fetch', { refId: 'res-test' })).json as NotesPage;
    assert.equal([page.total, page.notes[0]?.noteId, page.nextCursor], [1, note.noteId, null]);
    const updated = await c.post('/notes/update', { noteId: note.noteId, version: 1, content: '<p>new</p>' });
    assert.is(updated.status, 200);
    assert.equal([(updated.json as Note).version, (updated.json as Note).text], [2, 'new']);
    const deleted = await c.post('/notes/delete', { noteId: note.noteId, version: 2 });
    assert.equal(deleted.json, { noteId: note.noteId, deleted: true });
    assert.is(await total(c), 0);
  });

  it('400 per field, naming the field', async ({ fx }) => {
    const c = fx.client(learner());
    expectError(
      await c.post('/notes/add', newNoteBody({ refId: '' })),
      400,
      'refId must be a non-empty string',
    );
    expectError(
      await c.post('/notes/add', newNoteBody({ anchor: { kind: 'page', page: -2 } })),
      400,
      'anchor.page',
    );
    expectError(await c.post('/notes/add', newNoteBody({ tags: [1] })), 400, 'tags[0]');
    expectError(
      await c.post('/notes/add', newNoteBody({ tags: ['Math', 'math'] })),
      400,
      'tags[1] repeats tags[0] (tags are unique ignoring case)',
    );
    expectError(await c.post('/notes/add', newNoteBody({ refTitle: 5 })), 400, 'refTitle must be a string');
    expectError(await c.post('/notes/update', { noteId: 'x' }), 400, 'version must be an integer');
    expectError(await c.post('/notes/delete', {}), 400, 'noteId must be a non-empty string');
    expectError(await c.post('/notes/fetch', { limit: 500 }), 400, 'limit must be an integer from 1 to 100');
    expectError(await c.post('/notes/fetch', { limit: '5' }), 400, 'limit must be an integer');
    expectError(await c.post('/notes/fetch', { order: 'sideways' }), 400, 'order must be');
    expectError(await c.post('/notes/fetch', { cursor: 'bm9wZQ' }), 400, 'cursor is malformed');
    expectError(await c.get('/notes/fetch/-/-/-/2/20/0/newest'), 400, 'flag must be 1 or 0');
    expectError(await c.get('/notes/fetch/-/-/-/1/0/0/newest'), 400, 'limit');
    expectError(await c.get('/notes/collection/-/-'), 400, 'courseId must be a non-empty string');
  });

  it('400 for malformed JSON and non-object bodies; an empty fetch body is {}', async ({ fx }) => {
    const c = fx.client(learner());
    expectError(await c.post('/notes/add', '{"refId": "x",'), 400, 'request body is not valid JSON');
    expectError(await c.post('/notes/add', '[]'), 400, 'body must be a JSON object');
    expectError(await c.post('/notes/fetch', 'null'), 400, 'body must be a JSON object');
    assert.is((await c.post('/notes/fetch', '')).status, 200);
  });

  it('400 when rootorg, org or domain is missing; 401 for token problems, with WWW-Authenticate', async ({
    fx,
  }) => {
    const l = learner();
    const c = fx.client(l);
    expectError(await c.get('/notes/recent', { rootorg: undefined }), 400, 'rootorg header is required');
    expectError(await c.get('/notes/recent', { org: undefined }), 400, 'org header is required');
    expectError(await c.get('/notes/recent', { domain: undefined }), 400, 'domain header is required');
    const expired = signHs256(
      {},
      { wid: l.wid, exp: Math.floor(Date.now() / 1000) - 120 },
      'notes-server-test-secret',
    );
    const cases: Record<string, string | undefined>[] = [
      { authorization: undefined },
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Bearer ${devToken(l.wid).slice(0, -3)}abc` },
      { authorization: `Bearer ${signHs256({}, { wid: l.wid, exp: 9e9 }, 'another-secret')}` },
      { authorization: `Bearer ${expired}` },
      { authorization: `Bearer ${signHs256({}, { wid: l.wid }, 'notes-server-test-secret')}` },
      { wid: 'someone-else' },
      { wid: undefined },
    ];
    for (const headers of cases) {
      const r = await c.post('/notes/add', newNoteBody(), headers);
      expectError(r, 401, /^Unauthorized: /);
      assert.is(r.headers['www-authenticate'], 'Bearer');
    }
    assert.is(await total(c), 0, 'nothing stored');
    const portal = await c.get('/notes/recent', {
      authorization: undefined,
      'x-authenticated-user-token': devToken(l.wid),
    });
    assert.is(portal.status, 200, 'the token Sunbird proxies forward');
  });

  it('404 for unknown routes and notes; 405 with Allow for a known path', async ({ fx }) => {
    const c = fx.client(learner());
    expectError(await c.get('/notes/nothing'), 404, 'no such API route');
    expectError(
      await c.post('/notes/update', { noteId: 'missing', version: 1, content: 'x' }),
      404,
      'note not found',
    );
    expectError(await c.post('/notes/delete', { noteId: 'missing' }), 404, 'note not found');
    const get = await c.get('/notes/add');
    expectError(get, 405, 'method GET is not allowed here; use POST');
    assert.is(get.headers.allow, 'POST');
    const put = await fx.app.inject({ method: 'PUT', url: '/api/v1/notes/recent' });
    assert.equal([put.statusCode, put.headers.allow], [405, 'GET']);
    expectError(await c.get('/notes/recent/'), 404);
  });

  it('path segments are decoded: %61uth is auth, an escaped id round-trips', async ({ fx }) => {
    const c = fx.client(learner());
    await c.post('/notes/add', newNoteBody({ courseId: 'auth-101', refId: 'a/b c', moduleId: null }));
    const col = (await c.get('/notes/collection/%61uth-101/-')).json as NoteCollection;
    assert.is(col.courseId, 'auth-101');
    assert.is(col.modules[0]?.resources[0]?.refId, 'a/b c');
    const page = (await c.get('/notes/fetch/%61uth-101/-/a%2Fb%20c/0/20/0/newest')).json as NotesPage;
    assert.is(page.total, 1);
    assert.is((await c.get('/%6eotes/recent')).status, 200, 'a static segment decodes too');
  });

  it('409 with the current note when the version is stale', async ({ fx }) => {
    const c = fx.client(learner());
    const note = (await c.post('/notes/add', newNoteBody())).json as Note;
    assert.is(
      (await c.post('/notes/update', { noteId: note.noteId, version: 1, content: '<p>first</p>' })).status,
      200,
    );
    const stale = await c.post('/notes/update', {
      noteId: note.noteId,
      version: 1,
      content: '<p>second</p>',
    });
    expectError(stale, 409, 'version 1 is stale: the note is at version 2');
    const current = (stale.json as ApiErrorBody).current as Note;
    assert.equal([current.noteId, current.version, current.text], [note.noteId, 2, 'first']);
    expectError(await c.post('/notes/delete', { noteId: note.noteId, version: 1 }), 409);
    assert.is((await c.post('/notes/delete', { noteId: note.noteId, version: 2 })).status, 200);
    expectError(await c.post('/notes/delete', { noteId: note.noteId }), 404, 'note not found');
  });

  it('20 concurrent updates on one version: exactly one 200, the rest 409', async ({ fx }) => {
    const c = fx.client(learner());
    const note = (await c.post('/notes/add', newNoteBody())).json as Note;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        c.post('/notes/update', { noteId: note.noteId, version: 1, content: `<p>${i}</p>` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.equal(statuses, [200, ...Array(19).fill(409)]);
  });

  it('413 for oversized content and bodies; nothing is stored', async ({ fx }) => {
    const c = fx.client(learner());
    const big = 'ü'.repeat(MAX_CONTENT_BYTES / 2 + 1);
    expectError(
      await c.post('/notes/add', newNoteBody({ content: big })),
      413,
      'content must be at most 102400 bytes',
    );
    const huge = JSON.stringify(newNoteBody({ content: 'x'.repeat(1_100_000) }));
    expectError(await c.post('/notes/add', huge), 413, 'request body must be at most 1048576 bytes');
    assert.is(await total(c), 0);
  });

  it('Idempotency-Key: 201 then 200 with the first note, whatever the body; per learner; malformed is 400', async ({
    fx,
  }) => {
    const l = learner();
    const c = fx.client(l);
    const first = await c.post('/notes/add', newNoteBody({ text: 'first' }), key('k-1'));
    assert.is(first.status, 201);
    const again = await c.post('/notes/add', newNoteBody({ text: 'other' }), key('k-1'));
    assert.equal([again.status, again.json], [200, first.json]);
    await c.post('/notes/update', {
      noteId: (first.json as Note).noteId,
      version: 1,
      content: '<p>edited</p>',
    });
    await c.post('/notes/delete', { noteId: (first.json as Note).noteId });
    const late = await c.post('/notes/add', newNoteBody(), key('k-1'));
    assert.equal([late.status, late.json], [200, first.json], 'as first stored, even after edit and delete');
    assert.is(await total(c), 0, 'no resurrection');
    const other = fx.client({ ...l, org: 'another-org' });
    assert.is(
      (await other.post('/notes/add', newNoteBody(), key('k-1'))).status,
      201,
      "another learner's key",
    );
    for (const bad of ['', 'a b', 'x'.repeat(201), 'é', 'a, b'])
      expectError(await c.post('/notes/add', newNoteBody(), key(bad)), 400, 'Idempotency-Key must be 1–200');
    assert.is((await c.post('/notes/add', newNoteBody())).status, 201);
    assert.is((await c.post('/notes/add', newNoteBody())).status, 201, 'without a key every add stores');
  });

  it('concurrent adds with one key: exactly one 201, the rest 200 with the same note', async ({ fx }) => {
    const c = fx.client(learner());
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => c.post('/notes/add', newNoteBody(), key('same'))),
    );
    assert.equal(
      answers.map((a) => a.status).sort(),
      [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201],
    );
    const ids = new Set(answers.map((a) => (a.json as Note).noteId));
    assert.is(ids.size, 1);
    assert.is(await total(c), 1);
  });

  it("another learner's note is a 404 on every call, including the 7-parameter GET and collections", async ({
    fx,
  }) => {
    const owner = learner();
    const a = fx.client(owner);
    const note = (await a.post('/notes/add', newNoteBody({ courseId: 'c-scope' }))).json as Note;
    for (const stranger of [
      fx.client({ ...owner, org: 'other-org' }),
      fx.client({ ...owner, rootOrg: 'other-root' }),
      fx.client(learner()),
    ]) {
      expectError(
        await stranger.post('/notes/update', { noteId: note.noteId, version: 1, content: 'x' }),
        404,
      );
      expectError(await stranger.post('/notes/delete', { noteId: note.noteId }), 404);
      assert.is(((await stranger.post('/notes/fetch', {})).json as NotesPage).total, 0);
      assert.is(((await stranger.get('/notes/fetch/c-scope/-/-/1/20/0/newest')).json as NotesPage).total, 0);
      assert.equal((await stranger.get('/notes/recent')).json, []);
      assert.equal((await stranger.get('/notes/list/course')).json, []);
      assert.equal(((await stranger.get('/notes/collection/c-scope/-')).json as NoteCollection).modules, []);
    }
    assert.is(await total(a), 1, 'untouched');
  });

  it('search, tags, orders and cursors that never skip or repeat', async ({ fx }) => {
    const c = fx.client(learner());
    const texts = ['Photosynthesis', 'फोटोसिंथेसिस नोट', 'التمثيل الضوئي', 'ÉCOLE', 'plain'];
    for (const [i, text] of texts.entries())
      await c.post(
        '/notes/add',
        newNoteBody({ content: `<p>${text}</p>`, text, tags: i % 2 ? ['Even'] : ['odd'] }),
      );
    const q = async (query: string) => ((await c.post('/notes/fetch', { query })).json as NotesPage).total;
    assert.equal(
      [await q('photo'), await q('सिंथे'), await q('الضوئي'), await q('école'), await q('test course')],
      [1, 1, 1, 1, 5],
    );
    assert.is(((await c.post('/notes/fetch', { tags: ['EVEN'] })).json as NotesPage).total, 2);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body: Record<string, unknown> = { limit: 2, order: 'oldest', ...(cursor ? { cursor } : {}) };
      const page = (await c.post('/notes/fetch', body)).json as NotesPage;
      seen.push(...page.notes.map((n) => n.text));
      cursor = page.nextCursor;
      if (cursor) expectError(await c.post('/notes/fetch', { order: 'newest', cursor }), 400, 'cursor');
    } while (cursor);
    assert.equal(seen, texts);
    const byPath = (await c.get('/notes/fetch/course-test/-/-/1/2/4/oldest')).json as NotesPage;
    assert.equal([byPath.total, byPath.notes.length, byPath.nextCursor], [5, 1, null]);
  });

  it('collections in natural title order, course notes first; the course list', async ({ fx }) => {
    const c = fx.client(learner());
    const add = (moduleId: string | null, moduleTitle: string | null, refTitle: string, seconds: number) =>
      c.post(
        '/notes/add',
        newNoteBody({
          courseId: 'c1',
          courseTitle: 'Course',
          moduleId,
          moduleTitle,
          refId: `${moduleId}-${refTitle}`,
          refTitle,
          anchor: { kind: 'time', seconds },
        }),
      );
    await add('m10', 'Module 10', 'R', 1);
    await add('m2', 'Module 2', 'Part 10', 5);
    await add('m2', 'Module 2', 'Part 9', 3);
    await add(null, null, 'Course itself', 0);
    await add('m2', 'Module 2', 'Part 9', 1);
    const col = (await c.get('/notes/collection/c1/-')).json as NoteCollection;
    assert.equal(
      col.modules.map((m) => m.moduleId),
      ['', 'm2', 'm10'],
    );
    assert.equal(
      col.modules[1]?.resources.map((r) => r.refTitle),
      ['Part 9', 'Part 10'],
    );
    assert.equal(
      col.modules[1]?.resources[0]?.notes.map((n) => n.anchor),
      [
        { kind: 'time', seconds: 1 },
        { kind: 'time', seconds: 3 },
      ],
    );
    const only = (await c.get('/notes/collection/c1/m2')).json as NoteCollection;
    assert.equal(
      only.modules.map((m) => m.moduleId),
      ['m2'],
    );
    const courses = (await c.get('/notes/list/course')).json as { courseId: string; noteCount: number }[];
    assert.equal(
      courses.map((x) => [x.courseId, x.noteCount]),
      [['c1', 5]],
    );
  });

  it.run();
}
