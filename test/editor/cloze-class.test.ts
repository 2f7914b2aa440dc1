import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { relaxSpaces } from '../../src/editor/semantic-html.ts';
import { CLOZE_CLASS as EDITOR_CLASS, isPressed, TOOL_ITEMS } from '../../src/editor/toolbar.ts';
import { CLOZE_CLASS, hasCloze } from '../../src/protocol/review-rules.ts';

test('the editor marks hidden words with the class the rest of the app reads', () => {
  assert.is(EDITOR_CLASS, CLOZE_CLASS);
  assert.ok(hasCloze(`<p>a <span class="${EDITOR_CLASS}">b</span></p>`));
});

test('"Hide in review" is a toolbar button toggling the cloze format, with its shortcut', () => {
  const item = TOOL_ITEMS.find((i) => i.name === 'cloze');
  assert.equal(item && { format: item.format, value: item.value, keys: item.keys }, {
    format: 'cloze',
    value: true,
    keys: 'Alt+Shift+H',
  });
});

test("the editor's HTML keeps hidden words: relaxSpaces touches only the spaces, inside a cloze too", () => {
  assert.is(
    relaxSpaces('<p>a&nbsp;<span class="cloze">b&nbsp;<strong>c</strong></span>&nbsp;d</p>'),
    '<p>a <span class="cloze">b <strong>c</strong></span> d</p>',
  );
});

test('the button shows pressed where the selection is hidden', () => {
  const item = TOOL_ITEMS.find((i) => i.name === 'cloze');
  if (!item) throw new Error('no cloze button');
  assert.ok(isPressed(item, { cloze: true, bold: true }));
  assert.not.ok(isPressed(item, { bold: true }));
});

test.run();
