import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkTagList,
  MAX_TAG_CHARS,
  MAX_TAG_UNITS,
  MAX_TAGS,
  normaliseTag,
  tagKey,
  tagLength,
  tagProblem,
} from '../../src/protocol/tag-rules.ts';

test('the limits docs/search.md gives: ten tags of forty characters', () => {
  assert.equal([MAX_TAGS, MAX_TAG_CHARS, MAX_TAG_UNITS], [10, 40, 400]);
});

test('normalising trims, collapses whitespace, drops controls and bidi overrides, composes', () => {
  assert.is(normaliseTag('  exam  '), 'exam');
  assert.is(normaliseTag('cell\t\n\u00A0\u3000wall'), 'cell wall');
  assert.is(normaliseTag('a\u0000b\u001Bc\u0085'), 'abc');
  assert.is(normaliseTag('\u202Eevil\u202C'), 'evil');
  assert.is(normaliseTag('\u2067امتحان\u2069'), 'امتحان');
  // Direction marks: invisible at the ends (dropped), kept inside where they can matter.
  assert.is(normaliseTag('\u200Fامتحان\u200F '), 'امتحان');
  assert.is(normaliseTag('C++\u200E ملاحظات'), 'C++\u200E ملاحظات');
  // Zero-width joiners stay: Persian, Indic scripts and emoji need them.
  assert.is(normaliseTag('می\u200Cخواهم'), 'می\u200Cخواهم');
  assert.is(normaliseTag('e\u0301'), '\u00E9');
  assert.is(normaliseTag(''), '');
  assert.is(normaliseTag(' \t\u200F '), '');
  for (const s of ['  a  b ', '\u200F x \u200E', 'e\u0301 ']) {
    assert.is(normaliseTag(normaliseTag(s)), normaliseTag(s), 'idempotent');
  }
});

test('length counts what a reader sees (graphemes), in every script', () => {
  assert.is(tagLength('exam'), 4);
  assert.is(tagLength('हिंदी'), 2); // 5 code points
  assert.is(tagLength('क्षत्रिय'), 3); // 8 code points, conjuncts
  assert.is(tagLength('مُدَرِّسَة'), 5); // 10 code points with harakat
  assert.is(tagLength('👨‍👩‍👧‍👦🇮🇳'), 2); // 15 UTF-16 units
  assert.is(tagLength('x'.repeat(1000), 40), 41, 'stops counting past the limit');
});

test('a tag is empty, too long, or fine', () => {
  assert.is(tagProblem(''), 'empty');
  assert.is(tagProblem('x'.repeat(40)), null);
  assert.is(tagProblem('x'.repeat(41)), 'too-long');
  assert.is(tagProblem('हिं'.repeat(40)), null); // 120 units, 40 characters
  assert.is(tagProblem('हिं'.repeat(41)), 'too-long');
  assert.is(tagProblem('👨‍👩‍👧‍👦'.repeat(36)), null); // 396 units
  assert.is(tagProblem(`a${'\u0301'.repeat(400)}`), 'too-long'); // one "character", 401 units
});

test('keys fold case the same for everyone: Unicode full folding, no locale rules', () => {
  const same = (a: string, b: string) => assert.is(tagKey(a), tagKey(b), `${a} = ${b}`);
  const differ = (a: string, b: string) => assert.is.not(tagKey(a), tagKey(b), `${a} ≠ ${b}`);
  same('Exam', 'EXAM');
  same('Exam Tips', ' exam\ttips ');
  assert.is(tagKey('C++ & Co.'), 'c++ & co.');
  same(' exam ', 'exam');
  same('Straße', 'STRASSE');
  same('STRA\u1E9EE', 'strasse'); // capital sharp s
  same('ΟΔΟΣ', 'οδοσ');
  same('οδος', 'ΟΔΟΣ');
  same('ﬁle', 'FILE');
  same('Über', 'u\u0308ber'); // composed vs decomposed
  same('ПРИМЕР', 'пример');
  same('Ǆ', 'ǆ');
  // Turkish: no locale mapping. Dotless ı is its own letter; İ folds to i + combining dot.
  differ('ılık', 'ilik');
  differ('ILIK', 'ılık');
  differ('İstanbul', 'istanbul');
  same('İSTANBUL', 'i̇stanbul');
  // Scripts without case are themselves.
  assert.is(tagKey('हिंदी'), 'हिंदी');
  assert.is(tagKey('امتحان'), 'امتحان');
});

test('a key is its own key, for every character (folding is stable)', () => {
  const unstable: string[] = [];
  for (let c = 0x20; c < 0x20000; c++) {
    if (c >= 0xd800 && c < 0xe000) continue;
    const key = tagKey(String.fromCodePoint(c));
    if (tagKey(key) !== key) unstable.push(c.toString(16));
  }
  assert.equal(unstable, []);
});

test('a list: normalised, or the first problem with its index', () => {
  assert.equal(checkTagList([' a ', 'B']), { ok: true, tags: ['a', 'B'] });
  assert.equal(checkTagList([]), { ok: true, tags: [] });
  assert.equal(checkTagList(['a', 2]), { ok: false, problem: 'not-a-string', index: 1 });
  assert.equal(checkTagList(['a', ' ']), { ok: false, problem: 'empty', index: 1 });
  assert.equal(checkTagList(['a', 'y'.repeat(41)]), { ok: false, problem: 'too-long', index: 1 });
  assert.equal(checkTagList(['a', 'b', 'A']), { ok: false, problem: 'duplicate', index: 2, duplicateOf: 0 });
  const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`);
  assert.equal(checkTagList(eleven), { ok: false, problem: 'too-many', index: 10 });
  assert.equal(checkTagList(eleven.slice(0, 10)), { ok: true, tags: eleven.slice(0, 10) });
});

test('as a filter, repeats are merged and the limit counts distinct tags', () => {
  assert.equal(checkTagList(['Exam', 'exam', ' EXAM'], 'merge'), { ok: true, tags: ['Exam'] });
  const tenAndRepeats = [...Array.from({ length: 10 }, (_, i) => `t${i}`), 'T1', 'T2'];
  assert.is(checkTagList(tenAndRepeats, 'merge').ok, true);
  const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`);
  assert.equal(checkTagList(eleven, 'merge'), { ok: false, problem: 'too-many', index: 10 });
});

test.run();
