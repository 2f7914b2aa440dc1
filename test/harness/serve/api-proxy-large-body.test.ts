import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SEEDED_USERS, tokenForUser } from '../../../harness/api/seed.ts';
import { MAX_JSON_BODY_BYTES, MAX_MULTIPART_BODY_BYTES } from '../../../server/src/notes/limits.ts';
import { type ProxyStack, startProxyStack } from '../support/proxy-stack.ts';
import { rawRequest } from '../support/raw-http.ts';
import { streamUpload } from '../support/stream-upload.ts';

type Ctx = ProxyStack;
const it = suite<Ctx>('app server proxy: bodies far over the API limit');
const SECRET = 'large-body-secret';
const SIXTY_MB = 60 * 1024 * 1024 + 12_345;
const asha = SEEDED_USERS[0]!;
const headers = (type: string): Record<string, string> => ({
  authorization: `Bearer ${tokenForUser(asha, SECRET)}`,
  wid: asha.wid,
  rootorg: asha.rootOrg,
  org: asha.org,
  domain: 'lex-dev.infosysapps.com',
  'content-type': type,
});

it.before(async (ctx) => {
  Object.assign(ctx, await startProxyStack(SECRET));
});
it.after((ctx) => ctx.close());

it('a 60 MB JSON body with Content-Length gets the API’s own 413, not a 502', async ({ app }) => {
  const res = await streamUpload(`${app.url}api/v1/notes/add`, {
    headers: headers('application/json'),
    total: SIXTY_MB,
  });
  assert.is(res.status, 413);
  assert.is(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.is(res.uploadError, undefined, 'the client could send its whole body');
  assert.is(res.sent, SIXTY_MB);
  assert.equal(JSON.parse(res.body.toString()), {
    error: `request body must be at most ${MAX_JSON_BODY_BYTES} bytes`,
  });
});

it('a 60 MB chunked upload gets the API’s own 413, not a 502', async ({ app }) => {
  const res = await streamUpload(`${app.url}api/v1/file/upload`, {
    headers: headers('multipart/form-data; boundary=x'),
    total: SIXTY_MB,
    chunked: true,
  });
  assert.is(res.status, 413);
  assert.equal(JSON.parse(res.body.toString()), {
    error: `request body must be at most ${MAX_MULTIPART_BODY_BYTES} bytes`,
  });
});

it('the proxy and the API keep answering after refusing a huge body', async ({ app }) => {
  // Its answer may be a 413 or, when the service's close resets the connection, a 502 (see above).
  await streamUpload(`${app.url}api/v1/notes/add`, {
    headers: headers('application/json'),
    total: SIXTY_MB,
  }).catch(() => undefined);
  const res = await rawRequest(`${app.url}api/v1/notes/recent`, { headers: headers('application/json') });
  assert.is(res.status, 200);
  assert.ok((JSON.parse(res.body.toString()) as unknown[]).length > 0);
});

it.run();
