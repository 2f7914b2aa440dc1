import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findOpener, openInBrowser } from '../../../harness/serve/open-browser.ts';

const URL_ = 'http://localhost:4200/';

test('picks the platform opener', () => {
  assert.equal(
    findOpener(URL_, 'darwin', '', () => false),
    { command: 'open', args: [URL_] },
  );
  assert.equal(
    findOpener(URL_, 'win32', '', () => false),
    { command: 'cmd', args: ['/c', 'start', '""', URL_] },
  );
  assert.equal(
    findOpener(URL_, 'linux', '/usr/bin', (name) => name === 'xdg-open'),
    { command: 'xdg-open', args: [URL_] },
  );
});

test('with no opener it says so and spawns nothing', () => {
  assert.is(
    findOpener(URL_, 'linux', '/nowhere', () => false),
    null,
  );
  assert.match(
    openInBrowser(URL_, null),
    /no browser opener is available.*open http:\/\/localhost:4200\/ yourself/,
  );
});

test('a missing opener binary never crashes the harness', () => {
  const line = openInBrowser(URL_, { command: '/nonexistent/opener-for-test', args: [URL_] });
  assert.match(line, /opening http:\/\/localhost:4200\/ with \/nonexistent\/opener-for-test/);
});

test.run();
