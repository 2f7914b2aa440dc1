import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { escapeHtml, plainTextToHtml } from '../../src/format/plain-html.ts';

test('escapeHtml escapes the five special characters', () => {
  assert.is(escapeHtml(`& < > " '`), '&amp; &lt; &gt; &quot; &#39;');
  assert.is(escapeHtml('<b>bold</b>'), '&lt;b&gt;bold&lt;/b&gt;');
  assert.is(escapeHtml('&amp;'), '&amp;amp;', 'already-escaped text is escaped again: it is what was typed');
});

test('escapeHtml leaves everything else alone', () => {
  const plain = 'Über 日本 مرحبا 😀 tabs\tand = signs / slashes `backticks`';
  assert.is(escapeHtml(plain), plain);
  assert.is(escapeHtml(''), '');
});

test('one paragraph per line', () => {
  assert.is(plainTextToHtml('one'), '<p>one</p>');
  assert.is(plainTextToHtml('one\ntwo'), '<p>one</p><p>two</p>');
});

test('empty lines are kept as empty paragraphs', () => {
  assert.is(plainTextToHtml('one\n\ntwo'), '<p>one</p><p><br></p><p>two</p>');
  assert.is(plainTextToHtml('one\n'), '<p>one</p><p><br></p>');
  assert.is(plainTextToHtml(''), '<p><br></p>');
});

test('CRLF and lone CR end lines like LF', () => {
  assert.is(plainTextToHtml('one\r\ntwo\rthree'), '<p>one</p><p>two</p><p>three</p>');
  assert.is(plainTextToHtml('a\r\n\r\nb'), '<p>a</p><p><br></p><p>b</p>');
});

test('nothing the learner typed becomes markup', () => {
  const html = plainTextToHtml(`<script>alert("x")</script>\n<img src=x onerror='y'>`);
  assert.is(
    html,
    '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p><p>&lt;img src=x onerror=&#39;y&#39;&gt;</p>',
  );
  assert.not.match(html.replace(/<\/?p>|<br>/g, ''), /[<>"']/);
});

test('spaces are kept as typed', () => {
  assert.is(plainTextToHtml('  indented'), '<p>  indented</p>');
});

test.run();
