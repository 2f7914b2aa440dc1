import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hasCloze, isInReview } from '../../src/protocol/review-rules.ts';

test('hidden words are a span with exactly class="cloze", as the sanitiser writes it', () => {
  assert.ok(hasCloze('<p>The <span class="cloze">mitochondria</span></p>'));
  assert.ok(hasCloze('<ol><li><strong><span class="cloze">x</span></strong></li></ol>'));
  for (const html of [
    '',
    '<p>cloze</p>',
    '<p class="cloze">x</p>',
    '<span class="clozed">x</span>',
    '<span>class="cloze"</span>',
    "<span class='cloze'>x</span>",
    '<span class="cloze x">x</span>',
  ])
    assert.not.ok(hasCloze(html), html);
});

test('in review: ticked, or hiding words; unticked or absent otherwise', () => {
  assert.ok(isInReview({ inReview: true, content: '' }));
  assert.ok(isInReview({ inReview: false, content: '<span class="cloze">x</span>' }));
  assert.ok(isInReview({ content: '<span class="cloze">x</span>' }));
  assert.not.ok(isInReview({ inReview: false, content: '<p>x</p>' }));
  assert.not.ok(isInReview({ content: '<p>x</p>' }));
});

test.run();
