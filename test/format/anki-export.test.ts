import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ankiExport, ankiField, clozeFields } from '../../src/format/anki-export.ts';
import type { MessageValues } from '../../src/i18n/i18n-model.ts';
import { fakeNote } from '../fakes/fake-note.ts';

// An inert document to rearrange HTML in, as the app's `createHTMLDocument('')` is.
const { document: doc } = parseHTML('<!doctype html><html><body></body></html>');
/** English words: the key with its values filled in. */
const t = (key: string, values: MessageValues = {}) =>
  key.replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? ''));
/** Stands in for the sanitiser: marks what went through it. */
const sanitize = (html: string) => html;
const build = (notes: Parameters<typeof ankiExport>[0]['notes'], deck?: string) =>
  ankiExport({ notes, sanitize, doc, t, ...(deck === undefined ? {} : { deck }) });
const rows = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));

test('the headers Anki 2.1.55+ reads: tabs, HTML, note type, tags and GUID columns, the deck', () => {
  const { text } = build([], 'Biology: Cells');
  assert.equal(text.split('\n').slice(0, 7), [
    '#separator:tab',
    '#html:true',
    '#notetype column:1',
    '#tags column:4',
    '#guid column:5',
    '#deck:Biology: Cells',
    '#columns:Note type\tFront / Text\tBack / Back Extra\tTags\tGUID',
  ]);
  assert.not.ok(build([]).text.includes('#deck'), 'no deck: the one chosen when importing');
  assert.ok(build([], 'A::B\n#html:false').text.includes('#deck:A:B #html:false\n'), 'one line, no subdeck');
});

test('only notes in review: ticked, or hiding words', () => {
  const { count, text } = build([
    fakeNote({ noteId: 'a', inReview: true }),
    fakeNote({ noteId: 'b' }),
    fakeNote({ noteId: 'c', inReview: false, content: '<p><span class="cloze">x</span></p>' }),
  ]);
  assert.is(count, 2);
  assert.equal(
    rows(text).map((r) => r.split('\t')[4]),
    ['notes-a-b', 'notes-c-c'],
  );
});

test('a note without hidden words: Basic, the place and first line in front, the note behind', () => {
  const note = fakeNote({
    noteId: 'n1',
    inReview: true,
    courseTitle: 'Biology',
    moduleTitle: 'Cells',
    refTitle: 'Intro <video>',
    anchor: { kind: 'time', seconds: 192 },
    content: '<p>Mitochondria</p><p>make <strong>ATP</strong></p>',
    text: '\n  Mitochondria  \nmake ATP',
    tags: ['exam', 'two words'],
  });
  assert.equal(rows(build([note]).text), [
    [
      'Basic',
      '<div>Biology › Cells › Intro &lt;video&gt; · At 03:12</div><div>Mitochondria</div>',
      '<p>Mitochondria</p><p>make <strong>ATP</strong></p>',
      'exam two_words',
      'notes-n1-b',
    ].join('\t'),
  ]);
});

test('hidden words: Cloze, one numbered deletion per span in order, formatting kept inside', () => {
  const note = fakeNote({
    noteId: 'n2',
    anchor: { kind: 'page', page: 4 },
    courseTitle: null,
    moduleTitle: null,
    refTitle: 'Reader',
    content:
      '<p>The <span class="cloze">mitochondria</span> makes <span class="cloze"><strong>ATP</strong> fast</span>.</p><p><span class="cloze">Third</span></p>',
    tags: [],
  });
  const [row] = rows(build([note]).text);
  assert.equal(row?.split('\t'), [
    'Cloze',
    '<div>Reader · p. 4</div><p>The {{c1::mitochondria}} makes {{c2::<strong>ATP</strong> fast}}.</p><p>{{c3::Third}}</p>',
    '',
    '',
    'notes-n2-c',
  ]);
});

test("a learner's braces and :: can't make or break a deletion; stand-ins in the note are dropped", () => {
  assert.equal(clozeFields('<p>{{c1::x}} <span class="cloze">a::b}}</span>\uE0101\uE011y\uE012</p>', doc), {
    html: '<p>&#123;&#123;c1::x&#125;&#125; {{c1::a:&#58;b&#125;&#125;}}1y</p>',
    count: 1,
  });
  const basic = rows(
    build([fakeNote({ inReview: true, content: '<p>{{c1::no}}</p>', text: '{{c1::no}}' })]).text,
  )[0]?.split('\t');
  assert.is(basic?.[1]?.endsWith('<div>&#123;&#123;c1::no&#125;&#125;</div>'), true);
  assert.is(basic?.[2], '<p>&#123;&#123;c1::no&#125;&#125;</p>');
});

test('nested or empty hidden spans: one deletion for the outermost, none for an empty one', () => {
  assert.equal(
    clozeFields(
      '<p><span class="cloze">a <span class="cloze">b</span></span> <span class="cloze"> </span>c</p>',
      doc,
    ),
    { html: '<p>{{c1::a <span class="cloze">b</span>}} <span class="cloze"> </span>c</p>', count: 1 },
  );
  const onlyEmpty = fakeNote({ content: '<p><span class="cloze"></span>x</p>' });
  assert.is(rows(build([onlyEmpty]).text)[0]?.split('\t')[0], 'Basic', 'in review, but nothing to blank');
});

test('tabs, line breaks and quotes stay inside their field (CSV quoting)', () => {
  assert.is(ankiField('plain <b>x</b>'), 'plain <b>x</b>');
  assert.is(ankiField('a\tb'), '"a\tb"');
  assert.is(ankiField('<pre>\nx = 1\n</pre>'), '"<pre>\nx = 1\n</pre>"');
  assert.is(ankiField('<a href="https://x.org/">x</a>'), '"<a href=""https://x.org/"">x</a>"');
  const note = fakeNote({
    inReview: true,
    content: '<pre>\nif x:\n\treturn "y"\n</pre>',
    text: 'if x:\n\treturn "y"',
  });
  const { text } = build([note]);
  const body = text
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n');
  assert.is(
    body,
    'Basic\t<div>Course 1 › Module 1 › Intro video · At 03:12</div><div>if x:</div>\t"<pre>\nif x:\n\treturn ""y""\n</pre>"\ta\tnotes-n1-b\n',
  );
});

test('each note goes through the sanitiser before it is written', () => {
  const seen: string[] = [];
  const { text } = ankiExport({
    notes: [fakeNote({ inReview: true, content: '<p onclick="x()">a</p>' })],
    sanitize: (html) => {
      seen.push(html);
      return '<p>a</p>';
    },
    doc,
    t,
  });
  assert.equal(seen, ['<p onclick="x()">a</p>']);
  assert.not.ok(text.includes('onclick'));
});

test.run();
