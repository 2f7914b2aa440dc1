/**
 * Zoom and enlarged text (WCAG 1.4.4 Resize Text, 1.4.10 Reflow), in every screen and state of the
 * tour (support/screen-tour.ts): at 320 CSS px (a 1280 px window at 400 %, a 640 px frame at
 * 200 %) with the default text, with the portal's largest size (`font-size-x-large`), and with the
 * browser's text doubled (the root font size at 200 %, as a learner's default font size setting
 * does) at 640 and at 320 px, the page never scrolls sideways, no control is cut off, and no two
 * controls overlap (support/layout-checks.ts).
 */
import type { Frame } from 'playwright-core';
import * as assert from 'uvu/assert';
import { browserSuite } from './support/browser-suite.ts';
import { layoutProblems } from './support/layout-checks.ts';
import { portalContext } from './support/learners.ts';
import { tourScreens } from './support/screen-tour.ts';

const { test, scenario } = browserSuite('zoom and enlarged text');

const CASES = [
  { label: '320 px, default text', width: 320, fontSize: 'medium', root: '' },
  { label: '320 px, the portal’s x-large text', width: 320, fontSize: 'x-large', root: '' },
  { label: '640 px, the browser’s text at 200 %', width: 640, fontSize: 'medium', root: '200%' },
  {
    label: '320 px, the browser’s text at 200 % and the portal’s x-large',
    width: 320,
    fontSize: 'x-large',
    root: '200%',
  },
] as const;

/** Doubles the frame's root font size (`''` leaves it), as the browser's text-size setting does. */
const setRootFont = (f: Frame, size: string) =>
  f.evaluate((s) => {
    document.documentElement.style.fontSize = s;
  }, size);

for (const c of CASES) {
  test(`nothing cut off, overlapping or scrolling sideways — ${c.label}`, async ({ browser }) => {
    const s = await scenario(browser, {
      width: c.width,
      context: portalContext({ over: { fontSize: c.fontSize } }),
    });
    const f = s.frame();
    await f.waitForSelector(`body.font-size-${c.fontSize}`);
    await setRootFont(f, c.root);
    const problems: string[] = [];
    await tourScreens(s, async (where) => {
      assert.is(await f.evaluate(() => window.innerWidth), c.width, 'the frame’s width');
      problems.push(...(await layoutProblems(f, `${where} (${c.label})`)));
    });
    assert.equal(problems, [], problems.join('\n'));
  });
}

test('the checks see a control cut off, an overlap and a sideways scroll (the test can fail)', async ({
  browser,
}) => {
  const s = await scenario(browser, { width: 320 });
  const f = s.frame();
  await f.locator('main article').first().waitFor();
  assert.equal(await layoutProblems(f, 'before'), []);
  await f.evaluate(() => {
    const actions = document.querySelector('main article .note-actions') as HTMLElement;
    actions.style.cssText = 'flex-wrap: nowrap; overflow: hidden; inline-size: 60px';
    for (const b of actions.children) (b as HTMLElement).style.flex = 'none';
    (actions.lastElementChild as HTMLElement).style.marginInlineStart = '-40px';
    const more = document.createElement('button');
    more.textContent = 'A button too narrow for its words';
    more.style.cssText = 'white-space: nowrap; inline-size: 100px; overflow: visible';
    const wide = document.createElement('div');
    wide.style.cssText = 'inline-size: 400px; block-size: 1em';
    document.querySelector('main')?.append(more, wide);
  });
  const problems = (await layoutProblems(f, 'broken')).join('\n');
  assert.match(problems, /is cut off by <\w+ class="note-actions">/, problems);
  assert.match(problems, 'overlap');
  assert.match(problems, 'spills out of it');
  assert.match(problems, 'the page scrolls sideways');
});

test.run();
