/**
 * The copy kept on the device (docs/no-data-loss.md), end to end in Chromium with storage partitioning on:
 * a repeat visit with the API unreachable still shows the learner's notes, says they are the ones
 * kept on this device and when they were updated, and searching and writing go on over them; the
 * server's answer replaces them once the link is back; another learner never sees them.
 */
import * as assert from 'uvu/assert';
import { apiPath } from './support/api-faults.ts';
import type { Scenario } from './support/app-fixture.ts';
import { browserSuite } from './support/browser-suite.ts';
import { COST, card, HINDI, onDemoVideo } from './support/demo-video.ts';
import { waitText } from './support/frame-helpers.ts';
import { ASHA, demoPlayer, LUKAS, noteOn, portalContext } from './support/learners.ts';
import { journals, noteText, readyEditor } from './support/note-editor.ts';
import { eventually } from './support/screen-data.ts';

const { test, scenario } = browserSuite('kept on this device');

const OFFLINE = 'Offline — showing notes saved on this device, updated';
/** Every API call fails as with no connection. */
const cutApi = (s: { page: import('playwright-core').Page }) =>
  s.page.route(apiPath('/**'), (route) => route.abort('internetdisconnected'));
const keptCopy = (s: { frame(): import('playwright-core').Frame }) =>
  s.frame().evaluate(() => localStorage.getItem('notes:kept'));

/** Once the first page is kept: the API unreachable, and the page reloaded; the app's frame. */
async function reloadOffline(s: Scenario) {
  await eventually(async () => (await keptCopy(s)) !== null, 'the first page is kept');
  await cutApi(s);
  await s.page.reload();
  return s.frame();
}

test('offline reload on `/`: the kept notes at once, the notice with Retry; back online, the server’s', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = await reloadOffline(s);
  await waitText(f, COST);
  await waitText(f, HINDI);
  const notice = f.getByRole('status').filter({ hasText: OFFLINE });
  await notice.waitFor();
  assert.match(await notice.innerText(), /updated \d{1,2}:\d{2}/);
  assert.is(await f.getByRole('alert').count(), 0, 'no error alert over notes that are there');
  await s.page.unroute(apiPath('/**'));
  await notice.getByRole('button', { name: 'Retry' }).click();
  await eventually(async () => (await notice.count()) === 0, 'the notice goes once the server answers');
  await waitText(f, COST);
});

test('offline reload on `/view`: the kept notes, and search over them', async ({ browser }) => {
  const s = await scenario(browser, { route: '/view', context: portalContext({ playerData: null }) });
  const f = s.frame();
  await waitText(f, COST);
  await eventually(
    async () => (await keptCopy(s))?.includes('newest') === true,
    '/view’s first page is kept',
  );
  await cutApi(s);
  await s.page.reload();
  const g = s.frame();
  await waitText(g, COST);
  await g.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
  await g.getByRole('searchbox', { name: 'Search notes' }).fill('cost function');
  await eventually(
    async () => (await g.locator('main article').count()) === 1,
    'the search over the kept notes',
  );
  assert.ok(await card(g, COST).isVisible());
});

test('another learner: the first learner’s copy is deleted, and never shown', async ({ browser }) => {
  const s = await onDemoVideo(scenario, browser);
  await eventually(async () => (await keptCopy(s)) !== null, 'Asha’s first page is kept');
  await cutApi(s);
  await s.send('CONTEXT_CHANGE', portalContext({ user: LUKAS }));
  const f = s.frame();
  await eventually(async () => (await f.getByText(COST).count()) === 0, 'Asha’s notes leave the screen');
  const copy = await keptCopy(s);
  assert.ok(copy === null || !copy.includes('seed-asha'), 'nothing of Asha’s is kept');
});

test('offline reload on `/course`: the kept course list, with the notice', async ({ browser }) => {
  const s = await scenario(browser, { route: '/course' });
  const f = s.frame();
  await waitText(f, 'Machine Learning Foundations');
  await eventually(
    async () => (await keptCopy(s))?.includes('"courses"') === true,
    'the course list is kept',
  );
  await cutApi(s);
  await s.page.reload();
  const g = s.frame();
  await waitText(g, 'Machine Learning Foundations');
  await g.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
});

test('the link back (`online`): the screen asks the server again without Retry; the notice goes', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = await reloadOffline(s);
  const notice = f.getByRole('status').filter({ hasText: OFFLINE });
  await notice.waitFor();
  const before = s.apiRequests.length;
  await s.page.unroute(apiPath('/**'));
  await f.evaluate(() => window.dispatchEvent(new Event('online')));
  await eventually(async () => (await notice.count()) === 0, 'revalidated: the notice goes');
  assert.ok(s.apiRequests.length > before, 'the server was asked again');
});

test('a CONTEXT_CHANGE to another learner with the editor open: it closes; the text stays the first learner’s draft', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await f.getByRole('button', { name: 'Add note' }).click();
  await readyEditor(f);
  await s.page.keyboard.type('Asha’s half-written thought');
  await s.send('CONTEXT_CHANGE', portalContext({ user: LUKAS }));
  await eventually(async () => (await noteText(f).count()) === 0, 'the editor closes');
  assert.is(await f.getByText('Asha’s half-written thought').count(), 0);
  const ashas = Object.entries(await journals(f)).find(([key]) => key.includes(ASHA.wid));
  const texts = Object.values(ashas?.[1].drafts ?? {}).map((d) => d.text);
  assert.ok(
    texts.some((t) => t.includes('Asha’s half-written thought')),
    'kept as Asha’s draft',
  );
  await f.getByRole('button', { name: 'Add note' }).click();
  await readyEditor(f);
  assert.is(await f.getByText('Draft restored').count(), 0, 'Lukas gets no draft of Asha’s');
});

test('the server’s answer replacing the kept notes keeps the scroll position and the focused button', async ({
  browser,
}) => {
  const notes = Array.from({ length: 30 }, (_, i) => noteOn(demoPlayer(), `Kept note ${i}`, i * 60_000));
  const s = await scenario(browser, { stackOptions: { data: { notes } } });
  await waitText(s.frame(), 'Kept note 29');
  await eventually(async () => (await keptCopy(s))?.includes('Kept note 29') === true, 'the page is kept');
  const changed = notes[25]!;
  const update = {
    noteId: changed.noteId,
    version: changed.version,
    content: '<p>Changed on the server</p>',
  };
  assert.is(
    (await s.stack.client(ASHA).post('/notes/update', { ...update, text: 'Changed on the server' })).status,
    200,
  );
  let answer: () => void = () => undefined;
  const held = new Promise<void>((go) => (answer = go));
  await s.page.route(apiPath('/notes/fetch'), async (route) => {
    await held; // the repeat visit shows the kept notes while the server's answer waits
    await route.fallback();
  });
  await s.page.reload();
  const f = s.frame();
  await waitText(f, 'Kept note 29');
  const button = card(f, 'Kept note 15').getByRole('button', { name: 'Edit note' });
  await button.focus();
  await button.evaluate((b) => b.setAttribute('data-probe', 'focused'));
  const before = await f.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    root.scrollTop = Math.min(600, root.scrollHeight - root.clientHeight);
    const probe = document.querySelector('[data-probe]') as HTMLElement;
    return { scroll: root.scrollTop, top: probe.getBoundingClientRect().top };
  });
  assert.ok(before.scroll > 0, 'the list is long enough to scroll');
  assert.is(await card(f, 'Changed on the server').count(), 0, 'the kept version shows');
  answer();
  await card(f, 'Changed on the server').waitFor();
  const after = await f.evaluate(() => ({
    scroll: (document.scrollingElement as HTMLElement).scrollTop,
    top: (document.querySelector('[data-probe]') as HTMLElement | null)?.getBoundingClientRect().top,
    focused: document.activeElement?.getAttribute('data-probe') ?? null,
  }));
  assert.is(after.focused, 'focused', 'the same button keeps the focus');
  assert.is(after.scroll, before.scroll, 'scroll position kept');
  assert.is(after.top, before.top, 'the focused card did not move');
});

test('a corrupt copy is ignored and rebuilt, never a crash', async ({ browser }) => {
  const s = await onDemoVideo(scenario, browser);
  await s.frame().evaluate(() => localStorage.setItem('notes:kept', '{"learner": 42, "lists": ['));
  await s.page.reload();
  await waitText(s.frame(), COST);
  await eventually(async () => (await keptCopy(s))?.startsWith('{"learner":"') === true, 'rebuilt');
});

test.run();
