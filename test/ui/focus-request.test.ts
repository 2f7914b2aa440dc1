import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFocusRequests, SCREEN_TITLE_ID } from '../../src/ui/focus-request.ts';

test('no request at first', () => {
  assert.is(createFocusRequests().pending.value, null);
});

test('request names the element to focus; the latest request wins', () => {
  const focus = createFocusRequests();
  focus.request('note-n1');
  assert.is(focus.pending.value, 'note-n1');
  focus.request(SCREEN_TITLE_ID);
  assert.is(focus.pending.value, 'screen-title');
});

test('done clears only the request it served', () => {
  const focus = createFocusRequests();
  focus.request('note-n1');
  focus.request('note-n2');
  focus.done('note-n1');
  assert.is(focus.pending.value, 'note-n2', 'a stale done does not drop the newer request');
  focus.done('note-n2');
  assert.is(focus.pending.value, null);
});

test.run();
