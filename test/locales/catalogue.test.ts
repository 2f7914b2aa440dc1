/**
 * Keeps every locales/*.json in step with the English catalogue (docs/themes-and-locales.md): same keys, ICU that
 * parses, the same arguments, and plural branches the language actually has. When en.json gains a
 * key, this test names the translations still missing — that is its job.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const DIR = new URL('../../locales/', import.meta.url);
/** Locales docs/themes-and-locales.md requires at the least. */
const REQUIRED = ['en', 'hi', 'fr', 'es', 'de', 'ar'];

type Catalogue = Record<string, string>;

/** Reads a catalogue, failing with the file name when it is not a flat string → string object. */
function load(locale: string): Catalogue {
  const text = readFileSync(new URL(`${locale}.json`, DIR), 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`locales/${locale}.json is not valid JSON: ${(e as Error).message}`);
  }
  assert.ok(
    data && typeof data === 'object' && !Array.isArray(data),
    `locales/${locale}.json: not an object`,
  );
  const bad = Object.entries(data).filter(([, v]) => typeof v !== 'string' || !v.trim());
  assert.equal(
    bad.map(([k]) => k),
    [],
    `locales/${locale}.json: values must be non-empty strings`,
  );
  return data as Catalogue;
}

type Plural = { arg: string; ordinal: boolean; keys: string[] };
type Shape = { args: Set<string>; plurals: Plural[] };

/** Walks a parsed message: `name:kind` of every argument and tag, and every plural's branch keys. */
function shape(elements: MessageFormatElement[], out: Shape = { args: new Set(), plurals: [] }): Shape {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
        out.args.add(`${el.value}:argument`);
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        out.args.add(`${el.value}:${TYPE[el.type]}`);
        break;
      case TYPE.tag:
        out.args.add(`<${el.value}>:tag`);
        shape(el.children, out);
        break;
      case TYPE.select:
        out.args.add(`${el.value}:select`);
        for (const o of Object.values(el.options)) shape(o.value, out);
        break;
      case TYPE.plural:
        out.args.add(`${el.value}:${el.pluralType === 'ordinal' ? 'selectordinal' : 'plural'}`);
        out.plurals.push({
          arg: el.value,
          ordinal: el.pluralType === 'ordinal',
          keys: Object.keys(el.options),
        });
        for (const o of Object.values(el.options)) shape(o.value, out);
        break;
      default:
        break;
    }
  }
  return out;
}

/** Parses one message; a syntax error comes back as text so one run lists every broken message. */
function shapeOf(message: string): Shape | string {
  try {
    return shape(parse(message));
  } catch (e) {
    return `ICU does not parse (${(e as Error).message}): ${message}`;
  }
}

const LOCALES = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();
const EN = load('en');
const EN_KEYS = Object.keys(EN).sort();
const EN_SHAPES = new Map<string, Shape>();
for (const k of EN_KEYS) {
  const s = shapeOf(EN[k] ?? '');
  if (typeof s === 'string') throw new Error(`locales/en.json "${k}": ${s}`);
  EN_SHAPES.set(k, s);
}

test('the required locales exist', () => {
  const missing = REQUIRED.filter((l) => !LOCALES.includes(l));
  assert.equal(missing, [], `missing locale files: ${missing.join(', ')}`);
});

for (const locale of LOCALES) {
  test(`${locale}: same keys as en.json`, () => {
    const keys = Object.keys(load(locale));
    const missing = EN_KEYS.filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !(k in EN));
    assert.ok(
      missing.length === 0 && extra.length === 0,
      `locales/${locale}.json — missing: ${JSON.stringify(missing)}; extra: ${JSON.stringify(extra)}`,
    );
  });

  test(`${locale}: every message parses and uses the same arguments as en`, () => {
    const cat = load(locale);
    const problems: string[] = [];
    for (const [key, message] of Object.entries(cat)) {
      const mine = shapeOf(message);
      if (typeof mine === 'string') {
        problems.push(`"${key}": ${mine}`);
        continue;
      }
      const en = EN_SHAPES.get(key);
      if (!en) continue; // reported by the key test
      const want = [...en.args].sort().join(', ');
      const got = [...mine.args].sort().join(', ');
      if (want !== got) problems.push(`"${key}": expected {${want}}, got {${got}}`);
    }
    assert.equal(problems, [], `locales/${locale}.json:\n  ${problems.join('\n  ')}`);
  });

  test(`${locale}: plurals have "other", only ${locale}'s categories, and keep en's exact (=n) branches`, () => {
    const cat = load(locale);
    const problems: string[] = [];
    for (const [key, message] of Object.entries(cat)) {
      const mine = shapeOf(message);
      if (typeof mine === 'string') continue; // reported by the parse test
      for (const p of mine.plurals) {
        const type = p.ordinal ? 'ordinal' : 'cardinal';
        const allowed = new Set<string>(
          new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories,
        );
        if (!p.keys.includes('other')) problems.push(`"${key}" {${p.arg}}: no "other" branch`);
        const foreign = p.keys.filter((k) => !k.startsWith('=') && !allowed.has(k));
        if (foreign.length)
          problems.push(`"${key}" {${p.arg}}: ${foreign.join(', ')} not a ${locale} category`);
        const enExact = (EN_SHAPES.get(key)?.plurals ?? [])
          .filter((q) => q.arg === p.arg)
          .flatMap((q) => q.keys.filter((k) => k.startsWith('=')));
        const lost = enExact.filter((k) => !p.keys.includes(k));
        if (lost.length) problems.push(`"${key}" {${p.arg}}: missing ${lost.join(', ')} branch that en has`);
      }
    }
    assert.equal(problems, [], `locales/${locale}.json:\n  ${problems.join('\n  ')}`);
  });
}

test.run();
