import { readFileSync } from 'node:fs';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatCompiled, isSupported, UnsupportedMessage } from '../../src/i18n/compiled-format.ts';
import type { MessageValues } from '../../src/i18n/i18n-model.ts';

const LOCALES = ['en', 'ar', 'hi', 'fr'];
const COUNTS = [0, 1, 2, 5, 21, 1000];
const STRINGS = ['03:12', 'Zoë', 'Intro to Ünïcode — “quoted”', 'مرحبا', 'नमस्ते', '{braces}', ''];

const english = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;

/** The arguments a message uses, each with the kind of value it takes. */
function argumentsOf(ast: MessageFormatElement[], out = new Map<string, 'number' | 'string' | string[]>()) {
  for (const el of ast) {
    if (el.type === TYPE.argument) {
      if (!out.has(el.value)) out.set(el.value, 'string');
    } else if (el.type === TYPE.number || el.type === TYPE.plural) {
      out.set(el.value, 'number');
    } else if (el.type === TYPE.select) {
      out.set(el.value, Object.keys(el.options));
    }
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
  }
  return out;
}

/** Sample values for a message: every sample of each argument, the others held at their first sample. */
function samples(ast: MessageFormatElement[]): MessageValues[] {
  const args = argumentsOf(ast);
  const choices = new Map<string, (string | number)[]>();
  for (const [name, kind] of args)
    choices.set(
      name,
      kind === 'number' ? COUNTS : kind === 'string' ? [...STRINGS, 0, 7, 1000] : [...kind, 'unlisted'],
    );
  const base: MessageValues = {};
  for (const [name, values] of choices) base[name] = values[0] ?? '';
  const out: MessageValues[] = [base];
  for (const [name, values] of choices) for (const v of values.slice(1)) out.push({ ...base, [name]: v });
  return out;
}

/** What formatjs's own runtime makes of a precompiled message. */
const formatjs = (ast: MessageFormatElement[], locale: string, values: MessageValues) =>
  String(new IntlMessageFormat(ast, locale).format(values));

test('locales/en.json has messages to check', () => {
  assert.ok(Object.keys(english).length > 10);
  assert.ok(
    Object.values(english).some((m) => m.includes('plural')),
    'at least one plural',
  );
});

// Every catalogue, in its own locale and the others: the compact formatter formats translated
// catalogues too, so a first screen needs no formatjs (src/i18n/i18n-model.ts).
const catalogue = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const CATALOGUES = {
  en: english,
  ...Object.fromEntries(['ar', 'de', 'es', 'fr', 'hi'].map((l) => [l, catalogue(l)])),
};
for (const [name, messages] of Object.entries(CATALOGUES)) {
  for (const [key, message] of Object.entries(messages))
    test(`${name}.json "${key}": supported, and formatted exactly as formatjs does`, () => {
      const ast = parse(message);
      assert.ok(isSupported(ast), 'isSupported');
      for (const locale of new Set([name, ...LOCALES]))
        for (const values of samples(ast))
          assert.is(
            formatCompiled(ast, locale, values),
            formatjs(ast, locale, values),
            `${locale} ${JSON.stringify(values)}`,
          );
    });
}

const FEATURES: [label: string, message: string][] = [
  ['plain text', 'Hello'],
  ['an empty message', ''],
  ['an argument', 'Notes on {title}'],
  ['the same argument twice', '{a} and {a}'],
  ['a plain number', '{n, number} notes'],
  ['plural with =N', '{n, plural, =0 {none} =1 {exactly one} one {# one} other {# many}}'],
  [
    'plural with offset',
    '{n, plural, offset:1 =0 {nobody} =1 {just {name}} one {{name} and # other} other {{name} and # others}}',
  ],
  ['ordinal', '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}'],
  [
    'select',
    '{g, select, female {She} male {He} other {They}} wrote {n, plural, one {# note} other {# notes}}',
  ],
  [
    'select nested in plural',
    '{n, plural, one {{g, select, a {# A} other {# other}}} other {{g, select, a {#s A} other {#s}}}}',
  ],
  ['plural nested in select', '{g, select, a {{n, plural, one {# a} other {# as}}} other {none}}'],
  ['quoted braces and apostrophes', "It''s '{not an argument}' {n, plural, other {'#' is #}}"],
  [
    'Arabic plural forms',
    '{n, plural, zero {صفر} one {واحد} two {اثنان} few {# قليل} many {# كثير} other {# آخر}}',
  ],
];
for (const [label, message] of FEATURES) {
  test(`formatCompiled matches formatjs: ${label}`, () => {
    const ast = parse(message);
    assert.ok(isSupported(ast));
    const extra: MessageValues[] = [];
    for (const n of [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 23, 101, 1000, 1.5])
      for (const g of ['female', 'male', 'a', 'zzz']) extra.push({ n, g, name: 'Zoë', a: 'x', title: 'T' });
    for (const locale of [...LOCALES, 'es', 'de'])
      for (const values of [...samples(ast), ...extra])
        assert.is(
          formatCompiled(ast, locale, values),
          formatjs(ast, locale, values),
          `${locale} ${JSON.stringify(values)}`,
        );
  });
}

test('examples read as expected', () => {
  const notes = parse('{count, plural, =0 {No notes} one {# note} other {# notes}}');
  assert.is(formatCompiled(notes, 'en', { count: 0 }), 'No notes');
  assert.is(formatCompiled(notes, 'en', { count: 1 }), '1 note');
  assert.is(formatCompiled(notes, 'en', { count: 1000 }), '1,000 notes');
  assert.is(formatCompiled(notes, 'fr', { count: 1000 }), `1${'\u202f'}000 notes`);
  const offset = parse('{n, plural, offset:1 =1 {just you} other {you and # others}}');
  assert.is(formatCompiled(offset, 'en', { n: 1 }), 'just you');
  assert.is(formatCompiled(offset, 'en', { n: 3 }), 'you and 2 others');
  const ordinal = parse('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}');
  assert.equal(
    [1, 2, 3, 4, 11, 21, 22, 23].map((n) => formatCompiled(ordinal, 'en', { n })),
    ['1st', '2nd', '3rd', '4th', '11th', '21st', '22nd', '23rd'],
  );
  const select = parse('{g, select, female {She} other {They}}');
  assert.is(formatCompiled(select, 'en', { g: 'female' }), 'She');
  assert.is(formatCompiled(select, 'en', { g: 'robot' }), 'They');
});

test('isSupported is false for what it leaves to formatjs', () => {
  for (const message of [
    '{d, date}',
    '{d, date, short}',
    '{t, time}',
    '{t, time, ::hhmm}',
    '<b>bold</b>',
    'a <link>link</link>',
    '{n, number, percent}',
    '{n, number, ::currency/EUR}',
    '{n, plural, other {<b>#</b>}}',
    '{g, select, a {{d, date}} other {x}}',
  ])
    assert.not.ok(isSupported(parse(message)), message);
});

test('a missing value throws UnsupportedMessage (so the caller falls back), not "undefined"', () => {
  assert.throws(
    () => formatCompiled(parse('Notes on {title}'), 'en', {}),
    (e: unknown) => e instanceof UnsupportedMessage,
  );
  assert.throws(
    () => formatCompiled(parse('{n, plural, other {# by {name}}}'), 'en', { n: 2 }),
    (e: unknown) => e instanceof UnsupportedMessage,
  );
  assert.throws(
    () => formatCompiled(parse('{n, plural, other {#}}'), 'en'),
    (e: unknown) => e instanceof UnsupportedMessage,
  );
});

test('an unsupported element throws UnsupportedMessage', () => {
  assert.throws(
    () => formatCompiled(parse('{d, date}'), 'en', { d: new Date(0) }),
    (e: unknown) => e instanceof UnsupportedMessage,
  );
});

test.run();
