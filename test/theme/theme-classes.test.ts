import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { THEME_NAMES } from '../../src/protocol/messages.ts';
import {
  applyThemeClasses,
  isManagedClass,
  normaliseThemeName,
  type ThemeSettings,
  themeClasses,
} from '../../src/theme/theme-classes.ts';

const NAMES: [string, string][] = [
  ['blue', 'blue'],
  ['Light', 'light'],
  ['COBALT', 'cobalt'],
  ['abyss', 'abyss'],
  ['light green', 'light-green'],
  ['Light Green', 'light-green'],
  ['light_green', 'light-green'],
  ['dark mode', 'dark-mode'],
  ['DARK MODE', 'dark-mode'],
  ['red', 'red'],
  ['ocean whisper blue', 'ocean-whisper-blue'],
  ['ocean_whisper_blue', 'ocean-whisper-blue'],
  ['Olympus Blue', 'olympus-blue'],
  ['red sky white', 'red-sky-white'],
  ['light-blue', 'light-blue'],
  ['Mist Blue', 'mist-blue'],
  ['Dark Eclipse White', 'dark-eclipse-white'],
  ['maastricht_blue', 'maastricht-blue'],
  ['Night Blue', 'night-blue'],
  ['gypsum night', 'gypsum-night'],
  ['  Night   Blue  ', 'night-blue'],
  ['night\tblue', 'night-blue'],
  ['night _ blue', 'night-blue'],
];
for (const [input, expected] of NAMES) {
  test(`normaliseThemeName(${JSON.stringify(input)}) → ${expected}`, () => {
    assert.is(normaliseThemeName(input), expected);
  });
}

test('the table covers all 16 themes', () => {
  assert.is(THEME_NAMES.length, 16);
  assert.equal(new Set(NAMES.map(([, out]) => out)), new Set(THEME_NAMES));
});

test('every canonical name normalises to itself', () => {
  for (const name of THEME_NAMES) assert.is(normaliseThemeName(name), name);
});

test('unknown or non-string names fall back to blue', () => {
  for (const input of [
    '',
    'fuchsia',
    'blue-ish',
    'light--green',
    'theme-cobalt',
    'dark mode!',
    null,
    undefined,
    3,
    {},
    ['red'],
  ]) {
    assert.is(normaliseThemeName(input), 'blue', String(input));
  }
});

const settings = (over: Partial<ThemeSettings> = {}): ThemeSettings => ({
  theme: 'blue',
  darkMode: false,
  fontClass: 'custom-typography',
  fontSize: 'medium',
  ...over,
});

test('themeClasses: one theme, font class, font size; dark-mode only when on', () => {
  assert.equal(themeClasses(settings()), ['theme-blue', 'custom-typography', 'font-size-medium']);
  assert.equal(
    themeClasses(
      settings({ theme: 'night-blue', darkMode: true, fontClass: 'serif-typography', fontSize: 'x-small' }),
    ),
    ['theme-night-blue', 'dark-mode', 'serif-typography', 'font-size-x-small'],
  );
});

test('isManagedClass knows exactly the managed classes', () => {
  for (const cls of [
    'dark-mode',
    'theme-blue',
    'theme-gypsum-night',
    'mono-typography',
    'font-size-x-large',
  ]) {
    assert.ok(isManagedClass(cls), cls);
  }
  for (const cls of [
    'portal-x',
    'theme-unknownthing',
    'theme-',
    'font-size-huge',
    'typography',
    'dark',
    'blue',
    'Theme-blue',
  ]) {
    assert.not.ok(isManagedClass(cls), cls);
  }
});

const freshBody = (className = ''): HTMLElement => {
  const { document } = parseHTML(`<!doctype html><html><body class="${className}"></body></html>`);
  return document.body;
};

const classesOf = (body: HTMLElement): string[] => Array.from(body.classList);

test('applyThemeClasses on an empty body sets exactly the managed classes', () => {
  const body = freshBody();
  applyThemeClasses(
    body,
    settings({ theme: 'cobalt', darkMode: true, fontClass: 'mono-typography', fontSize: 'large' }),
  );
  assert.equal(classesOf(body).sort(), ['dark-mode', 'font-size-large', 'mono-typography', 'theme-cobalt']);
});

test("applyThemeClasses keeps the host's own classes", () => {
  const body = freshBody('portal-x theme-unknownthing js-ready');
  applyThemeClasses(body, settings({ theme: 'red' }));
  for (const host of ['portal-x', 'theme-unknownthing', 'js-ready'])
    assert.ok(body.classList.contains(host), host);
});

test('re-applying leaves exactly one theme-*, one font class and one font-size-*', () => {
  const body = freshBody('portal-x');
  applyThemeClasses(body, settings({ theme: 'abyss', fontClass: 'serif-typography', fontSize: 'small' }));
  applyThemeClasses(
    body,
    settings({ theme: 'light-green', fontClass: 'mono-typography', fontSize: 'x-large' }),
  );
  applyThemeClasses(
    body,
    settings({ theme: 'mist-blue', fontClass: 'custom-typography', fontSize: 'medium' }),
  );
  const classes = classesOf(body);
  const managedThemes = classes.filter((c) => c.startsWith('theme-') && isManagedClass(c));
  assert.equal(managedThemes, ['theme-mist-blue']);
  assert.equal(
    classes.filter((c) => c.endsWith('-typography')),
    ['custom-typography'],
  );
  assert.equal(
    classes.filter((c) => c.startsWith('font-size-')),
    ['font-size-medium'],
  );
  assert.ok(body.classList.contains('portal-x'));
});

test('stale managed classes put there before the app (server-rendered) are cleared too', () => {
  const body = freshBody('theme-red theme-cobalt dark-mode font-size-small serif-typography portal-x');
  applyThemeClasses(body, settings());
  assert.equal(classesOf(body).sort(), ['custom-typography', 'font-size-medium', 'portal-x', 'theme-blue']);
});

test('dark-mode is toggled on and off by re-applying', () => {
  const body = freshBody();
  applyThemeClasses(body, settings({ darkMode: true }));
  assert.ok(body.classList.contains('dark-mode'));
  applyThemeClasses(body, settings({ darkMode: false }));
  assert.not.ok(body.classList.contains('dark-mode'));
  applyThemeClasses(body, settings({ darkMode: true }));
  assert.ok(body.classList.contains('dark-mode'));
  assert.is(classesOf(body).filter((c) => c === 'dark-mode').length, 1);
});

test('applying the same settings twice changes nothing', () => {
  const body = freshBody('portal-x');
  applyThemeClasses(body, settings({ theme: 'red-sky-white', darkMode: true }));
  const once = classesOf(body).sort();
  applyThemeClasses(body, settings({ theme: 'red-sky-white', darkMode: true }));
  assert.equal(classesOf(body).sort(), once);
});

test.run();
