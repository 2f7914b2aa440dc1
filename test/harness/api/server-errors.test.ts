import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signJwt, signToken } from '../../../harness/api/auth.ts';
import { tokenForUser } from '../../../harness/api/seed.ts';
import { MAX_CONTENT_BYTES } from '../../../server/src/notes/limits.ts';
import type { ApiErrorBody, Note } from '../../../src/protocol/api-types.ts';
import {
  type Answer,
  type Client,
  clientFor,
  type Fixture,
  headersFor,
  newNoteBody,
  seeded,
  startFixture,
  TEST_SECRET,
} from './support/api-fixture.ts';

type Ctx = { fx: Fixture; asha: Client };
const errors = suite<Ctx>('server: error answers');
const NOW = new Date('2024-06-01T12:00:00.000Z');

errors.before.each(async (ctx) => {
  ctx.fx = await startFixture({ now: () => NOW });
  ctx.asha = clientFor(ctx.fx.api, seeded(0));
});
errors.after.each(async (ctx) => {
  await ctx.fx.stop();
});

/** Every error is JSON `{ error: string }` with the JSON content type. */
const expectError = (r: Answer, status: number, message?: string | RegExp) => {
  assert.is(r.status, status);
  assert.is(r.headers.get('content-type'), 'application/json; charset=utf-8');
  const body = r.json as ApiErrorBody;
  assert.type(body.error, 'string');
  if (message !== undefined) assert.match(body.error, message);
};

errors('400 per field, naming the field', async ({ asha }) => {
  expectError(
    await asha.post('/notes/add', newNoteBody({ refId: '' })),
    400,
    'refId must be a non-empty string',
  );
  expectError(
    await asha.post('/notes/add', newNoteBody({ anchor: { kind: 'page', page: -2 } })),
    400,
    'anchor.page',
  );
  expectError(await asha.post('/notes/add', newNoteBody({ tags: [1] })), 400, 'tags[0]');
  expectError(
    await asha.post('/notes/update', { noteId: 'seed-asha-01' }),
    400,
    'version must be an integer',
  );
  expectError(await asha.post('/notes/delete', {}), 400, 'noteId must be a non-empty string');
  expectError(await asha.post('/notes/fetch', { limit: 500 }), 400, 'limit must be an integer from 1 to 100');
  expectError(await asha.post('/notes/fetch', { order: 'sideways' }), 400, 'order must be');
  expectError(await asha.post('/notes/fetch', { cursor: 'bm9wZQ' }), 400, 'cursor is malformed');
  expectError(await asha.get('/notes/fetch/-/-/-/2/20/0/newest'), 400, 'flag must be 1 or 0');
  expectError(await asha.get('/notes/fetch/-/-/-/1/0/0/newest'), 400, 'limit');
  expectError(await asha.get('/notes/collection/-/-'), 400, 'courseId must be a non-empty string');
});

errors('400 for malformed JSON and non-object bodies', async ({ asha }) => {
  expectError(await asha.post('/notes/add', '{"refId": "x",'), 400, 'request body is not valid JSON');
  expectError(await asha.post('/notes/add', '[]'), 400, 'body must be a JSON object');
  expectError(await asha.post('/notes/fetch', 'null'), 400, 'body must be a JSON object');
});

errors('400 when rootorg, org or domain is missing', async ({ asha }) => {
  expectError(await asha.get('/notes/recent', { rootorg: undefined }), 400, 'rootorg header is required');
  expectError(await asha.get('/notes/recent', { org: undefined }), 400, 'org header is required');
  expectError(await asha.get('/notes/recent', { domain: undefined }), 400, 'domain header is required');
});

errors(
  '401: missing, malformed, tampered, wrong alg, wrong secret, expired, wid mismatch',
  async ({ asha, fx }) => {
    const user = seeded(0);
    const good = tokenForUser(user, TEST_SECRET);
    const [h, , s] = good.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ wid: user.wid, exp: 9e9 })).toString('base64url');
    const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ authorization: undefined }, /Authorization header/],
      [bearer('not-a-jwt'), /not a JWT/],
      [bearer(`${h}.${forgedPayload}.${s}`), /signature is invalid/],
      [bearer(signJwt({ alg: 'none' }, { wid: user.wid, exp: 9e9 }, TEST_SECRET)), /HS256/],
      [bearer(tokenForUser(user, 'some-other-secret')), /signature is invalid/],
      [
        bearer(signToken({ wid: user.wid }, TEST_SECRET, 60, () => new Date(NOW.getTime() - 61_000))),
        /expired/,
      ],
      [{ wid: seeded(1).wid }, /wid header does not match/],
      [{ wid: undefined }, /^Unauthorized: wid header is required$/],
    ];
    for (const [headers, why] of cases) {
      const r = await asha.post('/notes/add', newNoteBody(), headers);
      expectError(r, 401, why);
      assert.is(r.headers.get('www-authenticate'), 'Bearer');
    }
    const stillValid = signToken({ wid: user.wid }, TEST_SECRET, 60, () => new Date(NOW.getTime() - 59_000));
    assert.is((await asha.get('/notes/recent', bearer(stillValid))).status, 200);
    for (const line of fx.logs) assert.not.match(line, good.slice(-16));
  },
);

errors('404 for unknown routes and unknown notes', async ({ asha }) => {
  expectError(await asha.get('/notes/nothing'), 404, 'no such API route');
  expectError(await asha.raw('/../../etc/passwd', {}), 404);
  expectError(
    await asha.post('/notes/update', { noteId: 'missing', version: 1, content: 'x' }),
    404,
    'note not found',
  );
  expectError(await asha.post('/notes/delete', { noteId: 'missing' }), 404, 'note not found');
});

errors('405 for a known path with the wrong method, with Allow', async ({ fx }) => {
  const r = await fetch(`${fx.api.url}/api/v1/notes/add`, { headers: headersFor(seeded(0)) });
  assert.is(r.status, 405);
  assert.is(r.headers.get('allow'), 'POST');
  assert.match(((await r.json()) as ApiErrorBody).error, 'method GET is not allowed');
  const put = await fetch(`${fx.api.url}/api/v1/notes/recent`, {
    method: 'PUT',
    headers: headersFor(seeded(0)),
  });
  assert.equal([put.status, put.headers.get('allow')], [405, 'GET']);
});

errors('409 with the current note when the version is stale', async ({ asha }) => {
  const first = await asha.post('/notes/update', {
    noteId: 'seed-asha-02',
    version: 1,
    content: '<p>first</p>',
  });
  assert.is(first.status, 200);
  const stale = await asha.post('/notes/update', {
    noteId: 'seed-asha-02',
    version: 1,
    content: '<p>second</p>',
  });
  expectError(stale, 409, 'version 1 is stale: the note is at version 2');
  const current = (stale.json as ApiErrorBody).current as Note;
  assert.equal([current.noteId, current.version, current.text], ['seed-asha-02', 2, 'first']);
  expectError(await asha.post('/notes/delete', { noteId: 'seed-asha-02', version: 1 }), 409);
  assert.is((await asha.post('/notes/delete', { noteId: 'seed-asha-02', version: 2 })).status, 200);
});

errors('413 for oversized content and oversized bodies; nothing is stored', async ({ asha }) => {
  const big = 'ü'.repeat(MAX_CONTENT_BYTES / 2 + 1);
  expectError(
    await asha.post('/notes/add', newNoteBody({ content: big })),
    413,
    'content must be at most 102400 bytes',
  );
  expectError(
    await asha.post('/notes/update', { noteId: 'seed-asha-01', version: 1, content: big }),
    413,
    'content must be at most',
  );
  const huge = JSON.stringify(newNoteBody({ content: 'x'.repeat(1_100_000) }));
  expectError(await asha.post('/notes/add', huge), 413, 'request body must be at most 1048576 bytes');
  const total = ((await asha.post('/notes/fetch', {})).json as { total: number }).total;
  assert.is(total, 7);
  const note = (await asha.post('/notes/fetch', { query: 'team review' })).json as { notes: Note[] };
  assert.is(note.notes[0]?.version, 1);
});

errors.run();
