/**
 * `harness serve` end to end: the real bin starts the mock API, the app server (real dist/) and the
 * mock portal; Chromium drives the portal's labelled controls and checks the framed app follows.
 * Then a disallowed parent origin: the CSP blocks the frame, and with the CSP stripped the app itself
 * still refuses the parent's context. Last, `--parent sunbird-cb --token-ttl 30`: what the app's frame
 * receives is exactly the real portal's context, and its AUTH_REQUEST gets an AUTH_RESPONSE.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ensureDist } from '../../harness/serve/ensure-dist.ts';
import { freePort, type HarnessProcess, spawnHarness } from '../harness/support/spawn-harness.ts';
import { launchChromium } from './support/chromium.ts';

type Ctx = { browser: Browser; dir: string; procs: HarnessProcess[] };
const test = suite<Ctx>('harness serve');
const fr = JSON.parse(readFileSync(new URL('../../locales/fr.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

test.before(async (ctx) => {
  // dist/ made ready once, as `harness serve` would, so no serve below waits on a build (a loaded
  // machine can take longer than a serve's startup is given) or starts a second one beside it.
  await ensureDist(fileURLToPath(new URL('../..', import.meta.url)), () => undefined);
  ctx.browser = await launchChromium();
  ctx.dir = mkdtempSync(join(tmpdir(), 'notes-harness-serve-'));
  ctx.procs = [];
});
test.after(async (ctx) => {
  await ctx.browser.close();
  for (const p of ctx.procs) await p.stop();
  rmSync(ctx.dir, { recursive: true, force: true });
});

/** Starts `harness serve` for a parent origin (plus `extra` flags) and returns the printed URLs once the whole summary is out. */
async function serve(ctx: Ctx, origin: string, name: string, extra: string[] = []) {
  const proc = spawnHarness([
    'serve',
    '--app-port',
    '0',
    '--api-port',
    '0',
    '--origin',
    origin,
    '--data',
    join(ctx.dir, `${name}.jsonl`),
    ...extra,
  ]);
  ctx.procs.push(proc);
  // The summary's last line: each line is its own write, so an earlier one may arrive alone.
  await proc.waitForStdout(/^Open \S+ in a browser/m);
  const parent = proc.stdout().match(/^ {2}Parent +(\S+)/m)![1]!;
  const app = proc.stdout().match(/^ {2}App +(\S+)/m)![1]!;
  return { proc, parent, app };
}

/** The app's frame once it has navigated to the app origin. */
async function appFrame(page: Page, appUrl: string): Promise<Frame> {
  const origin = new URL(appUrl).origin;
  const navigated = page.waitForEvent('framenavigated', (f) => f.url().startsWith(origin));
  const existing = page.frames().find((f) => f.url().startsWith(origin));
  if (!existing) return navigated;
  navigated.catch(() => undefined);
  return existing;
}

const logText = (page: Page) =>
  page.getByLabel('Message log', { exact: true }).evaluate((el) => el.textContent ?? '');

test('the portal frames the app, and Theme and Locale changes reach it', async (ctx) => {
  const { proc, parent, app } = await serve(ctx, `http://localhost:${await freePort()}`, 'allowed');
  const page = await ctx.browser.newPage();
  try {
    await page.goto(parent);
    const frameEl = page.getByTitle('Notes', { exact: true });
    assert.is(await frameEl.evaluate((el) => el.tagName), 'IFRAME');
    const frame = await appFrame(page, app);
    await frame
      .locator('main article', { hasText: 'The cost function measures the squared error.' })
      .waitFor();

    await page.getByLabel('Theme', { exact: true }).selectOption('light-green');
    await frame.waitForFunction(() => document.body.classList.contains('theme-light-green'));
    assert.not.ok(await frame.evaluate(() => document.body.classList.contains('theme-blue')));

    await page.getByLabel('Dark mode', { exact: true }).check();
    await frame.waitForFunction(() => document.body.classList.contains('dark-mode'));

    await page.getByLabel('Locale', { exact: true }).selectOption('fr');
    await frame.waitForFunction(() => document.documentElement.lang === 'fr');
    await frame.locator('nav').getByText(fr['My notes']!, { exact: true }).waitFor();

    await page.getByLabel('User', { exact: true }).selectOption('lukas');
    await frame.locator('main article', { hasText: 'Kontrast prüfen' }).waitFor();
    assert.is(await frame.locator('main article', { hasText: 'The cost function' }).count(), 0);

    await page.getByLabel('Frame width', { exact: true }).selectOption('360');
    await frame.waitForFunction(() => window.innerWidth < 700);

    const log = await logText(page);
    assert.match(log, /app → parent[\s\S]*LOADED/);
    assert.match(log, /parent → app[\s\S]*CONTEXT_CHANGE/);
    assert.match(log, /eyJh…\(masked\)/);
    assert.not.match(log, /eyJ[\w-]{10,}\.[\w-]+\.[\w-]+/, 'a full token leaked into the log');
  } finally {
    await page.close();
  }
  assert.is(await proc.stop(), 0, 'SIGTERM stops serve cleanly with exit code 0');
  assert.match(proc.stdout(), /^POST \/api\/v1\/notes\/fetch 200 \d+ms$/m);
});

test('the portal page has no serious or critical axe violations', async (ctx) => {
  const { parent } = await serve(ctx, `http://localhost:${await freePort()}`, 'axe');
  const page = await ctx.browser.newPage();
  try {
    await page.goto(parent);
    await page.evaluate(AXE);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; impact: string | null }[] }>;
          };
        }
      ).axe;
      const result = await axe.run(document, { iframes: false });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact }));
    });
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.equal(bad, [], JSON.stringify(bad));
  } finally {
    await page.close();
  }
});

test('a disallowed parent origin is refused: CSP blocks the frame, and the app ignores it too', async (ctx) => {
  const origin = `http://127.0.0.2:${await freePort('127.0.0.2')}`;
  const { proc, parent, app } = await serve(ctx, origin, 'refused');
  assert.match(proc.stderr(), /warning: .*127\.0\.0\.2.* not an allowed parent origin/);

  const page = await ctx.browser.newPage();
  try {
    const blocked = page.waitForEvent('requestfailed', (r) => r.url().startsWith(new URL(app).origin));
    await page.goto(parent);
    assert.is((await blocked).failure()?.errorText, 'net::ERR_BLOCKED_BY_RESPONSE');
    assert.not.match(await logText(page), /app → parent/);
  } finally {
    await page.close();
  }

  // Strip the app's CSP (bypassCSP does not cover frame-ancestors) to reach the app's own check.
  const context = await ctx.browser.newContext();
  await context.route(`${new URL(app).origin}/**`, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    await route.fulfill({ response, headers });
  });
  const bypassed = await context.newPage();
  try {
    const ignored = bypassed.waitForEvent('console', (m) =>
      m.text().startsWith('Notes: ignored a message from'),
    );
    await bypassed.goto(parent);
    await ignored;
    const log = await logText(bypassed);
    assert.match(log, /app → parent[\s\S]*LOADED/, 'the app said hello');
    assert.match(log, /parent → app[\s\S]*LOADED/, 'the parent answered');
    const frame = await appFrame(bypassed, app);
    assert.is(await frame.locator('article').count(), 0);
    assert.is((await frame.evaluate(() => document.body.innerText)).trim(), '');
  } finally {
    await context.close();
  }
});

/** A message the app's frame received, as the frame saw it (structured clone: `undefined` kept). */
type Received = { origin: string; data: Record<string, unknown> };

/** Records, in every frame but the top one, each message it receives, into `window.__received`. */
const RECORD_FRAME_MESSAGES = () => {
  if (window === window.top) return;
  const list: unknown[] = [];
  (window as unknown as { __received: unknown[] }).__received = list;
  window.addEventListener('message', (e) => list.push({ origin: e.origin, data: e.data }));
};

const receivedIn = (frame: Frame): Promise<Received[]> =>
  frame.evaluate(() => (window as unknown as { __received: Received[] }).__received);

/** The first message the frame received that `match` accepts, waiting up to 15 s for it. */
async function waitForReceived(frame: Frame, match: (r: Received) => boolean): Promise<Received> {
  for (let i = 0; i < 150; i++) {
    const found = (await receivedIn(frame)).find(match);
    if (found) return found;
    await frame.waitForTimeout(100);
  }
  throw new Error(`the frame never received it; it got ${JSON.stringify(await receivedIn(frame))}`);
}

test('--parent sunbird-cb --token-ttl 30: the real portal context, and AUTH_REQUEST answered', async (ctx) => {
  const origin = `http://localhost:${await freePort()}`;
  const { proc, parent, app } = await serve(ctx, origin, 'sunbird', [
    '--parent',
    'sunbird-cb',
    '--token-ttl',
    '30',
  ]);
  assert.match(proc.stdout(), /^ {2}Portal +sunbird-cb .*tokens last 30 s$/m);
  const context = await ctx.browser.newContext();
  await context.addInitScript(RECORD_FRAME_MESSAGES);
  const page = await context.newPage();
  try {
    await page.goto(parent);
    const frame = await appFrame(page, app);
    const loaded = await waitForReceived(frame, (r) => r.data.requestId === 'LOADED');
    assert.is(loaded.origin, origin);
    assert.equal(loaded.data, {
      subApplicationName: 'NOTES',
      requestId: 'LOADED',
      data: null,
      parentContext: {
        domainName: 'localhost',
        url: '/viewer/html/do_1137?collectionId=do_1130&viewMode=RESUME',
        rootOrg: 'igot',
        theme: { name: 'iGOT Theme', accent: '#00A9F4', primary: '#ffffff', warn: '#f44336' },
        fontSize: '14px',
        locale: 'en',
        darkMode: false,
        subApplicationStartMode: 'RESUME',
        user: { firstName: 'ravi.kumar', lastName: undefined, userId: '', roles: ['public'] },
        heartbeatFrequency: '200',
      },
    });

    // The app has no token in the context, so it asks the portal; the answer echoes its id.
    const response = await waitForReceived(frame, (r) => r.data.type === 'AUTH_RESPONSE');
    assert.is(response.origin, origin);
    const { token, id } = response.data.data as { token: string; id: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    assert.is(claims.wid, 'wid-ravi-5b10');
    assert.is(claims.exp - claims.iat, 30, 'minted with --token-ttl');
    assert.equal(
      { ...response.data, data: { id } },
      { app: 'WEB_PORTAL', type: 'AUTH_RESPONSE', state: 'NONE', plugin: 'NONE', data: { id } },
    );
    const log = await logText(page);
    assert.match(log, new RegExp(`app → parent[\\d:.]+AUTH_REQUEST[\\s\\S]*?"id": "${id}"`));
    assert.match(log, /parent → app[\d:.]+AUTH_RESPONSEto \*/);
    assert.match(log, /parent → app[\d:.]+LOADEDto \*/);
    assert.not.match(log, /eyJ[\w-]{10,}\.[\w-]+\.[\w-]+/, 'a full token leaked into the log');

    // With the portal's token and org = rootOrg, Ravi's seeded notes show (the most recent: no player).
    await frame.locator('main article', { hasText: 'Async updates: write the decision first' }).waitFor();

    await page.getByLabel('Font size', { exact: true }).selectOption('18px');
    await page.getByLabel('Theme', { exact: true }).selectOption('none');
    const changed = await waitForReceived(
      frame,
      (r) =>
        r.data.requestId === 'CONTEXT_CHANGE' && (r.data.parentContext as { theme: unknown }).theme === '',
    );
    const changedContext = changed.data.parentContext as Record<string, unknown>;
    assert.is(changedContext.fontSize, '18px');
    assert.not.ok('org' in changedContext);
    assert.is(changed.data.data, null);
  } finally {
    await context.close();
  }
});

test.run();
