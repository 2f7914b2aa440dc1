/**
 * Wording rules a fluent reviewer asked for that a machine can check, so they don't quietly come
 * back when a string is edited (issue 14, item 5). catalogue.test.ts keeps keys and ICU in step;
 * this file keeps the words: typography, register, one term per concept, accessible names.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

type Catalogue = Record<string, string>;
const LOCALES = ['en', 'de', 'ar', 'hi', 'fr', 'es'];
const load = (locale: string): Catalogue =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8'));
const CAT: Record<string, Catalogue> = Object.fromEntries(LOCALES.map((l) => [l, load(l)]));

/** `locale "key": value` for every message whose value matches `pattern`. */
function matching(locale: string, pattern: RegExp): string[] {
  return Object.entries(CAT[locale] ?? {})
    .filter(([, v]) => pattern.test(v))
    .map(([k, v]) => `${locale} ${JSON.stringify(k)}: ${v}`);
}

/** A message's text without its ICU arguments and URLs (the parts a translator does not write). */
const prose = (message: string) => message.replace(/\{\w+\}/g, '').replace(/\b[a-z]+:\/\/\S+/g, '');

test('fr: U+00A0 before a colon; a no-break space (U+00A0 or U+202F) before ; ? ! » %, after «, and between a number and its unit', () => {
  const bad = Object.entries(CAT.fr ?? {}).filter(([, v]) =>
    /[^\u00a0]:|[^\u00a0\u202f][;?!»%]|«[^\u00a0\u202f]|\d (Mo|Ko|Go)/u.test(prose(v)),
  );
  assert.equal(
    bad.map(([k, v]) => `${k}: ${v}`),
    [],
  );
});

test('fr: Undo is "Annuler", never "Rétablir" (which is Redo); its button has a distinct name', () => {
  assert.equal(matching('fr', /Rétabli/), []);
  assert.is(CAT.fr?.Undo, 'Annuler');
  assert.is.not(CAT.fr?.['Undo delete'], CAT.fr?.Cancel);
});

test('ar: "could not" is always تعذّر with the shadda', () => {
  assert.equal(matching('ar', /تعذر/), []);
});

test('ar: buttons are verbal nouns, not imperatives (Try again as إعادة المحاولة)', () => {
  const buttons = ['Try again', 'Retry', 'Save', 'Cancel', 'Add note', 'Add a note', 'Export', 'Print'];
  const imperative = buttons.filter((k) => /^(حاول|احفظ|ألغ|أضف|صدّر|اطبع)/.test(CAT.ar?.[k] ?? ''));
  assert.equal(imperative, []);
});

test('hi: "page" is पृष्ठ everywhere (never पेज or पन्ना)', () => {
  assert.equal(matching('hi', /पेज|पन्ना/), []);
});

test('es: Spain Spanish — the present perfect for what just happened, vídeo with its accent', () => {
  const preterite =
    /\b(salió|pudo|pudieron|encontró|encontraron|agotó|tuvo|dejó|modificó|eliminó|entregó|ocurrió|produjo)\b/u;
  assert.equal(matching('es', preterite), []);
  assert.equal(matching('es', /\bvideos?\b/), []);
  assert.equal(matching('es', /\bagregar\b/i), []);
});

test('de: the formal "Sie" throughout, never "du"', () => {
  assert.equal(matching('de', /\b(du|dich|dir|dein\w*)\b/iu), []);
});

test('every language: the card heading "At {time}" starts with a capital where the script has case', () => {
  for (const locale of LOCALES) {
    const message = CAT[locale]?.['At {time}'] ?? '';
    assert.ok(message, `${locale}: no "At {time}"`);
    const first = prose(message).match(/\p{L}/u)?.[0] ?? '';
    const cased = first.toLowerCase() !== first.toUpperCase();
    assert.ok(!cased || first === first.toUpperCase(), `${locale}: ${message}`);
  }
});

/** An abbreviation such as "p. " or "ص. ": letters, a full stop, then a space or an argument. */
const ABBREVIATION = /\p{L}+\.(?=\s|\{|$)/u;

test('every language: the page button says "page" in full (a screen reader spells abbreviations)', () => {
  for (const locale of LOCALES) {
    const name = CAT[locale]?.['Go to page {page}'] ?? '';
    assert.ok(name, `${locale}: no "Go to page {page}"`);
    assert.not.ok(ABBREVIATION.test(name), `${locale}: ${name}`);
  }
});

test('ar, hi: the page heading says "page" in full too (ص. and पृ. are read as letter names)', () => {
  for (const locale of ['ar', 'hi'])
    assert.not.ok(ABBREVIATION.test(CAT[locale]?.['p. {page}'] ?? ''), locale);
});

test("every language: the Undo button's name contains the text it shows (WCAG 2.5.3)", () => {
  for (const locale of LOCALES) {
    const shown = (CAT[locale]?.Undo ?? '').toLocaleLowerCase(locale);
    const name = (CAT[locale]?.['Undo delete'] ?? '').toLocaleLowerCase(locale);
    assert.ok(shown && name.includes(shown), `${locale}: "${name}" / "${shown}"`);
    assert.is.not(name, shown, `${locale}: the name says what is undone`);
  }
});

test("key names: each keyboard's own labels; Hindi and Arabic keyboards carry the Latin caps", () => {
  const KEYS: Record<string, string[]> = {
    en: ['Ctrl', 'Alt', 'Shift', 'Enter', 'Esc'],
    de: ['Strg', 'Alt', 'Umschalt', 'Eingabe', 'Esc'],
    fr: ['Ctrl', 'Alt', 'Maj', 'Entrée', 'Échap'],
    es: ['Ctrl', 'Alt', 'Mayús', 'Intro', 'Esc'],
    hi: ['Ctrl', 'Alt', 'Shift', 'Enter', 'Esc'],
    ar: ['Ctrl', 'Alt', 'Shift', 'Enter', 'Esc'],
  };
  for (const locale of LOCALES)
    assert.equal(
      ['Ctrl', 'Alt', 'Shift', 'Enter', 'Esc'].map((k) => CAT[locale]?.[k]),
      KEYS[locale],
      locale,
    );
});

test('the Sort field is labelled with a noun phrase (de, fr, es, hi)', () => {
  assert.equal(
    ['de', 'fr', 'es', 'hi'].map((l) => CAT[l]?.Sort),
    ['Sortieren nach', 'Trier par', 'Ordenar por', 'क्रम'],
  );
});

test.run();
