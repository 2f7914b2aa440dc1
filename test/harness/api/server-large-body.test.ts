import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_JSON_BODY_BYTES, MAX_MULTIPART_BODY_BYTES } from '../../../server/src/notes/limits.ts';
import { streamUpload } from '../support/stream-upload.ts';
import { type Fixture, headersFor, seeded, startFixture } from './support/api-fixture.ts';

type Ctx = { fx: Fixture };
const big = suite<Ctx>('server: bodies far over the limit');
const SIXTY_MB = 60 * 1024 * 1024 + 7;

big.before(async (ctx) => {
  ctx.fx = await startFixture();
});
big.after(async (ctx) => {
  await ctx.fx.stop();
});

const errorOf = (body: Buffer): unknown => JSON.parse(body.toString('utf8'));

big('a 60 MB body with Content-Length: 413 JSON, and the client may finish sending', async ({ fx }) => {
  const res = await streamUpload(`${fx.api.url}/api/v1/notes/add`, {
    headers: headersFor(seeded(0)),
    total: SIXTY_MB,
  });
  assert.is(res.status, 413);
  assert.is(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(errorOf(res.body), { error: `request body must be at most ${MAX_JSON_BODY_BYTES} bytes` });
  assert.is(res.uploadError, undefined, 'the API read and dropped the rest instead of resetting');
  assert.is(res.sent, SIXTY_MB);
  assert.not.ok(res.headers.connection === 'close', 'the connection stays usable');
});

big('a 60 MB chunked upload: 413 once the cap is passed, and the client may finish', async ({ fx }) => {
  const res = await streamUpload(`${fx.api.url}/api/v1/file/upload`, {
    headers: headersFor(seeded(1), { 'content-type': 'multipart/form-data; boundary=b' }),
    total: SIXTY_MB,
    chunked: true,
  });
  assert.is(res.status, 413);
  assert.equal(errorOf(res.body), {
    error: `request body must be at most ${MAX_MULTIPART_BODY_BYTES} bytes`,
  });
  assert.is(res.uploadError, undefined);
  assert.is(res.sent, SIXTY_MB);
});

big('a 60 MB body with a bad token: 401, and the client may finish', async ({ fx }) => {
  const res = await streamUpload(`${fx.api.url}/api/v1/notes/add`, {
    headers: headersFor(seeded(0), { authorization: 'Bearer nope' }),
    total: SIXTY_MB,
  });
  assert.is(res.status, 401);
  assert.is(res.uploadError, undefined);
});

big.run();
