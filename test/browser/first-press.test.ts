/**
 * No press lost at the first note (issue 26): the first note paints from the first load alone,
 * and the code behind most controls (the editing parts and the editor, the note actions, the All
 * notes screen…) arrives a moment later in lazy files. A press made in between must be done once,
 * at once or as soon as its code is in, with focus where the press put it. Every lazy file is held
 * at the network here until the test lets it go, so each press below lands in that gap.
 */
import type { Frame, Page, Route } from 'playwright-core';
import * as assert from 'uvu/assert';
import type { Scenario } from './support/app-fixture.ts';
import { browserSuite } from './support/browser-suite.ts';
import { COST, COST_ID, card, VIDEO } from './support/demo-video.ts';
import { seeks, waitAnnounced } from './support/frame-helpers.ts';
import { readyEditor, replaceText } from './support/note-editor.ts';

const { test, scenario } = browserSuite('first press');

/** The files the first note does not wait for: every script and screen stylesheet but the start's own. */
const LAZY = /\/assets\/(?!early-|fallback-)[^/]+\.(js|css)$/;

/** Holds every lazy file until `release`; `held` lists what was asked for meanwhile. */
function holdLazyFiles() {
  const held: string[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((done) => {
    release = done;
  });
  let open = false;
  const setup = (page: Page) =>
    page.route(LAZY, async (route: Route) => {
      if (!open) {
        held.push(new URL(route.request().url()).pathname);
        await released;
      }
      await route.continue().catch(() => undefined); // the page may be gone by then
    });
  return {
    held,
    setup,
    release() {
      open = true;
      release();
    },
  };
}

/** A scenario whose lazy files are held from its first request; Firefox's load waits for them. */
async function heldScenario(browser: Parameters<typeof scenario>[0]) {
  const hold = holdLazyFiles();
  const s = await scenario(browser, { waitUntil: 'domcontentloaded', setup: hold.setup });
  const f = await frameOf(s);
  await card(f, COST).waitFor();
  return { s, f, hold };
}

/** The app's frame, once the portal has attached it. */
async function frameOf(s: Scenario): Promise<Frame> {
  for (let tries = 0; ; tries++) {
    try {
      return s.frame();
    } catch (error) {
      if (tries > 200) throw error;
      await s.page.waitForTimeout(50);
    }
  }
}

test('the first note paints while every lazy file is held', async ({ browser }) => {
  const { f, hold } = await heldScenario(browser);
  assert.is(await card(f, COST).count(), 1, "the first note, drawn by the app's own components");
  assert.ok(hold.held.length > 0, 'lazy files the app asked for are still held as the first note shows');
  assert.is(await f.locator('main [role=textbox]').count(), 0, 'no editing code has run');
  hold.release();
});

test('Go to and Add note pressed at the first note: one SEEK at once; one editor once its code is in, focused; the note saved once', async ({
  browser,
}) => {
  const { s, f, hold } = await heldScenario(browser);
  await card(f, COST).getByRole('button', { name: 'Go to 03:12' }).click();
  await f.getByRole('button', { name: 'Add note' }).click();
  await s.page.waitForFunction(() =>
    (window as unknown as { received: { data: { requestId?: string } }[] }).received.some(
      (m) => m.data?.requestId === 'SEEK',
    ),
  );
  assert.is(await f.locator('main [role=textbox][contenteditable=true]').count(), 0, 'no editor yet');
  hold.release();
  const area = await readyEditor(f); // mounted, and it has the focus Add note asked for
  assert.ok(await area.evaluate((el) => el === document.activeElement), 'focus in the editor');
  assert.is(await f.locator('main [role=textbox][contenteditable=true]').count(), 1, 'one editor');
  const text = 'Written after pressing Add note before its code arrived';
  await replaceText(f, text);
  await s.page.keyboard.press('Control+Enter');
  await waitAnnounced(f, 'Note saved');
  const stored = (await s.stack.client().notesOn(VIDEO)).filter((n) => n.text === text);
  assert.is(stored.length, 1, 'stored once');
  await s.page.waitForTimeout(300);
  assert.is((await seeks(s)).length, 1, 'one SEEK');
  assert.is(s.apiRequests.filter((r) => r.url().endsWith('/notes/add')).length, 1, 'one add request');
});

test('Delete pressed at the first note: the card goes once the note actions are in, Undo has focus; one delete reaches the server', async ({
  browser,
}) => {
  const { s, f, hold } = await heldScenario(browser);
  await card(f, COST).getByRole('button', { name: 'Delete note' }).click();
  hold.release();
  await card(f, COST).waitFor({ state: 'detached' });
  await f.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Undo');
  // The delete goes out once its Undo time is over (about 6 s).
  const until = Date.now() + 15_000;
  while (Date.now() < until && !s.apiRequests.some((r) => r.url().endsWith('/notes/delete')))
    await s.page.waitForTimeout(200);
  await s.page.waitForTimeout(500);
  assert.is(s.apiRequests.filter((r) => r.url().endsWith('/notes/delete')).length, 1, 'one delete request');
  assert.is(await s.stack.client().note(COST_ID, VIDEO), undefined, 'gone on the server');
  assert.is(await card(f, COST).count(), 0);
});

test('the All notes tab pressed at the first note: the screen once its code is in, its list asked for once', async ({
  browser,
}) => {
  const { s, f, hold } = await heldScenario(browser);
  await f.getByRole('link', { name: 'All notes' }).click();
  // Counted by path (Firefox's BiDi reports no request bodies); the first is the home screen's.
  const fetches = () => s.apiRequests.filter((r) => r.url().endsWith('/notes/fetch')).length;
  const before = fetches();
  hold.release();
  await f.waitForFunction(() => document.querySelector('main h1')?.textContent === 'All notes');
  await card(f, COST).waitFor();
  await s.page.waitForTimeout(300);
  assert.is(fetches() - before, 1, "the screen's list, asked for once");
  assert.is(
    await f.evaluate(() => document.querySelector('nav [aria-current=page]')?.textContent),
    'All notes',
  );
});

test.run();
