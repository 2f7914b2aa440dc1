import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BLANK, blankClozes, firstLine } from '../../src/review/cloze-prompt.ts';

/** A fresh document without a window, as `implementation.createHTMLDocument` gives in a browser. */
const inert = () => parseHTML('<!doctype html><html><body></body></html>').document;

test('hidden words are blanked; the rest of the note stays', () => {
  const html = '<p>The <b>step</b> size is <span class="cloze">the learning rate</span>.</p>';
  const out = blankClozes(html, inert());
  assert.match(out, /<b>step<\/b>/);
  assert.match(out, /<span class="cloze">\[…\]<\/span>/);
  assert.not.match(out, /learning rate/);
  assert.is(BLANK, '[…]');
});

test('a cloze among other classes, nested markup inside it, several clozes', () => {
  const html = '<p><span class="x cloze"><i>one</i> two</span> and <span class="cloze">three</span></p>';
  const out = blankClozes(html, inert());
  assert.not.match(out, /one|two|three/);
  assert.is(out.split(BLANK).length - 1, 2);
});

test('a span that is not a cloze is left alone', () => {
  assert.match(blankClozes('<p><span class="clozed">kept</span></p>', inert()), /kept/);
});

test('firstLine: the first non-blank line, trimmed', () => {
  assert.is(firstLine('\n  First line  \nsecond'), 'First line');
  assert.is(firstLine(''), '');
});

test.run();
