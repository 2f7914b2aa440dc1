import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { safeUrl } from '../../src/format/safe-url.ts';

test('keeps absolute http(s) and mailto links, normalised', () => {
  assert.is(safeUrl('https://example.org/a b'), 'https://example.org/a%20b');
  assert.is(safeUrl('  HTTP://Example.org/x  '), 'http://example.org/x');
  assert.is(safeUrl('mailto:me@example.org'), 'mailto:me@example.org');
  assert.is(safeUrl('https://example.org/wiki/A_(b)'), 'https://example.org/wiki/A_%28b%29');
});

test('drops script, data and other schemes however they are spelled', () => {
  for (const href of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ]) {
    assert.is(safeUrl(href), null, href);
  }
});

test('drops relative and empty addresses (they mean nothing outside the app)', () => {
  for (const href of ['/notes', 'page.html', '#top', '', null]) assert.is(safeUrl(href), null, String(href));
});

test('images only over http(s)', () => {
  assert.is(safeUrl('https://example.org/i.png', 'image'), 'https://example.org/i.png');
  assert.is(safeUrl('mailto:me@example.org', 'image'), null);
  assert.is(safeUrl('data:image/svg+xml,<svg onload=alert(1)>', 'image'), null);
});

test.run();
