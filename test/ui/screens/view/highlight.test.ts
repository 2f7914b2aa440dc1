import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchesFilter } from '../../../../src/notes/read/note-filter.ts';
import { highlightSegments, previewAround, type Segment } from '../../../../src/ui/screens/view/highlight.ts';
import { fakeNote } from '../../../fakes/fake-note.ts';

/** Segments written compactly: matches in [brackets]. */
const show = (segments: Segment[]) => segments.map((s) => (s.match ? `[${s.text}]` : s.text)).join('');

const CASES: [text: string, query: string | undefined, expected: string][] = [
  ['Photosynthesis', 'photo', '[Photo]synthesis'],
  ['a photo of a PHOTO', 'Photo', 'a [photo] of a [PHOTO]'],
  ['end match', 'match', 'end [match]'],
  ['whole', 'WHOLE', '[whole]'],
  ['aaaa', 'aa', '[aa][aa]'],
  ['aaa', 'aa', '[aa]a'],
  ['abababa', 'aba', '[aba]b[aba]'],
  ['  padded ', '  padded  ', '  [padded] '],
  ['nothing here', 'zebra', 'nothing here'],
  ['Über Ärger', 'über', '[Über] Ärger'],
  ['über', 'ÜBER', '[über]'],
  ['İstanbul', 'i', '[İ]stanbul'],
  ['İstanbul', 'İst', '[İst]anbul'],
  ['xİy İ', 'i̇', 'x[İ]y [İ]'],
  ['AİB', '\u0307', 'A[İ]B'],
  ['a😀b😀', '😀', 'a[😀]b[😀]'],
  ['日本語のノート', '本語', '日[本語]のノート'],
  ['مرحبا بالعالم', 'بال', 'مرحبا [بال]عالم'],
];
for (const [text, query, expected] of CASES) {
  test(`highlightSegments(${JSON.stringify(text)}, ${JSON.stringify(query)}) → ${expected}`, () => {
    const segments = highlightSegments(text, query);
    assert.is(show(segments), expected);
    assert.is(segments.map((s) => s.text).join(''), text, 'the segments spell the text exactly');
    assert.ok(
      segments.every((s) => s.text.length > 0),
      'no empty segment',
    );
  });
}

test('an empty or blank query marks nothing', () => {
  for (const query of [undefined, '', '   '])
    assert.equal(highlightSegments('Some text', query), [{ text: 'Some text', match: false }]);
});

test('empty text gives no segments', () => {
  assert.equal(highlightSegments('', 'x'), []);
  assert.equal(highlightSegments('', ''), []);
});

test('segments alternate: never two plain runs in a row', () => {
  const segments = highlightSegments('xx a xx a xx', 'a');
  for (let i = 1; i < segments.length; i++)
    assert.ok(segments[i]?.match || segments[i - 1]?.match, `two plain runs at ${i}`);
});

test('a match never splits a character (surrogate pair, folded İ)', () => {
  for (const [text, q] of [
    ['😀😀', '😀'],
    ['İİ', 'i'],
    ['aİa', '̇'],
  ] as const) {
    for (const s of highlightSegments(text, q)) {
      assert.not.match(s.text, /^[\uDC00-\uDFFF]/, `${text}: a segment starts inside a surrogate pair`);
      assert.not.match(s.text, /[\uD800-\uDBFF]$/, `${text}: a segment ends inside a surrogate pair`);
    }
  }
});

test('whatever the search matches in a note’s text is highlighted in it', () => {
  const texts = ['Photo', 'İSTANBUL', 'ÜBERMUT', 'ΟΔΟΣ', 'straße', 'ﬁnal'];
  for (const text of texts) {
    const query = text.slice(0, 3);
    if (
      !matchesFilter(fakeNote({ text, refTitle: '', tags: [], moduleTitle: null, courseTitle: null }), {
        query,
      })
    )
      continue;
    assert.ok(
      highlightSegments(text, query).some((s) => s.match),
      `${text} / ${query}`,
    );
  }
});

test('Greek final sigma: a note the search finds is highlighted too', () => {
  // Folded as a whole, "ΟΔΟΣ" ends in a final "ς"; folded letter by letter, in "σ".
  assert.is(show(highlightSegments('ΟΔΟΣ', 'οδος')), '[ΟΔΟΣ]');
  const text = 'İZMİR ΟΔΟΣ'; // an İ makes the folded text longer than the text
  const note = fakeNote({ text, refTitle: '', tags: [], moduleTitle: null, courseTitle: null });
  assert.ok(matchesFilter(note, { query: 'οδος' }), 'the search finds the note');
  // Regression: when folding changes the length, characters are folded one by one, and a lone
  // fold('Σ') is 'σ' while the search folds the whole text (word-final 'Σ' → 'ς').
  assert.is(show(highlightSegments(text, 'οδος')), 'İZMİR [ΟΔΟΣ]');
});

test('previewAround: short text is shown whole', () => {
  assert.is(previewAround('short', 'x', 10), 'short');
  assert.is(previewAround('exactly10!', undefined, 10), 'exactly10!');
});

test('previewAround: from the start when the match is near it, or without a query', () => {
  const text = `photo ${'x'.repeat(100)}`;
  assert.is(previewAround(text, 'photo', 20), `${text.slice(0, 20)}…`);
  assert.is(previewAround(text, undefined, 20), `${text.slice(0, 20)}…`);
  assert.is(previewAround(text, 'zebra', 20), `${text.slice(0, 20)}…`);
});

test('previewAround: a late match is shown, cut on both sides with "…"', () => {
  const text = `${'a'.repeat(100)}needle${'b'.repeat(100)}`;
  const preview = previewAround(text, 'NEEDLE', 40);
  assert.ok(preview.startsWith('…'));
  assert.ok(preview.endsWith('…'));
  assert.ok(preview.includes('needle'));
  assert.is(preview.length, 42);
  assert.ok(preview.indexOf('needle') > 1, 'some text before the match');
});

test('previewAround: a match near the end shows the end, with no trailing "…"', () => {
  const text = `${'a'.repeat(100)}needle`;
  const preview = previewAround(text, 'needle', 20);
  assert.is(preview, `…${text.slice(-20)}`);
});

test('previewAround: the match is shown even after characters whose folding is longer', () => {
  const text = `${'İ'.repeat(10)}needle${'x'.repeat(30)}`;
  // Regression: the match must be located in the original text, not in fold(text), where each
  // 'İ' is two code units.
  assert.ok(previewAround(text, 'needle', 16).includes('needle'), previewAround(text, 'needle', 16));
});

test.run();
