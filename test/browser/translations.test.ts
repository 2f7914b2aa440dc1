/**
 * Translation fixes seen in Chromium (issue 14, item 5): in Arabic, a right-to-left page, the
 * shortcut list's key combinations still read left to right in the order the keys are pressed, in
 * the key caps' own names; in French, the Undo bar's button shows "Annuler" and is named "Annuler la
 * suppression", so it can't be mistaken for Cancel ("Annuler" too).
 */
import { readFileSync } from 'node:fs';
import * as assert from 'uvu/assert';
import { browserSuite } from './support/browser-suite.ts';
import { COST, card, onDemoVideo } from './support/demo-video.ts';
import { portalContext } from './support/learners.ts';

const { test, scenario } = browserSuite('translations');
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;

test('ar: key combinations are <kbd dir="ltr">, keys left to right in pressing order, named from the catalogue', async ({
  browser,
}) => {
  const ar = catalogue('ar');
  const s = await onDemoVideo(scenario, browser, { context: portalContext({ locale: 'ar' }) });
  const f = s.frame();
  await f.waitForFunction(() => document.documentElement.dir === 'rtl');
  await f.getByText(String(ar['Keyboard shortcuts']), { exact: true }).click();
  await f.locator('.shortcut-help kbd.keys').first().waitFor();
  const combos = await f.evaluate(() =>
    Array.from(document.querySelectorAll('.shortcut-help dt')).map((dt) => {
      const combo = dt.querySelector('kbd.keys') as HTMLElement;
      const keys = Array.from(combo.querySelectorAll('kbd'));
      return {
        rowDirection: getComputedStyle(dt).direction,
        dir: combo.getAttribute('dir'),
        direction: getComputedStyle(combo).direction,
        keys: keys.map((k) => k.textContent),
        lefts: keys.map((k) => k.getBoundingClientRect().left),
      };
    }),
  );
  const named = (k: string) => String(ar[k]);
  assert.equal(
    combos.map((c) => c.keys),
    [
      [named('Alt'), named('Shift'), 'N'],
      [named('Alt'), named('Shift'), 'F'],
      [named('Ctrl'), named('Enter')],
      [named('Alt'), named('Shift'), 'H'],
      [named('Esc')],
    ],
  );
  for (const c of combos) {
    assert.is(c.rowDirection, 'rtl', 'the list itself is right to left');
    assert.is(c.dir, 'ltr');
    assert.is(c.direction, 'ltr');
    assert.equal(
      c.lefts,
      [...c.lefts].sort((a, b) => a - b),
      `${c.keys.join('+')}: the first key pressed is leftmost`,
    );
  }
});

test('fr: the Undo bar button shows "Annuler" and is named "Annuler la suppression"', async ({ browser }) => {
  const fr = catalogue('fr');
  const s = await onDemoVideo(scenario, browser, { context: portalContext({ locale: 'fr' }) });
  const f = s.frame();
  await f.waitForFunction(() => document.documentElement.lang === 'fr');
  await card(f, COST)
    .getByRole('button', { name: String(fr['Delete note']), exact: true })
    .click();
  const undo = f.getByRole('button', { name: 'Annuler la suppression', exact: true });
  await undo.waitFor();
  assert.is(await undo.textContent(), 'Annuler');
  assert.is(
    await f.getByRole('button', { name: 'Annuler', exact: true }).count(),
    0,
    'no button is named just "Annuler" beside it',
  );
});

test.run();
