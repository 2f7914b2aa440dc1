import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clozeTextPlain, clozeTextToHtml, textWithCloze } from '../../src/format/cloze-text.ts';
import { plainTextToHtml } from '../../src/format/plain-html.ts';

const { document: doc } = parseHTML('<!doctype html><html><body></body></html>');

test('the fallback text shows hidden words between {{ and }}, line by line', () => {
  assert.is(
    textWithCloze(
      '<p>The <span class="cloze">mito<strong>chondria</strong></span> make ATP</p><p><br></p><ol><li><span class="cloze">one</span></li><li>two</li></ol>',
      'The mitochondria make ATP\n\none\ntwo',
      doc,
    ),
    'The {{mitochondria}} make ATP\n\n{{one}}\ntwo',
  );
  assert.is(
    textWithCloze('<p>a&nbsp;&nbsp; <span class="cloze">b</span></p>', 'a   b', doc),
    'a   {{b}}',
    'no-break spaces are spaces',
  );
  assert.is(
    textWithCloze('<pre>\nx = <span class="cloze">1</span>\ny\n</pre>', 'x = 1\ny', doc),
    'x = {{1}}\ny',
  );
});

test('text that does not line up with the HTML comes back as it is', () => {
  assert.is(textWithCloze('<p><span class="cloze">other</span></p>', 'typed since', doc), 'typed since');
  assert.is(textWithCloze('<p>no hidden words</p>', 'no hidden words', doc), 'no hidden words');
});

test('{{…}} typed in the fallback becomes hidden words; its plain text loses the braces', () => {
  assert.is(
    clozeTextToHtml('The {{powerhouse}} & {{<b>}}\n\n{{ }} {{}} {{a\nb}}'),
    '<p>The <span class="cloze">powerhouse</span> &amp; <span class="cloze">&lt;b&gt;</span></p><p><br></p><p>{{ }} {{}} {{a</p><p>b}}</p>',
  );
  assert.is(clozeTextPlain('The {{powerhouse}} {{ }} x'), 'The powerhouse {{ }} x');
});

test('without braces the fallback stores exactly what it always did', () => {
  for (const text of ['', 'one', 'a\n\nb <i>', 'x\r\ny', '{ single }'])
    assert.is(clozeTextToHtml(text), plainTextToHtml(text), JSON.stringify(text));
});

test('a round trip: HTML → fallback text → HTML keeps the hidden words', () => {
  const html = '<p>The <span class="cloze">powerhouse</span> of the cell</p>';
  const text = textWithCloze(html, 'The powerhouse of the cell', doc);
  assert.is(clozeTextToHtml(text), html);
  assert.is(clozeTextPlain(text), 'The powerhouse of the cell');
});

test.run();
