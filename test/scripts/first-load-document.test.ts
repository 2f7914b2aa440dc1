/** scripts/first-load-document.mjs: index.html's order and the CSP sources for its inline blocks. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { firstLoadDocument } from '../../scripts/first-load-document.mjs';
import { cspHash, InlineError } from '../../scripts/inline-first-load.mjs';

const parts = {
  early: 'window.__notesBoot=1;',
  css: 'body{margin:0}',
  app: 'globalThis.__notesShared={};',
  fallbackUrl: '/notes/assets/fallback-AAAAAAAA.js',
  extraStyles: ['.note-rich{white-space:normal}'],
};

test('early start first, before the stylesheet; the app, then the fallback file, last', () => {
  const { html } = firstLoadDocument(parts);
  const at = (s: string) => html.indexOf(s);
  assert.ok(at('<meta charset="utf-8">') < at(`<script>${parts.early}</script>`));
  assert.ok(at(`<script>${parts.early}</script>`) < at(`<style>${parts.css}</style>`));
  assert.ok(at(`<style>${parts.css}</style>`) < at('<div id="app"></div>'));
  assert.ok(at('<div id="app"></div>') < at(`<script type="module">${parts.app}</script>`));
  assert.ok(
    html.endsWith(`<script type="module" src="${parts.fallbackUrl}"></script></body></html>`),
    'the fallback is the last script',
  );
});

test('the hashes are those of the exact inline texts, and of the styles the app adds later', () => {
  const { inline } = firstLoadDocument(parts);
  assert.equal(inline, {
    scripts: [cspHash(parts.early), cspHash(parts.app)],
    styles: [cspHash(parts.css), cspHash('.note-rich{white-space:normal}')],
  });
});

test('text that would break out of its element, or module syntax, is refused', () => {
  for (const bad of [
    { ...parts, early: 'var s="</script>"' },
    { ...parts, app: 'export{}' },
    { ...parts, css: 'a{}</style><script>' },
  ])
    assert.throws(
      () => firstLoadDocument(bad),
      (e: unknown) => e instanceof InlineError,
    );
});

test.run();
