import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SEEDED_USERS, tokenForUser } from '../../../harness/api/seed.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { type ProxyStack, startProxyStack } from '../support/proxy-stack.ts';
import { rawRequest } from '../support/raw-http.ts';

type Ctx = ProxyStack;
const it = suite<Ctx>('app server proxy: compressed answers and Idempotency-Key pass through');
const SECRET = 'passthrough-secret';
const asha = SEEDED_USERS[0]!;
const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
  authorization: `Bearer ${tokenForUser(asha, SECRET)}`,
  wid: asha.wid,
  rootorg: asha.rootOrg,
  org: asha.org,
  domain: 'lex-dev.infosysapps.com',
  'content-type': 'application/json',
  ...extra,
});
const NOTE = {
  refId: 'res-proxy',
  refTitle: 'Proxy',
  courseId: null,
  courseTitle: null,
  moduleId: null,
  moduleTitle: null,
  content: '<p>through the proxy</p>',
  text: '',
  anchor: null,
  tags: [],
};

it.before(async (ctx) => {
  Object.assign(ctx, await startProxyStack(SECRET));
});
it.after((ctx) => ctx.close());

for (const accept of ['br', 'gzip']) {
  it(`a ${accept} answer arrives byte for byte as the API sent it`, async ({ api, app }) => {
    const init = { headers: headers({ 'accept-encoding': accept }) };
    const direct = await rawRequest(`${api.url}/api/v1/notes/recent`, init);
    const proxied = await rawRequest(`${app.url}api/v1/notes/recent`, init);
    assert.is(proxied.status, 200);
    assert.is(proxied.headers['content-encoding'], accept);
    assert.is(proxied.headers.vary, direct.headers.vary, 'Vary as the API sent it');
    assert.match(String(proxied.headers.vary), /(^|,\s*)accept-encoding(,|$)/i);
    assert.ok(proxied.body.equals(direct.body), 'same bytes: not decoded, not encoded twice');
    const length = proxied.headers['content-length'];
    if (length !== undefined) assert.is(Number(length), proxied.body.length);
    else assert.is(proxied.headers['transfer-encoding'], 'chunked');
    const text = (accept === 'br' ? brotliDecompressSync(proxied.body) : gunzipSync(proxied.body)).toString();
    assert.ok(Array.isArray(JSON.parse(text)));
  });
}

it('no Accept-Encoding through the proxy: plain JSON', async ({ app }) => {
  const res = await rawRequest(`${app.url}api/v1/notes/recent`, { headers: headers() });
  assert.is(res.headers['content-encoding'], undefined);
  assert.ok(Array.isArray(JSON.parse(res.body.toString())));
});

it('Idempotency-Key reaches the API: the second add with the key is 200 with the same note', async ({
  app,
}) => {
  const send = () =>
    rawRequest(`${app.url}api/v1/notes/add`, {
      method: 'POST',
      headers: headers({ 'idempotency-key': 'proxy-key-1' }),
      body: JSON.stringify(NOTE),
    });
  const first = await send();
  const again = await send();
  assert.equal([first.status, again.status], [201, 200]);
  assert.is(
    (JSON.parse(again.body.toString()) as Note).noteId,
    (JSON.parse(first.body.toString()) as Note).noteId,
  );
});

it.run();
