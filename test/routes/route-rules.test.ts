import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { appPath, decideRoute, pathAfterContext, type RouteDecision } from '../../src/routes/route-rules.ts';

const ROUTES: [string, RouteDecision][] = [
  ['/', { screen: '/' }],
  ['/view', { screen: '/view' }],
  ['/course', { screen: '/course' }],
  ['/error', { screen: '/error' }],
  ['/ui', { redirect: '/' }],
  ['/anything', { redirect: '/view' }],
  ['/view/extra', { redirect: '/view' }],
  ['/VIEW', { redirect: '/view' }],
  ['/Course', { redirect: '/view' }],
  ['/ui/x', { redirect: '/view' }],
  ['/uix', { redirect: '/view' }],
  ['/errors', { redirect: '/view' }],
  ['/index.html', { redirect: '/view' }],
  ['/%2e%2e/view', { redirect: '/view' }],
];
for (const [path, decision] of ROUTES) {
  test(`decideRoute(${JSON.stringify(path)}) → ${JSON.stringify(decision)}`, () => {
    assert.equal(decideRoute(path), decision);
  });
}

const AFTER: [string, string][] = [
  ['/view', '/view'],
  ['/foo/view', '/view'],
  ['/view/', '/view'],
  ['/view///', '/view'],
  ['/preview', '/view'], // literal spec rule: "ends with view"
  ['view', '/view'],
  ['/course', '/course'],
  ['/app/toc/course', '/course'],
  ['/course/', '/course'],
  ['/discourse', '/course'], // literal, like /preview
  ['/', '/'],
  ['', '/'],
  ['/ui', '/'],
  ['/error', '/'],
  ['/view/extra', '/'],
  ['/views', '/'],
  ['/VIEW', '/'],
  ['/course/view', '/view'],
  ['/view/course', '/course'],
];
for (const [path, expected] of AFTER) {
  test(`pathAfterContext(${JSON.stringify(path)}) → ${expected}`, () => {
    assert.is(pathAfterContext(path), expected);
  });
}

const APP_PATHS: [pathname: string, base: string | undefined, expected: string][] = [
  ['/', undefined, '/'],
  ['/view', undefined, '/view'],
  ['/view/', undefined, '/view'],
  ['//view//', undefined, '/view'],
  ['', undefined, '/'],
  ['/notes/view', '/notes/', '/view'],
  ['/notes/view/', '/notes/', '/view'],
  ['/notes/', '/notes/', '/'],
  ['/notes', '/notes/', '/'],
  ['/notes/view', '/notes', '/view'],
  ['/a/b/course', '/a/b/', '/course'],
  ['/notes/course', '/', '/notes/course'],
  ['/other/view', '/notes/', '/other/view'],
  ['/notesx/view', '/notes/', '/notesx/view'], // base matches whole segments only
];
for (const [pathname, base, expected] of APP_PATHS) {
  test(`appPath(${JSON.stringify(pathname)}, ${JSON.stringify(base)}) → ${expected}`, () => {
    assert.is(appPath(pathname, base), expected);
  });
}

test('base path + route rules compose: /notes/ui under /notes/ redirects to /', () => {
  assert.equal(decideRoute(appPath('/notes/ui', '/notes/')), { redirect: '/' });
  assert.equal(decideRoute(appPath('/notes/view/', '/notes/')), { screen: '/view' });
  assert.is(pathAfterContext(appPath('/notes/x/course', '/notes/')), '/course');
});

test.run();
