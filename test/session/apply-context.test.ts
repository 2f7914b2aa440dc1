import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ScreenPath } from '../../src/routes/route-rules.ts';
import { applyContext, type StartupDeps } from '../../src/session/apply-context.ts';
import { createSessionModel, type SessionModel } from '../../src/session/session-model.ts';
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
  };
  const locales: string[] = [];
  const navigations: ScreenPath[] = [];
  const refreshes: [ScreenPath, boolean][] = [];
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
      refresh(screen, reset) {
        note('refresh');
        refreshes.push([screen, reset]);
      },
    },
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
    session: real,
    body: document.body,
    clear: () => log.splice(0),
  };
}

const HOST = 'lex.infosysapps.com';

test('steps run in order: store → setLocale → theme → navigate → markLoaded → refresh', () => {
  const r = recordingDeps('/ui');
  applyContext({ context: fakeContext({ locale: 'fr' }), parentHost: HOST, requestId: 'LOADED' }, r.deps);
  assert.equal(r.log, ['store', 'setLocale', 'theme', 'navigate', 'markLoaded', 'refresh']);
});

test('without a path change there is no navigate step, order otherwise the same', () => {
  const r = recordingDeps('/');
  applyContext({ context: fakeContext(), parentHost: HOST, requestId: 'LOADED' }, r.deps);
  assert.equal(r.log, ['store', 'setLocale', 'theme', 'markLoaded', 'refresh']);
  assert.equal(r.navigations, []);
});

test('the session is stored with its parent host and becomes ready', () => {
  const r = recordingDeps('/');
  const context = fakeContext();
  assert.is(r.session.ready.value, false);
  applyContext({ context, parentHost: HOST, requestId: 'LOADED' }, r.deps);
  assert.is(r.session.context.value, context);
  assert.is(r.session.parentHost.value, HOST);
  assert.is(r.session.ready.value, true);
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

const PATHS: [current: string, target: ScreenPath, navigates: boolean][] = [
  ['/', '/', false],
  ['/view', '/view', false],
  ['/course', '/course', false],
  ['/ui', '/', true],
  ['/x/course', '/course', true],
  ['/foo/view', '/view', true],
  ['/anything', '/', true],
  ['/error', '/', true], // SPEC §2 rule taken literally: "otherwise to /"
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
  assert.equal(r.log, ['store', 'setLocale', 'theme', 'markLoaded', 'refresh']);
  assert.equal(r.locales, ['en', 'hi']);
  assert.ok(r.body.classList.contains('theme-abyss'));
  assert.not.ok(r.body.classList.contains('theme-blue'));
});

test.run();
