import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  cacheControlFor,
  contentSecurityPolicy,
  IMMUTABLE,
  staticHeaders,
  widenFrameAncestors,
} from '../../../harness/serve/app-headers.ts';

test('hashed files under /assets and /locales are immutable for a year', () => {
  for (const p of [
    '/assets/main-AB12CD34.js',
    '/assets/main-EK6KICM5.css',
    '/assets/chunks/editor-Q2W3E4R5.js',
    '/locales/fr-O2XSJIPR.json',
    '/assets/main.AB12CD34.js',
  ]) {
    assert.is(cacheControlFor(p), IMMUTABLE, p);
  }
});

test('index.html, unhashed and outside files revalidate', () => {
  for (const p of [
    '/index.html',
    '/',
    '/view',
    '/assets/main.js',
    '/locales/fr.json',
    '/robots.txt',
    '/main-AB12CD34.js',
    '/sw.js',
    '/sw-kill.js',
    '/notes/sw.js',
  ]) {
    assert.is(cacheControlFor(p), 'no-cache', p);
  }
});

test('the CSP keeps code, styles, images and calls on the app origin, framing on the list', () => {
  const csp = contentSecurityPolicy(['https://infosysapps.com', 'http://localhost:*']);
  assert.is(
    csp,
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors https://infosysapps.com http://localhost:*",
  );
  assert.match(contentSecurityPolicy([]), /frame-ancestors 'none'$/);
});

test('the service worker script: no-cache, and only the app origin may run one', () => {
  assert.is(cacheControlFor('/sw.js'), 'no-cache');
  assert.match(contentSecurityPolicy([]), /(^|; )worker-src 'self'(;|$)/);
  assert.not.match(contentSecurityPolicy([]), /worker-src[^;]*(blob:|\*|https?:)/);
});

test('static headers add nosniff, no-referrer and Vary', () => {
  const h = staticHeaders(['https://olympics.com']);
  assert.is(h['X-Content-Type-Options'], 'nosniff');
  assert.is(h['Referrer-Policy'], 'no-referrer');
  assert.is(h.Vary, 'Accept-Encoding');
  assert.match(h['Content-Security-Policy']!, /frame-ancestors https:\/\/olympics\.com$/);
});

test('widenFrameAncestors adds only missing sources, replacing none', () => {
  const csp = "default-src 'self'; frame-ancestors https://a.org; worker-src 'self'";
  assert.is(widenFrameAncestors(csp, ['https://a.org']), csp);
  assert.is(
    widenFrameAncestors(csp, ['https://a.org', 'http://127.0.0.2:*']),
    "default-src 'self'; frame-ancestors https://a.org http://127.0.0.2:*; worker-src 'self'",
  );
  assert.is(
    widenFrameAncestors("frame-ancestors 'none'", ['https://b.org']),
    'frame-ancestors https://b.org',
  );
  assert.is(widenFrameAncestors("frame-ancestors 'none'", []), "frame-ancestors 'none'");
});

test.run();
