import { existsSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { THEME_NAMES } from '../../src/protocol/messages.ts';
import {
  BUILT_IN_THEMES,
  createStylesheets,
  type StyleDocument,
  type StyleUrls,
} from '../../src/theme/stylesheets.ts';
import { flushPromises } from '../fakes/deferred.ts';
import { createFakeClock } from '../fakes/fake-clock.ts';

/** A `<link>` as far as the loader touches it. */
type FakeLink = {
  tag: string;
  rel: string;
  href: string;
  onload: (() => void) | null;
  onerror: (() => void) | null;
};

const URLS: StyleUrls = {
  themes: { base: '/assets/themes/', hash: 'AB12CD34' },
  screens: { view: '/assets/view-EF56.css', course: '/assets/course-GH78.css' },
};

function setup(timeoutMs?: number) {
  const links: FakeLink[] = [];
  const created: FakeLink[] = [];
  const errors: string[] = [];
  const clock = createFakeClock();
  const doc: StyleDocument = {
    head: {
      append: (...nodes: unknown[]) => {
        links.push(...(nodes as FakeLink[]));
      },
    },
    createElement: (tag) => {
      const link: FakeLink = { tag, rel: '', href: '', onload: null, onerror: null };
      created.push(link);
      return link as unknown as HTMLLinkElement;
    },
  };
  const sheets = createStylesheets(doc, URLS, {
    setTimeout: clock.setTimeout,
    logError: (m) => errors.push(m),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  /** Tracks whether a promise has settled yet. */
  const watch = (p: Promise<void>) => {
    const state = { settled: false };
    void p.then(() => {
      state.settled = true;
    });
    return state;
  };
  return { links, created, errors, clock, sheets, watch };
}

test('a theme’s stylesheet is linked as <base><name>-<hash>.css with rel=stylesheet', () => {
  const s = setup();
  void s.sheets.theme('night-blue');
  assert.is(s.links.length, 1);
  assert.is(s.links[0]?.tag, 'link');
  assert.is(s.links[0]?.rel, 'stylesheet');
  assert.is(s.links[0]?.href, '/assets/themes/night-blue-AB12CD34.css');
});

test('it resolves once the sheet has loaded, not before', async () => {
  const s = setup();
  const done = s.watch(s.sheets.theme('red'));
  await flushPromises();
  assert.not.ok(done.settled);
  s.links[0]?.onload?.();
  await flushPromises();
  assert.ok(done.settled);
  assert.equal(s.errors, []);
});

test('a sheet that fails resolves too, and the failure is logged with its URL', async () => {
  const s = setup();
  const done = s.watch(s.sheets.theme('red'));
  s.links[0]?.onerror?.();
  await flushPromises();
  assert.ok(done.settled);
  assert.is(s.errors.length, 1);
  assert.match(s.errors[0] ?? '', '/assets/themes/red-AB12CD34.css');
});

test('a sheet still loading after the timeout resolves anyway (3 s by default)', async () => {
  const s = setup();
  const done = s.watch(s.sheets.theme('abyss'));
  s.clock.tick(2999);
  await flushPromises();
  assert.not.ok(done.settled);
  s.clock.tick(1);
  await flushPromises();
  assert.ok(done.settled);
});

test('the timeout can be set', async () => {
  const s = setup(50);
  const done = s.watch(s.sheets.theme('abyss'));
  s.clock.tick(50);
  await flushPromises();
  assert.ok(done.settled);
});

test('each URL is linked once; asking again gives the same promise', () => {
  const s = setup();
  const first = s.sheets.theme('red');
  const again = s.sheets.theme('red');
  assert.is(first, again);
  void s.sheets.theme('abyss');
  void s.sheets.theme('red');
  assert.equal(
    s.links.map((l) => l.href),
    ['/assets/themes/red-AB12CD34.css', '/assets/themes/abyss-AB12CD34.css'],
  );
  assert.is(s.created.length, 2);
});

test('a sheet that already loaded resolves at once when asked again', async () => {
  const s = setup();
  void s.sheets.theme('red');
  s.links[0]?.onload?.();
  await flushPromises();
  const again = s.watch(s.sheets.theme('red'));
  await flushPromises();
  assert.ok(again.settled);
  assert.is(s.links.length, 1);
});

test('blue (the default theme) needs no request', async () => {
  const s = setup();
  const done = s.watch(s.sheets.theme('blue'));
  await flushPromises();
  assert.ok(done.settled);
  assert.equal(s.links, []);
  assert.is(s.clock.pending(), 0);
});

test('screen stylesheets by name; a screen without one resolves at once', async () => {
  const s = setup();
  void s.sheets.screen('view');
  void s.sheets.screen('view');
  assert.equal(
    s.links.map((l) => [l.rel, l.href]),
    [['stylesheet', '/assets/view-EF56.css']],
  );
  const none = s.watch(s.sheets.screen('error'));
  await flushPromises();
  assert.ok(none.settled);
  assert.is(s.links.length, 1);
});

test('the link is in the document before anything can settle it', () => {
  const s = setup();
  void s.sheets.theme('red');
  assert.ok(s.links[0]?.onload && s.links[0]?.onerror, 'handlers set');
  assert.is(s.links[0], s.created[0]);
});

test('every theme but the built-in ones has its own stylesheet file, and only those', () => {
  for (const name of THEME_NAMES) {
    const file = new URL(`../../src/theme/themes/${name}.css`, import.meta.url);
    assert.is(existsSync(file), !BUILT_IN_THEMES.includes(name), `src/theme/themes/${name}.css`);
  }
});

test.run();
