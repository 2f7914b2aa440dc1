/**
 * WebKit (Safari's engine) smoke test: WebKitGTK's MiniBrowser through `WebKitWebDriver` under
 * `xvfb-run -a` (test/webkit/webdriver.ts), the real build on the harness's app server, framed
 * cross-site by the stand-in portal on `localhost`. First notes; Add note typed, saved and stored
 * exactly once by the mock API; a reload whose frame document comes from the service worker.
 * WebDriver element clicks do not reach the cross-site frame, so buttons are pressed by a click
 * dispatched in the frame; the text goes in by element send-keys, as typed keys.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Stack, startStack } from '../browser/support/app-stack.ts';
import { portalContext } from '../browser/support/learners.ts';
import type { Running } from '../browser/support/loopback.ts';
import { PAGE, serveParent } from '../browser/support/parent-page.ts';
import { type Driver, newSession, type Session, startDriver } from './webdriver.ts';

type Ctx = { driver: Driver; session: Session; stack: Stack; portal: Running };
const test = suite<Ctx>('WebKit smoke (MiniBrowser)');

const VIDEO = 'res-ml-linear-video';
const FIRST_NOTE = 'The cost function'; // Asha's seeded notes on her demo video
const TYPED = 'Typed in WebKit: the gradient points uphill';

test.before(async (ctx) => {
  ctx.stack = await startStack();
  const context = JSON.stringify(portalContext());
  ctx.portal = await serveParent(
    '127.0.0.1',
    ctx.stack.appUrl('/'),
    900,
    (appUrl, width) => `<script>window.__ctx = ${context};</script>${PAGE(appUrl, width)}`,
  );
  ctx.driver = await startDriver();
  ctx.session = await newSession(ctx.driver);
});
test.after(async (ctx) => {
  await ctx.session?.close();
  await ctx.driver?.close();
  await ctx.portal?.close();
  await ctx.stack?.close();
});

/** Opens (or reloads) the portal on `localhost` and switches into the app's frame. */
async function openPortal({ session, portal }: Ctx) {
  await session.frame(null);
  await session.navigate(`${portal.origin.replace('127.0.0.1', 'localhost')}/`);
  await session.until('the portal', "return document.querySelector('iframe')");
  await session.frame(await session.find('iframe'));
}

/** Waits until the frame's text contains `text`. */
const waitText = (s: Session, text: string) =>
  s.until(`"${text}" in the frame`, `return document.body.innerText.includes(${JSON.stringify(text)})`);

/** Presses the button named `name` with a click dispatched in the frame. */
const press = (s: Session, name: string) =>
  s.execute(
    `const b = [...document.querySelectorAll('button')].find((x) => x.textContent.trim() === arguments[0]
       || x.getAttribute('aria-label') === arguments[0]);
     if (!b) throw new Error('no button ' + arguments[0]);
     b.click();`,
    name,
  );

test('first notes, Add note typed and stored once, a reload served by the service worker', async (ctx) => {
  const { session: s, stack } = ctx;
  await openPortal(ctx);
  await waitText(s, FIRST_NOTE);
  assert.is(
    await s.execute<string>("return document.querySelector('main h1').textContent"),
    'Linear regression explained',
  );

  const before = (await stack.client().notesOn(VIDEO)).length;
  await press(s, 'Add note');
  await s.until('the editor focused', "return document.activeElement?.classList.contains('ql-editor')");
  await s.type(await s.find('.ql-editor'), TYPED);
  await s.until(
    'the typed text',
    `return document.querySelector('.ql-editor').innerText.includes(${JSON.stringify(TYPED)})`,
  );
  await press(s, 'Save');
  await s.until(
    '"Note saved" announced',
    "return document.querySelector('[role=status][aria-live=polite]')?.textContent === 'Note saved'",
  );
  const stored = (await stack.client().notesOn(VIDEO)).filter((n) => n.text.includes(TYPED));
  assert.is(stored.length, 1, 'stored exactly once');
  assert.is((await stack.client().notesOn(VIDEO)).length, before + 1);
  assert.is(
    stack.calls.filter((l) => l.startsWith('POST /api/v1/notes/add ')).length,
    1,
    'one add reached the API',
  );

  // The first visit registered the worker; once it is active, the next visit is its to serve.
  // The stored index.html gets a mark: a document that carries it came out of Cache Storage.
  await s.until(
    'the service worker active',
    'navigator.serviceWorker.getRegistration().then((r) => (window.__sw = r?.active?.state)); return window.__sw === "activated"',
  );
  const marked = await s.execute<boolean>(`return (async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!new URL(request.url).pathname.endsWith('/index.html')) continue;
        const stored = await cache.match(request);
        const html = (await stored.text()).replace('<head>', '<head><meta name="cached-copy" content="1">');
        await cache.put(request, new Response(html, { headers: stored.headers }));
        return true;
      }
    }
    return false;
  })()`);
  assert.ok(marked, 'index.html is in Cache Storage');
  await openPortal(ctx);
  await waitText(s, TYPED);
  assert.ok(
    await s.execute<boolean>('return !!navigator.serviceWorker.controller'),
    'a service worker controls the frame',
  );
  assert.ok(
    await s.execute<boolean>("return document.querySelector('meta[name=cached-copy]') !== null"),
    'the frame document came from the worker, out of Cache Storage',
  );
  assert.is(
    await s.execute<boolean>('return localStorage.length > 0'),
    true,
    'localStorage in the cross-site frame',
  );
});

test.run();
