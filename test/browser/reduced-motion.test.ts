/**
 * Reduced motion (`prefers-reduced-motion: reduce`, emulated): the app's rule in src/theme/base.css
 * cuts every transition and animation to 0.01 ms and turns smooth scrolling off. On every screen
 * and state of the tour (support/screen-tour.ts) no element or pseudo-element moves for longer,
 * nothing scrolls smoothly, and the app asks for no smooth scroll or script animation; an element
 * given a 1 s transition and animation is cut too (and is not without the setting, so the check
 * sees the rule itself).
 */
import type { Frame } from 'playwright-core';
import * as assert from 'uvu/assert';
import { browserSuite } from './support/browser-suite.ts';
import { waitText } from './support/frame-helpers.ts';
import { KEEP_NAMES } from './support/layout-checks.ts';
import { COST_NOTE, tourScreens } from './support/screen-tour.ts';

const { test, scenario } = browserSuite('reduced motion');

/** The longest a reduced motion may last, in seconds (the rule's 0.01 ms). */
const MAX_S = 0.00001;

/**
 * Records, in every frame, each scroll a script asks for with its `behavior`, and each
 * `Element.animate()` call (install with `page.addInitScript`).
 */
const MOTION_RECORDER = `window.__motion = [];
for (const [target, names] of [[Element.prototype, ['scrollIntoView', 'scrollTo', 'scrollBy', 'scroll']], [window, ['scrollTo', 'scrollBy', 'scroll']]]) {
  for (const n of names) {
    const original = target[n];
    target[n] = function (...args) {
      const o = args[0];
      window.__motion.push(n + ':' + (o && typeof o === 'object' ? String(o.behavior) : 'instant'));
      return original.apply(this, args);
    };
  }
}
{ const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.__motion.push('animate'); return animate.apply(this, args); }; }`;

/** Everything drawn that moves longer than MAX_S, or scrolls smoothly. */
async function motionProblems(f: Frame, where: string): Promise<string[]> {
  await f.evaluate(KEEP_NAMES);
  return f.evaluate(
    ([at, max]) => {
      const problems: string[] = [];
      const seconds = (list: string) =>
        Math.max(...list.split(',').map((d) => Number.parseFloat(d) / (d.trim().endsWith('ms') ? 1000 : 1)));
      for (const el of document.querySelectorAll('*')) {
        for (const pseudo of [null, '::before', '::after']) {
          const c = getComputedStyle(el, pseudo);
          const moves =
            (c.transitionProperty !== 'none' && seconds(c.transitionDuration) > max) ||
            (c.animationName !== 'none' && seconds(c.animationDuration) > max);
          if (moves)
            problems.push(
              `${at}: <${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">${pseudo ?? ''} moves (transition ${c.transitionDuration}, animation ${c.animationName} ${c.animationDuration})`,
            );
          if (pseudo === null && c.scrollBehavior === 'smooth')
            problems.push(`${at}: <${el.tagName.toLowerCase()}> scrolls smoothly`);
        }
      }
      for (const call of (window as unknown as { __motion?: string[] }).__motion ?? [])
        if (call === 'animate' || call.endsWith(':smooth')) problems.push(`${at}: the app called ${call}`);
      return problems;
    },
    [where, MAX_S] as const,
  );
}

test('nothing moves and nothing scrolls smoothly on any screen, with reduced motion', async ({ browser }) => {
  const s = await scenario(browser, { width: 1024, setup: (page) => page.addInitScript(MOTION_RECORDER) });
  await s.page.emulateMedia({ reducedMotion: 'reduce' });
  const f = s.frame();
  assert.ok(
    await f.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches),
    'the frame sees it',
  );
  const problems: string[] = [];
  await tourScreens(s, async (where) => {
    problems.push(...(await motionProblems(f, where)));
  });
  const calls = await f.evaluate(() => (window as unknown as { __motion: string[] }).__motion);
  assert.equal(problems, [], problems.join('\n'));
  assert.ok(Array.isArray(calls), 'the recorder ran in the frame');
});

test('a transition and an animation are cut with reduced motion, and kept without it', async ({
  browser,
}) => {
  const s = await scenario(browser, { width: 1024 });
  const f = s.frame();
  await waitText(f, COST_NOTE);
  // Through the CSSOM: the app's CSP refuses a <style> element or attribute of ours.
  await f.evaluate(() => {
    document.styleSheets[0]?.insertRule('@keyframes probe-spin { to { rotate: 1turn } }');
    const probe = document.createElement('div');
    probe.className = 'motion-probe';
    probe.style.transition = 'opacity 1s';
    probe.style.animation = 'probe-spin 2s infinite';
    probe.style.scrollBehavior = 'smooth';
    document.body.append(probe);
  });
  const read = () =>
    f.locator('.motion-probe').evaluate((el) => {
      const c = getComputedStyle(el);
      return [c.transitionDuration, c.animationDuration, c.animationIterationCount, c.scrollBehavior];
    });
  await s.page.emulateMedia({ reducedMotion: 'no-preference' });
  assert.equal(await read(), ['1s', '2s', 'infinite', 'smooth'], 'as written, without the setting');
  assert.equal(await motionProblems(f, 'x').then((p) => p.length > 0), true, 'the check sees it move');
  await s.page.emulateMedia({ reducedMotion: 'reduce' });
  const [transition, animation, count, scroll] = await read();
  assert.ok(Number.parseFloat(transition ?? '') <= MAX_S, `transition cut (${transition})`);
  assert.ok(Number.parseFloat(animation ?? '') <= MAX_S, `animation cut (${animation})`);
  assert.is(count, '1', 'played once');
  assert.is(scroll, 'auto', 'no smooth scrolling');
  assert.equal(await motionProblems(f, 'probe'), []);
});

test.run();
