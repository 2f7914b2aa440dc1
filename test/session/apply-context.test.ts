import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PlayerData, ThemeName } from '../../src/protocol/messages.ts';
import type { AppPath } from '../../src/routes/route-table.ts';
import { applyContext, type StartupDeps, WORDS_WAIT_MS } from '../../src/session/apply-context.ts';
import { createSessionModel, type SessionModel } from '../../src/session/session-model.ts';
import { createDeferred, type Deferred, flushPromises } from '../fakes/deferred.ts';
import { fakeContext } from '../fakes/fake-context.ts';

/** Start-up deps that log every step in the order it happened, around a real session model. */
function recordingDeps(initialPath: string) {
  const log: string[] = [];
  const note = (entry: string) => {
    if (log.at(-1) !== entry) log.push(entry);
  };
  const real = createSessionModel(1024);
  const session: SessionModel = {
    ...real,
    store(context, host) {
      note('store');
      real.store(context, host);
    },
    markLoaded() {
      note('markLoaded');
      real.markLoaded();
    },
    markStyled() {
      note('markStyled');
      real.markStyled();
    },
  };
  const locales: string[] = [];
  const navigations: AppPath[] = [];
  const refreshes: [AppPath, boolean][] = [];
  const players: (PlayerData | null)[] = [];
  const themes: { name: ThemeName; done: Deferred<void> }[] = [];
  let path = initialPath;
  const { document } = parseHTML('<!doctype html><html><body class="portal-x"></body></html>');
  const deps: StartupDeps = {
    session,
    i18n: {
      setLocale(tag) {
        note('setLocale');
        locales.push(tag);
        return Promise.resolve();
      },
    },
    nav: {
      currentPath: () => path,
      navigate(target) {
        note('navigate');
        navigations.push(target);
        path = target;
      },
    },
    notes: {
      refresh(screen, player, reset) {
        note('refresh');
        refreshes.push([screen, reset]);
        players.push(player);
      },
    },
    styles: {
      theme(name) {
        note('stylesheet');
        const done = createDeferred<void>();
        themes.push({ name, done });
        return done.promise;
      },
    },
    wait: () => new Promise<void>(() => undefined), // the bound never passes here
    body: {
      get classList() {
        note('theme');
        return document.body.classList;
      },
    },
  };
  return {
    deps,
    log,
    locales,
    navigations,
    refreshes,
    players,
    themes,
    /** Lets every requested theme stylesheet finish loading. */
    styleAll: async () => {
      for (const t of themes) t.done.resolve();
      await flushPromises();
    },
    session: real,
    body: document.body,
    clear: () => log.splice(0),
  };
}

const HOST = 'lex.infosysapps.com';

test('steps run in order: store → setLocale → theme → stylesheet → navigate → markLoaded → refresh', async () => {
  const r = recordingDeps('/ui');
  applyContext({ context: fakeContext({ locale: 'fr' }), parentHost: HOST, requestId: 'LOADED' }, r.deps);
  assert.equal(r.log, ['store', 'setLocale', 'theme', 'stylesheet', 'navigate', 'markLoaded', 'refresh']);
  await r.styleAll();
  assert.equal(r.log.at(-1), 'markStyled', 'styled once the stylesheet is in');
});

test('without a path change there is no navigate step, order otherwise the same', () => {
  const r = recordingDeps('/');
  applyContext({ context: fakeContext(), parentHost: HOST, requestId: 'LOADED' }, r.deps);
  assert.equal(r.log, ['store', 'setLocale', 'theme', 'stylesheet', 'markLoaded', 'refresh']);
  assert.equal(r.navigations, []);
});

test('the session is stored with its parent host; ready once loaded and styled', async () => {
  const r = recordingDeps('/');
  const context = fakeContext();
  assert.is(r.session.ready.value, false);
  applyContext({ context, parentHost: HOST, requestId: 'LOADED' }, r.deps);
  assert.is(r.session.context.value, context);
  assert.is(r.session.parentHost.value, HOST);
  assert.is(r.session.loaded.value, true);
  assert.is(r.session.ready.value, false, 'not before the theme’s stylesheet applied');
  await r.styleAll();
  assert.is(r.session.ready.value, true);
});

test('the context’s theme stylesheet is requested, and markStyled waits for it', async () => {
  const r = recordingDeps('/');
  applyContext(
    { context: fakeContext({ theme: { name: 'night-blue' } }), parentHost: HOST, requestId: 'LOADED' },
    r.deps,
  );
  assert.equal(
    r.themes.map((t) => t.name),
    ['night-blue'],
  );
  await flushPromises();
  assert.not.ok(r.log.includes('markStyled'));
  await r.styleAll();
  assert.ok(r.log.includes('markStyled'));
  assert.ok(r.session.ready.value);
});

test('every context asks for its theme’s stylesheet', async () => {
  const r = recordingDeps('/');
  applyContext({ context: fakeContext(), parentHost: HOST, requestId: 'LOADED' }, r.deps);
  applyContext(
    { context: fakeContext({ theme: { name: 'red' } }), parentHost: HOST, requestId: 'CONTEXT_CHANGE' },
    r.deps,
  );
  assert.equal(
    r.themes.map((t) => t.name),
    ['blue', 'red'],
  );
});

test('the context’s playerData goes to refresh', () => {
  const r = recordingDeps('/');
  const playerData = { resourceId: 'res-1', currentTime: 12 };
  applyContext({ context: fakeContext({ playerData }), parentHost: HOST, requestId: 'LOADED' }, r.deps);
  applyContext({ context: fakeContext(), parentHost: HOST, requestId: 'CONTEXT_CHANGE' }, r.deps);
  assert.equal(r.players, [playerData, null]);
});

test('the context locale is requested as given', () => {
  const r = recordingDeps('/');
  applyContext({ context: fakeContext({ locale: 'ar' }), parentHost: HOST, requestId: 'LOADED' }, r.deps);
  assert.equal(r.locales, ['ar']);
});

test('the theme is applied to the body, keeping host classes', () => {
  const r = recordingDeps('/');
  const context = fakeContext({
    theme: { name: 'night-blue' },
    darkMode: true,
    fontClass: 'serif-typography',
    fontSize: 'large',
  });
  applyContext({ context, parentHost: HOST, requestId: 'LOADED' }, r.deps);
  assert.equal(Array.from(r.body.classList).sort(), [
    'dark-mode',
    'font-size-large',
    'portal-x',
    'serif-typography',
    'theme-night-blue',
  ]);
});

const PATHS: [current: string, target: AppPath, navigates: boolean][] = [
  ['/', '/', false],
  ['/view', '/view', false],
  ['/course', '/course', false],
  ['/course/c-1', '/course/c-1', false],
  ['/ui', '/', true],
  ['/x/course', '/view', true],
  ['/foo/view', '/view', true],
  ['/anything', '/view', true],
  ['/no/such/place', '/view', true],
  ['/error', '/', true], // docs/routes.md rule taken literally: "otherwise to /"
];
for (const [current, target, navigates] of PATHS) {
  test(`from ${current}: refresh ${target}, ${navigates ? 'navigate' : 'no navigation'}`, () => {
    const r = recordingDeps(current);
    applyContext({ context: fakeContext(), parentHost: HOST, requestId: 'LOADED' }, r.deps);
    assert.equal(r.navigations, navigates ? [target] : []);
    assert.equal(r.refreshes, [[target, true]]);
  });
}

test('learnerChanged: true first, false for a theme-only change, true when wid/org/rootOrg change', () => {
  const r = recordingDeps('/');
  const apply = (over: Parameters<typeof fakeContext>[0]) =>
    applyContext({ context: fakeContext(over), parentHost: HOST, requestId: 'CONTEXT_CHANGE' }, r.deps);
  apply({});
  apply({ theme: { name: 'red' }, darkMode: true, locale: 'de' });
  apply({ user: { userId: 'w-2' } });
  apply({ user: { userId: 'w-2' }, org: 'Other Org' });
  apply({ user: { userId: 'w-2' }, org: 'Other Org', rootOrg: 'Other Root' });
  apply({
    user: { userId: 'w-2', firstName: 'Renamed', token: 'new.token.value' },
    org: 'Other Org',
    rootOrg: 'Other Root',
  });
  assert.equal(
    r.refreshes.map(([, changed]) => changed),
    [true, false, true, true, true, false],
  );
});

test('a CONTEXT_CHANGE re-applies every step', () => {
  const r = recordingDeps('/view');
  applyContext({ context: fakeContext(), parentHost: HOST, requestId: 'LOADED' }, r.deps);
  r.clear();
  applyContext(
    {
      context: fakeContext({ theme: { name: 'abyss' }, locale: 'hi' }),
      parentHost: HOST,
      requestId: 'CONTEXT_CHANGE',
    },
    r.deps,
  );
  assert.equal(r.log, ['store', 'setLocale', 'theme', 'stylesheet', 'markLoaded', 'refresh']);
  assert.equal(r.locales, ['en', 'hi']);
  assert.ok(r.body.classList.contains('theme-abyss'));
  assert.not.ok(r.body.classList.contains('theme-blue'));
});

test('nothing shows until the catalogue is in (no English first), or until WORDS_WAIT_MS passed', async () => {
  for (const outcome of ['catalogue', 'bound'] as const) {
    const r = recordingDeps('/');
    const words = createDeferred<void>();
    const bound = createDeferred<void>();
    const waited: number[] = [];
    const deps: StartupDeps = {
      ...r.deps,
      i18n: { setLocale: () => words.promise },
      wait: (ms) => {
        waited.push(ms);
        return bound.promise;
      },
    };
    applyContext({ context: fakeContext({ locale: 'ar' }), parentHost: HOST, requestId: 'LOADED' }, deps);
    await r.styleAll();
    assert.is(r.session.ready.value, false, `${outcome}: the stylesheet alone does not show it`);
    assert.equal(waited, [WORDS_WAIT_MS]);
    (outcome === 'catalogue' ? words : bound).resolve();
    await flushPromises();
    assert.is(r.session.ready.value, true, outcome);
  }
});

test.run();
