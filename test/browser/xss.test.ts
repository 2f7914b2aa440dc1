/**
 * Stored notes are untrusted: every XSS vector of test/fixtures/xss-vectors.ts is stored as a
 * note's `content` (with harmless `text`) on Asha's demo video, and the app is opened through the
 * harness's app server, so the deployment CSP applies, on `/`, `/view` and the course. A watcher
 * installed in every frame before any script runs records `__xss` calls, CSP violations (an
 * inline handler or script the CSP blocked is still an attempt), dialogs and requests to foreign
 * hosts; all must stay empty. The CSP alone would block inline script, so the note bodies' DOM is
 * checked too: no handler attribute, no dangerous element, no `javascript:`/`data:` address.
 */
import type { Frame, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { XSS_VECTORS } from '../fixtures/xss-vectors.ts';
import type { Scenario } from './support/app-fixture.ts';
import { browserSuite } from './support/browser-suite.ts';
import { demoPlayer, noteOn } from './support/learners.ts';
import { eventually } from './support/screen-data.ts';

const { test, scenario } = browserSuite('XSS vectors stored as note content (deployment CSP)');

const SAFE =
  '<p><strong>Safe bold</strong> and <a href="https://example.com/docs">a safe link</a></p>' +
  '<ul><li>first item</li><li>second item</li></ul>';

/** The safe note (newest) and one note per vector, all on the demo video of Machine Learning Foundations. */
const notes = () => {
  const player = demoPlayer();
  return [
    noteOn(player, 'Safe formatting', 1_000, { content: SAFE }),
    ...XSS_VECTORS.map((v) => noteOn(player, `Vector ${v.id}`, (v.id + 1) * 60_000, { content: v.html })),
  ];
};
const COUNT = XSS_VECTORS.length + 1;

/**
 * Runs in every frame before its scripts: records `__xss` calls and CSP violations. A violation
 * whose source is the sanitiser's chunk and whose target is the document itself is DOMPurify's
 * inert parse: Chromium refuses to register an inline handler as soon as the parser sets it, even
 * in a DOMParser document, and reports that under the page's CSP; nothing ran. Those are counted
 * apart; any other violation (a handler or script on a rendered element) is an attempt.
 */
const WATCH = `(() => {
  const calls = [];
  const violations = [];
  let parse = 0;
  Object.defineProperty(window, '__xss', { value: (id) => calls.push(id), configurable: false });
  Object.defineProperty(window, '__xssReport', {
    value: () => ({ calls, violations, parse }),
    configurable: false,
  });
  document.addEventListener('securitypolicyviolation', (e) => {
    if (e.target === document && /\\/assets\\/sanitizer-chunk-/.test(e.sourceFile)) parse += 1;
    else violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sample + ' ' +
      (e.target && e.target.outerHTML ? e.target.outerHTML.slice(0, 200) : String(e.target)));
  });
})();`;

/** What the watchers saw across the page's frames, plus dialogs and foreign requests. */
type Seen = { calls: number[]; violations: string[]; parse: number; dialogs: string[]; foreign: string[] };

/** Opens `route` with the vectors stored and the watchers installed. */
async function open(browser: Parameters<typeof scenario>[0], route: string) {
  const seen: Seen = { calls: [], violations: [], parse: 0, dialogs: [], foreign: [] };
  const s = await scenario(browser, {
    route,
    stackOptions: { data: { notes: notes() } },
    setup: async (page: Page) => {
      await page.addInitScript(WATCH);
      page.on('dialog', (d) => {
        seen.dialogs.push(`${d.type()}: ${d.message()}`);
        void d.dismiss();
      });
      page.on('request', (r) => {
        const { protocol, hostname } = new URL(r.url());
        if (protocol.startsWith('http') && !['127.0.0.1', 'localhost'].includes(hostname)) {
          seen.foreign.push(r.url());
        }
      });
    },
  });
  return { s, seen };
}

/** Collects the watchers' records from every frame, after late events (image errors) had time. */
async function report(s: Scenario, seen: Seen): Promise<Seen> {
  await new Promise((r) => setTimeout(r, 1500));
  for (const frame of s.page.frames()) {
    const got = await frame
      .evaluate(() => (window as unknown as { __xssReport?: () => Seen }).__xssReport?.() ?? null)
      .catch(() => null); // a frame that went away or refuses us (another origin's data: frame)
    if (got) {
      seen.calls.push(...got.calls);
      seen.violations.push(...got.violations.map((v) => `${frame.url()}: ${v}`));
      seen.parse += got.parse;
    }
  }
  return seen;
}

/** Problems in the note bodies' DOM: handlers, dangerous elements and addresses. */
const domProblems = (f: Frame) =>
  f.evaluate(() => {
    const found: string[] = [];
    const bodies = document.querySelectorAll('main .note-text');
    for (const body of bodies) {
      for (const el of body.querySelectorAll('*')) {
        const tag = el.localName;
        if (
          /^(script|iframe|object|embed|svg|math|form|input|button|style|link|meta|base|template)$/.test(tag)
        ) {
          found.push(`<${tag}>`);
        }
        for (const { name, value } of el.attributes) {
          if (/^on/i.test(name)) found.push(`${name} on <${tag}>`);
          if (/^(style|srcset|formaction|action|xlink:href|srcdoc|id|name)$/i.test(name))
            found.push(`${name} on <${tag}>`);
          if (/^\s*(javascript|data|vbscript):/i.test(value)) found.push(`${name}="${value}" on <${tag}>`);
        }
      }
    }
    return { bodies: bodies.length, found };
  });

const expectNothingRan = (seen: Seen) => {
  assert.equal(seen.calls, [], '__xss was called');
  assert.equal(seen.violations, [], 'CSP violations (attempts the CSP blocked)');
  assert.equal(seen.dialogs, [], 'dialogs');
  assert.equal(seen.foreign, [], 'requests to other hosts');
};

/** Presses "Show more notes" until every note is listed. */
async function showAll(f: Frame) {
  const more = f.getByRole('button', { name: 'Show more notes' });
  await eventually(
    async () => {
      if ((await f.locator('main article').count()) >= COUNT) return true;
      if (await more.isVisible()) await more.click().catch(() => undefined);
      return false;
    },
    `all ${COUNT} notes listed`,
    30_000, // a bound reached only on failure: a loaded machine draws 140 notes slowly
  );
}

test('/: every vector renders as a sanitised rich body, nothing runs, safe formatting stays', async ({
  browser,
}) => {
  const { s, seen } = await open(browser, '/');
  const f = s.frame();
  await f.locator('main .note-rich strong', { hasText: 'Safe bold' }).waitFor();
  await showAll(f);
  await eventually(
    async () => (await f.locator('main .note-rich').count()) === COUNT,
    'every body rendered rich',
    10_000,
  );
  const dom = await domProblems(f);
  assert.is(dom.bodies, COUNT);
  assert.equal(dom.found, [], 'dangerous markup in note bodies');

  const safe = f.locator('main article', { hasText: 'Safe bold' }).locator('.note-rich');
  assert.is(await safe.locator('strong').innerText(), 'Safe bold');
  const link = safe.getByRole('link', { name: 'a safe link' });
  assert.is(await link.getAttribute('href'), 'https://example.com/docs');
  assert.is(await link.getAttribute('rel'), 'noopener noreferrer');
  assert.is(await link.getAttribute('target'), '_blank');
  assert.equal(await safe.locator('ul > li').allInnerTexts(), ['first item', 'second item']);
  // The rich-body stylesheet came with the sanitiser.
  assert.is(await safe.evaluate((el) => getComputedStyle(el).whiteSpace), 'normal');

  expectNothingRan(await report(s, seen));
});

test('/view: previews stay plain text, nothing runs', async ({ browser }) => {
  const { s, seen } = await open(browser, '/view');
  const f = s.frame();
  await f.locator('main article', { hasText: 'Safe formatting' }).first().waitFor({ state: 'attached' });
  assert.is(await f.locator('main .note-rich').count(), 0, 'search previews are plain text');
  assert.equal((await domProblems(f)).found, []);
  expectNothingRan(await report(s, seen));
});

test('the course screen: every body rich and sanitised, nothing runs', async ({ browser }) => {
  const { s, seen } = await open(browser, '/course/course-ml-101');
  const f = s.frame();
  await f.locator('main .note-rich strong', { hasText: 'Safe bold' }).waitFor();
  await eventually(
    async () => (await f.locator('main .note-rich').count()) === COUNT,
    'every body rendered rich on the course screen',
    10_000,
  );
  assert.equal((await domProblems(f)).found, [], 'dangerous markup in note bodies');
  expectNothingRan(await report(s, seen));
});

test.run();
