import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { plainText } from '../../../server/src/notes/plain-text.ts';

test('blocks become lines, inline tags vanish', () => {
  assert.is(
    plainText('<p>Hello <strong>world</strong></p><ul><li>a</li><li>b</li></ul>'),
    'Hello world\na\nb',
  );
  assert.is(plainText('line<br>next<br/>last'), 'line\nnext\nlast');
});

test('entities decode, unknown and inherited names stay literal', () => {
  assert.is(plainText('<p>a &amp; b &lt;c&gt; &#233; &#x1F600; &nbsp;x</p>'), 'a & b <c> é 😀 x');
  assert.is(plainText('&bogus; &constructor; &#0;'), '&bogus; &constructor; &#0;');
});

test('whitespace collapses and empty lines drop', () => {
  assert.is(plainText('<p>  a \n  b </p><p></p><p> </p>'), 'a b');
  assert.is(plainText(''), '');
});

test.run();
