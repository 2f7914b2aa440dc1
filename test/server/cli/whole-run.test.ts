/**
 * One whole run of the bin: traffic of every kind (adds with recognisable text, bad bodies quoting
 * it, refused tokens, an upload), then SIGTERM during a slow request — the request completes and
 * the process exits 0 — then the run's logs: JSON lines, none holding a token, an Authorization or
 * x-authenticated-user-token header, or any note text.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { devToken } from '../support/app-fixture.ts';
import { devServeArgs, type ServerProcess, spawnServer } from '../support/spawn-server.ts';

const SECRET_TEXT = 'Zebra-Quokka-4471 private thought';
const token = devToken('w-log', { given_name: 'Log', family_name: 'Tester' });
const other = devToken('w-other');
const headers = { authorization: `Bearer ${token}`, wid: 'w-log', rootorg: 'r', org: 'o', domain: 'd' };

type Ctx = { dir: string; p: ServerProcess; url: string };
const it = suite<Ctx>('a whole run of notes-server');
it.before(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'notes-run-'));
  ctx.p = spawnServer(devServeArgs(join(ctx.dir, 'n.db'), join(ctx.dir, 'f')));
  ctx.url = await ctx.p.url;
});
it.after(async (ctx) => {
  await ctx.p.stop();
  rmSync(ctx.dir, { recursive: true, force: true });
});

const post = (url: string, path: string, body: string, extra: Record<string, string> = {}) =>
  fetch(`${url}/api/v1${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', ...extra },
    body,
  });

it('traffic of every kind', async ({ url }) => {
  const added = await post(
    url,
    '/notes/add',
    JSON.stringify({ refId: 'r', content: `<p>${SECRET_TEXT}</p>` }),
    { 'idempotency-key': 'k1' },
  );
  assert.is(added.status, 201);
  const id = ((await added.json()) as { noteId: string }).noteId;
  assert.is(
    (await post(url, '/notes/update', JSON.stringify({ noteId: id, version: 1, text: SECRET_TEXT }))).status,
    200,
  );
  assert.is(
    (await post(url, '/notes/update', JSON.stringify({ noteId: id, version: 1, text: SECRET_TEXT }))).status,
    409,
  );
  assert.is((await post(url, '/notes/add', `{"content": "${SECRET_TEXT}",`)).status, 400);
  assert.is((await post(url, '/notes/add', JSON.stringify({ refId: 5, content: SECRET_TEXT }))).status, 400);
  assert.is((await post(url, '/notes/fetch', JSON.stringify({ query: SECRET_TEXT }))).status, 200);
  assert.is((await post(url, '/notes/fetch', '{}', { authorization: `Bearer ${other}` })).status, 401);
  assert.is(
    (await post(url, '/notes/fetch', '{}', { authorization: '', 'x-authenticated-user-token': `${token}x` }))
      .status,
    401,
  );
  assert.is((await fetch(`${url}/api/v1/notes/recent?token=${token}`, { headers })).status, 200);
});

it('SIGTERM during a slow request: the request completes, then the process exits 0', async ({ url, p }) => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64 * 1024, 3),
  ]);
  const boundary = 'slowBoundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const { port } = new URL(url);
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/file/upload',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, 1000));
    setTimeout(() => {
      p.child.kill('SIGTERM');
      setTimeout(() => req.end(body.subarray(1000)), 1500);
    }, 1500);
  });
  const done = await answer;
  assert.is(done.status, 200, done.text);
  assert.match(done.text, /"type":"image\/png"/);
  assert.is(await p.exited, 0);
});

it('the logs of the whole run: JSON lines with no token, no auth header, no note text', async ({ p }) => {
  assert.ok(p.stderr.length > 10, `${p.stderr.length} lines`);
  for (const line of p.stderr) {
    const entry = JSON.parse(line) as Record<string, unknown>;
    assert.type(entry.level, 'number');
    for (const secret of [
      token,
      token.split('.')[2] ?? '',
      other.split('.')[1] ?? '',
      'Zebra',
      'Quokka',
      'private thought',
    ])
      assert.not.ok(line.includes(secret), `${secret.slice(0, 12)}… in ${line}`);
    assert.not.match(line.toLowerCase(), /authorization|x-authenticated-user-token|bearer/);
  }
  assert.ok(
    p.stderr.some((l) => l.includes('"statusCode":409')),
    'requests are logged',
  );
});

it.run();
