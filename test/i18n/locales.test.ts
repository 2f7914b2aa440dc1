import { readdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanLocaleTag, localeDirection, resolveLocale, SUPPORTED_LOCALES } from '../../src/i18n/locales.ts';

test('SUPPORTED_LOCALES is exactly the catalogues in locales/: a seventh language needs both', () => {
  const files = readdirSync(new URL('../../locales/', import.meta.url))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length));
  assert.equal([...SUPPORTED_LOCALES].sort(), files.sort(), 'src/i18n/locales.ts against locales/*.json');
});

const RESOLVE: [string, string][] = [
  ['en', 'en'],
  ['en-US', 'en'],
  ['en-GB', 'en'],
  ['fr-CA', 'fr'],
  ['AR', 'ar'],
  ['Hi-IN', 'hi'],
  ['de-CH-1996', 'de'],
  ['pt-BR', 'en'],
  ['pt', 'en'],
  ['zz', 'en'],
  ['', 'en'],
];
for (const [tag, expected] of RESOLVE) {
  test(`resolveLocale(${JSON.stringify(tag)}) → ${expected}`, () => {
    assert.is(resolveLocale(tag), expected);
  });
}

test('an exact match wins over the language fallback, case-insensitively', () => {
  const available = ['en', 'fr', 'fr-CA', 'pt-BR'];
  assert.is(resolveLocale('fr-CA', available), 'fr-CA');
  assert.is(resolveLocale('fr-ca', available), 'fr-CA');
  assert.is(resolveLocale('fr-BE', available), 'fr');
  assert.is(resolveLocale('pt-BR', available), 'pt-BR');
  assert.is(resolveLocale('pt-PT', available), 'en');
});

test('with a custom list, an unknown tag still falls back to en', () => {
  assert.is(resolveLocale('ja', ['fr', 'de']), 'en');
});

test('localeDirection: rtl for Arabic-script and Hebrew languages, ltr otherwise', () => {
  for (const tag of ['ar', 'AR', 'ar-EG', 'he', 'fa-IR', 'ur']) assert.is(localeDirection(tag), 'rtl', tag);
  for (const tag of ['en', 'hi', 'fr-CA', 'de', 'es', 'arn', '', 'x'])
    assert.is(localeDirection(tag), 'ltr', tag);
});

const CLEAN: [unknown, string][] = [
  ['en', 'en'],
  ['en-US', 'en-US'],
  ['pt_BR', 'pt-BR'],
  ['zh-Hant-TW', 'zh-Hant-TW'],
  ['fil', 'fil'],
  ['../../etc', 'en'],
  ['en<script>', 'en'],
  ['en/../../x', 'en'],
  ['en US', 'en'],
  ['e', 'en'],
  ['engl', 'en'],
  ['en-', 'en'],
  ['en--US', 'en'],
  ['', 'en'],
  [`en-${'a'.repeat(8)}-${'b'.repeat(8)}-${'c'.repeat(8)}-${'d'.repeat(8)}`, 'en'],
  ['en\n', 'en'],
  [123, 'en'],
  [null, 'en'],
  [undefined, 'en'],
  [{}, 'en'],
  [['fr'], 'en'],
];
for (const [tag, expected] of CLEAN) {
  test(`cleanLocaleTag(${JSON.stringify(tag)}) → ${expected}`, () => {
    assert.is(cleanLocaleTag(tag), expected);
  });
}

test.run();
