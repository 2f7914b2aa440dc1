import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { linkUrl } from '../../src/editor/link-url.ts';
import { plainText, relaxSpaces } from '../../src/editor/semantic-html.ts';
import { isPressed, TOOL_ITEMS } from '../../src/editor/toolbar.ts';
import { checkImage, MAX_IMAGE_BYTES } from '../../src/ui/editor/image-check.ts';

test('relaxSpaces: Quill’s &nbsp; become spaces; a run keeps its width and still wraps after it', () => {
  assert.is(relaxSpaces('<p>a&nbsp;b&nbsp;<strong>c</strong></p>'), '<p>a b <strong>c</strong></p>');
  assert.is(relaxSpaces('<p>a&nbsp;&nbsp;&nbsp;b</p>'), '<p>a&nbsp;&nbsp; b</p>');
  assert.is(
    relaxSpaces('<p>a &amp;nbsp; b</p>'),
    '<p>a &amp;nbsp; b</p>',
    'typed "&nbsp;" text is not a space',
  );
  assert.is(relaxSpaces('<p>x\u00a0y</p>'), '<p>x\u00a0y</p>', 'a real no-break space stays');
});

test('plainText drops the newline Quill keeps at the end, only that one', () => {
  assert.is(plainText('one\ntwo\n'), 'one\ntwo');
  assert.is(plainText('one\n\n'), 'one\n');
  assert.is(plainText('\n'), '');
});

test('linkUrl: http(s) and mailto only; bare domains become https, addresses mailto', () => {
  assert.is(linkUrl('https://example.com/a?b=1'), 'https://example.com/a?b=1');
  assert.is(linkUrl('  example.com/path '), 'https://example.com/path');
  assert.is(linkUrl('www.example.org'), 'https://www.example.org/');
  assert.is(linkUrl('http://localhost:8080/x'), 'http://localhost:8080/x');
  assert.is(linkUrl('learner@example.com'), 'mailto:learner@example.com');
  assert.is(linkUrl('mailto:learner@example.com'), 'mailto:learner@example.com');
  for (const bad of [
    '',
    '   ',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    'file:///etc/passwd',
    'ftp://example.com',
    'not a url',
    'example',
    'mailto:nobody',
  ])
    assert.is(linkUrl(bad), null, bad);
});

test('checkImage: png, jpeg, gif and webp up to 5 MB; the type is checked first', () => {
  for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
    assert.is(checkImage({ type, size: MAX_IMAGE_BYTES }), null, type);
  assert.is(
    checkImage({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })?.message,
    'Images can be at most 5 MB.',
  );
  for (const type of ['image/svg+xml', 'image/bmp', 'application/pdf', ''])
    assert.is(
      checkImage({ type, size: 10 * MAX_IMAGE_BYTES })?.message,
      'Only PNG, JPEG, GIF or WebP images can be added.',
      type,
    );
});

test('isPressed follows Quill’s formats: on/off formats, headings by level, lists by kind', () => {
  const item = (name: string) => {
    const found = TOOL_ITEMS.find((i) => i.name === name);
    if (!found) throw new Error(name);
    return found;
  };
  assert.ok(isPressed(item('bold'), { bold: true }));
  assert.not.ok(isPressed(item('bold'), { italic: true }));
  assert.ok(isPressed(item('h2'), { header: 2 }));
  assert.not.ok(isPressed(item('h1'), { header: 2 }));
  assert.ok(isPressed(item('ordered'), { list: 'ordered' }));
  assert.not.ok(isPressed(item('bullet'), { list: 'ordered' }));
  assert.ok(isPressed(item('bullet'), { list: ['ordered', 'bullet'] }), 'a selection over both kinds');
  assert.ok(isPressed(item('link'), { link: 'https://example.com/' }));
  assert.ok(isPressed(item('code'), { 'code-block': 'plain' }));
});

test('every toolbar button has a label and a picture', () => {
  const names = TOOL_ITEMS.map((i) => i.name);
  assert.equal(new Set(names).size, names.length);
  for (const i of TOOL_ITEMS) assert.ok(i.glyph || i.path, i.name);
});

test.run();
