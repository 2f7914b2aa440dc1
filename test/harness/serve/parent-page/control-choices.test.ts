import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { controlChoices, sunbirdLocale } from '../../../../harness/serve/parent-page/control-choices.ts';
import type { InitialControls } from '../../../../harness/serve/parent-page/page-config.ts';

const initial: InitialControls = {
  locale: 'en',
  theme: 'gypsum-night',
  darkMode: false,
  fontSize: 'medium',
  frameWidth: 1024,
  user: 'ravi',
  route: '/',
  playerData: false,
};
const values = (set: { items: { value: string }[] }) => set.items.map((i) => i.value);

test('the default portal offers the app values and starts at the flags', () => {
  for (const kind of ['default', undefined] as const) {
    const c = controlChoices(kind, initial);
    assert.equal(values(c.locale), ['en', 'hi', 'fr', 'es', 'de', 'ar']);
    assert.is(c.theme.items.length, 16);
    assert.is(c.theme.selected, 'gypsum-night');
    assert.equal(values(c.fontSize), ['x-small', 'small', 'medium', 'large', 'x-large']);
    assert.is(c.fontSize.selected, 'medium');
  }
});

test('the sunbird-cb portal offers its locales, iGOT Theme or none, and pixel sizes', () => {
  const c = controlChoices('sunbird-cb', initial);
  assert.equal(values(c.locale), ['en', 'en-US', 'hi-IN']);
  assert.is(c.locale.selected, 'en');
  assert.equal(c.theme.items, [
    { value: 'igot', label: 'iGOT Theme' },
    { value: 'none', label: "none ('')" },
  ]);
  assert.is(c.theme.selected, 'igot');
  assert.equal(values(c.fontSize), ['10px', '12px', '14px', '16px', '18px']);
  assert.is(c.fontSize.selected, '14px');
});

test('the sunbird-cb portal maps the flags: hi → hi-IN, another locale kept as an extra, sizes by rank', () => {
  assert.is(controlChoices('sunbird-cb', { ...initial, locale: 'hi' }).locale.selected, 'hi-IN');
  const ar = controlChoices('sunbird-cb', { ...initial, locale: 'ar' }).locale;
  assert.equal(values(ar), ['en', 'en-US', 'hi-IN', 'ar']);
  assert.is(ar.selected, 'ar');
  assert.is(controlChoices('sunbird-cb', { ...initial, fontSize: 'x-small' }).fontSize.selected, '10px');
  assert.is(controlChoices('sunbird-cb', { ...initial, fontSize: 'x-large' }).fontSize.selected, '18px');
  assert.is(sunbirdLocale('en'), 'en');
});

test.run();
