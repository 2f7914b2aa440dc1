import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SEEDED_USERS } from '../../../harness/api/seed.ts';
import type { ApiOptions, RunningApi } from '../../../harness/api/server.ts';
import { UsageError } from '../../../harness/cli/usage-error.ts';
import { runServe, type ServeDeps, type ServeSettings } from '../../../harness/serve/run-serve.ts';
import { startFakeApiServer } from '../../fakes/fake-api-server.ts';
import { createFakeDist } from '../../fakes/fake-dist.ts';
import { rawRequest } from '../support/raw-http.ts';
import { freePort } from '../support/spawn-harness.ts';

type World = {
  root: string;
  out: string[];
  err: string[];
  apis: { options: ApiOptions; closed: boolean }[];
  opened: string[];
  deps: ServeDeps;
};
const it = suite<World>('run serve');

it.before.each((w) => {
  w.root = mkdtempSync(join(tmpdir(), 'notes-run-serve-'));
  createFakeDist(join(w.root, 'dist'));
  w.out = [];
  w.err = [];
  w.apis = [];
  w.opened = [];
  w.deps = {
    io: { out: (l) => w.out.push(l), err: (l) => w.err.push(l) },
    env: {},
    ensureDist: async () => {},
    startApi: async (options): Promise<RunningApi> => {
      const fake = await startFakeApiServer();
      const record = { options, closed: false };
      w.apis.push(record);
      return {
        url: fake.url,
        port: Number(new URL(fake.url).port),
        setFaults: () => {},
        close: async () => {
          record.closed = true;
          await fake.close();
        },
      };
    },
    openInBrowser: (url) => {
      w.opened.push(url);
      return `opening ${url}`;
    },
  };
});
it.after.each((w) => rmSync(w.root, { recursive: true, force: true }));

const settings = async (w: World, over: Partial<ServeSettings> = {}): Promise<ServeSettings> => ({
  root: w.root,
  origin: `http://localhost:${await freePort()}`,
  appPort: 0,
  apiPort: 0,
  locale: 'en',
  theme: 'blue',
  darkMode: false,
  fontSize: 'medium',
  route: '/',
  user: SEEDED_USERS[0]!,
  parent: 'default',
  dataFile: join(w.root, 'notes.db'),
  secret: 'test-secret',
  faults: { latencyMs: 0, failRate: 0, lostRate: 0, timeoutRate: 0 },
  open: false,
  ...over,
});

const urlOf = (out: string[], name: string): string => {
  const line = out.find((l) => l.trimStart().startsWith(name));
  assert.ok(line, `no ${name} line in ${out.join('\n')}`);
  return line!.trim().split(/\s+/)[1]!;
};

it('starts API, app and parent, prints their URLs, and close stops all three', async (w) => {
  const s = await settings(w);
  const running = await runServe(s, w.deps);
  const app = urlOf(w.out, 'App');
  const parent = urlOf(w.out, 'Parent');
  assert.is(parent, `${s.origin}/`);
  assert.match(urlOf(w.out, 'API'), /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
  assert.ok(w.out.some((l) => l.startsWith(`Open ${parent}`)));
  assert.is(w.apis[0]!.options.secret, 'test-secret');
  assert.is(w.apis[0]!.options.dataFile, s.dataFile);
  assert.equal(w.err, []);
  const proxied = await rawRequest(`${app}api/v1/notes/recent`);
  assert.is(proxied.status, 201, 'the app proxies to the API it started');
  const page = (await rawRequest(parent)).body.toString();
  assert.match(page, new RegExp(`"appOrigin":"${app.replace(/\/$/, '')}"`));
  assert.match(
    String((await rawRequest(app)).headers['content-security-policy']),
    /frame-ancestors .*http:\/\/localhost:\*/,
  );
  await running.close();
  assert.ok(w.apis[0]!.closed);
  for (const url of [app, parent]) {
    await rawRequest(url).then(
      () => assert.unreachable(`${url} still answers`),
      (err: NodeJS.ErrnoException) => assert.is(err.code, 'ECONNREFUSED'),
    );
  }
});

it('a course route from --route reaches the page, the printed line and the app server', async (w) => {
  const running = await runServe(await settings(w, { route: '/course/course-ml-101' }), w.deps);
  try {
    const page = (await rawRequest(urlOf(w.out, 'Parent'))).body.toString();
    assert.match(page, /<option value="\/course\/course-ml-101" selected>/);
    assert.ok(w.out.some((l) => l.includes('route /course/course-ml-101')));
    const frame = await rawRequest(`${urlOf(w.out, 'App')}course/course-ml-101`);
    assert.is(frame.status, 200, 'the SPA fallback serves the course route');
  } finally {
    await running.close();
  }
});

const lifetime = (token: string): number => {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  return claims.exp - claims.iat;
};

it('--parent sunbird-cb and --token-ttl reach the page, every token it mints, and the summary', async (w) => {
  const ravi = SEEDED_USERS.find((u) => u.name === 'ravi')!;
  const running = await runServe(
    await settings(w, { parent: 'sunbird-cb', tokenTtl: 30, user: ravi }),
    w.deps,
  );
  try {
    const parent = urlOf(w.out, 'Parent');
    const html = (await rawRequest(parent)).body.toString();
    const json = html.match(/<script type="application\/json" id="harness-config">(.*?)<\/script>/s)![1]!;
    const config = JSON.parse(json);
    assert.is(config.parent, 'sunbird-cb');
    assert.is(config.tokenTtl, 30);
    assert.is(config.initial.user, 'ravi');
    assert.is(config.initial.playerData, false, 'the real portal sends no playerData');
    assert.is(lifetime(config.token), 30);
    const minted = JSON.parse((await rawRequest(`${parent}harness/token?user=lukas`)).body.toString());
    assert.is(lifetime(minted.token), 30);
    assert.ok(w.out.includes("  Portal  sunbird-cb (the real portal's messages); tokens last 30 s"));
  } finally {
    await running.close();
  }
});

it('the default portal starts with player data, and tokens last 12 hours', async (w) => {
  const running = await runServe(await settings(w), w.deps);
  try {
    const html = (await rawRequest(urlOf(w.out, 'Parent'))).body.toString();
    assert.match(html, /"parent":"default"/);
    assert.match(html, /"playerData":true/);
    assert.ok(w.out.includes('  Portal  default; tokens last 12 hours'));
  } finally {
    await running.close();
  }
});

it('a refused origin is served with a warning and kept out of frame-ancestors', async (w) => {
  const s = await settings(w, { origin: `http://127.0.0.2:${await freePort('127.0.0.2')}` });
  const running = await runServe(s, w.deps);
  try {
    assert.is(w.err.length, 1);
    assert.match(
      w.err[0]!,
      /^harness: warning: http:\/\/127\.0\.0\.2:\d+ is not an allowed parent origin, so the app will refuse this parent/,
    );
    const csp = String((await rawRequest(urlOf(w.out, 'App'))).headers['content-security-policy']);
    assert.not.match(csp, /127\.0\.0\.2/);
  } finally {
    await running.close();
  }
});

it('a busy app port is a UsageError naming --app-port, and the API is stopped again', async (w) => {
  const first = await runServe(await settings(w), w.deps);
  const busy = Number(new URL(urlOf(w.out, 'App')).port);
  try {
    await runServe(await settings(w, { appPort: busy }), w.deps);
    assert.unreachable();
  } catch (err) {
    assert.instance(err, UsageError);
    assert.match((err as Error).message, /already in use.*--app-port/);
    assert.ok(w.apis[1]!.closed);
  } finally {
    await first.close();
  }
});

it('an https origin is refused before anything starts', async (w) => {
  try {
    await runServe(await settings(w, { origin: 'https://localhost:4200' }), w.deps);
    assert.unreachable();
  } catch (err) {
    assert.instance(err, UsageError);
    assert.is(w.apis.length, 0);
  }
});

it('a failed build stops the API it started and rejects', async (w) => {
  w.deps.ensureDist = async () => {
    throw new Error('the build failed');
  };
  try {
    await runServe(await settings(w), w.deps);
    assert.unreachable();
  } catch (err) {
    assert.is((err as Error).message, 'the build failed');
    assert.ok(w.apis[0]!.closed);
  }
});

it('--open hands the parent URL to the opener and prints what happened', async (w) => {
  const running = await runServe(await settings(w, { open: true }), w.deps);
  try {
    const parent = urlOf(w.out, 'Parent');
    assert.equal(w.opened, [parent]);
    assert.is(w.out.at(-1), `opening ${parent}`);
  } finally {
    await running.close();
  }
});

it.run();
