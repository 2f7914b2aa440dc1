import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  CHUNK,
  grown,
  LOOKAHEAD,
  needsNextPage,
  triggerRow,
  windowHolding,
} from '../../src/notes/render-window.ts';

test('grown adds a chunk', () => {
  assert.is(grown(CHUNK), 2 * CHUNK);
  assert.is(grown(5, 10), 15);
});

test('windowHolding keeps a window that holds the row, else rounds up to whole chunks', () => {
  assert.is(windowHolding(3, 40, 40), 40);
  assert.is(windowHolding(39, 40, 40), 40);
  assert.is(windowHolding(40, 40, 40), 80);
  assert.is(windowHolding(90, 40, 40), 120);
  assert.is(windowHolding(90, 200, 40), 200);
});

test('triggerRow is LOOKAHEAD rows before the last rendered, never before the first', () => {
  assert.is(triggerRow(40), 40 - 1 - LOOKAHEAD);
  assert.is(triggerRow(5), 0);
  assert.is(triggerRow(0), 0);
});

test('needsNextPage once fewer than a chunk of loaded notes lie beyond the window', () => {
  assert.is(needsNextPage(40, 100, 40), false);
  assert.is(needsNextPage(60, 100, 40), false);
  assert.is(needsNextPage(61, 100, 40), true);
  assert.is(needsNextPage(120, 100, 40), true);
});

test.run();
