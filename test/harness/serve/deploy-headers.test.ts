/**
 * scripts/deploy-headers.mjs: the headers build.mjs writes to dist/headers.json and _headers, and
 * the harness's app server sends — one definition for both.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  contentSecurityPolicy,
  deployHeaders,
  IMMUTABLE,
  renderHeadersFile,
} from '../../../scripts/deploy-headers.mjs';

test('connect-src adds the API origin only for an absolute https apiBase', () => {
  assert.match(contentSecurityPolicy([], '/api/v1'), /connect-src 'self';/);
  assert.match(
    contentSecurityPolicy([], 'https://api.example.org/notes/api/v1'),
    /connect-src 'self' https:\/\/api\.example\.org;/,
  );
});

test('inline hashes go to script-src and style-src; no unsafe-inline either way', () => {
  const inline = { scripts: ["'sha256-AAA='", "'sha256-BBB='"], styles: ["'sha256-CCC='"] };
  const csp = contentSecurityPolicy(['https://example.org'], '/api/v1', inline);
  assert.match(csp, "; style-src 'self' 'sha256-CCC=';");
  assert.match(csp, "; script-src 'self' 'sha256-AAA=' 'sha256-BBB=';");
  assert.not.match(csp, 'unsafe');
  assert.match(contentSecurityPolicy([]), "style-src 'self'; script-src 'self';");
  const data = deployHeaders({ frameAncestors: [], files: [], inline });
  assert.is(data.headers['Content-Security-Policy'], contentSecurityPolicy([], '', inline));
});

test("no <base>, no form submission, no plugins: base-uri, form-action and object-src are 'none'", () => {
  for (const csp of [
    contentSecurityPolicy([]),
    contentSecurityPolicy(['https://example.org'], 'https://api.example.org'),
  ]) {
    const directives = csp.split('; ');
    for (const d of ["base-uri 'none'", "form-action 'none'", "object-src 'none'"])
      assert.ok(directives.includes(d), `${d} in ${csp}`);
  }
});

test('deployHeaders: security headers for all, Cache-Control per file, no-cache otherwise', () => {
  const data = deployHeaders({
    frameAncestors: ['https://example.org'],
    apiBase: '/api/v1',
    basePath: '/',
    files: ['index.html', 'assets/main-AB12CD34.js', 'locales/fr-EF56GH78.json', 'sw.js', 'sw-kill.js'],
  });
  assert.equal(data.headers, {
    'Content-Security-Policy':
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors https://example.org",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  assert.equal(data.cacheControl, {
    '/': 'no-cache',
    '/assets/main-AB12CD34.js': IMMUTABLE,
    '/index.html': 'no-cache',
    '/locales/fr-EF56GH78.json': IMMUTABLE,
    '/sw-kill.js': 'no-cache',
    '/sw.js': 'no-cache',
  });
  assert.is(data.defaultCacheControl, 'no-cache');
});

test('_headers: security headers on /*, Cache-Control per file under the base path only', () => {
  const data = deployHeaders({
    frameAncestors: [],
    basePath: '/notes/',
    files: ['index.html', 'assets/main-AB12CD34.js'],
  });
  const text = renderHeadersFile(data);
  assert.ok(text.startsWith('/notes/*\n  Content-Security-Policy: '), text);
  assert.match(
    text,
    /frame-ancestors 'none'\n {2}X-Content-Type-Options: nosniff\n {2}Referrer-Policy: no-referrer\n/,
  );
  assert.match(text, /\n\/notes\/\n {2}Cache-Control: no-cache\n/);
  assert.match(text, /\n\/notes\/index\.html\n {2}Cache-Control: no-cache\n/);
  assert.match(
    text,
    /\n\/notes\/assets\/main-AB12CD34\.js\n {2}Cache-Control: public, max-age=31536000, immutable\n/,
  );
  assert.is(text.match(/Cache-Control/g)?.length, 3, 'never on /*: hosts join matching rules');
});

test.run();
