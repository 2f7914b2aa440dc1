import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  appPath,
  decideRoute,
  pathAfterContext,
  type RouteDecision,
  routeScope,
  screenOf,
} from '../../src/routes/route-rules.ts';

const screen = (
  path: '/' | '/view' | '/course' | '/error',
  params: Record<string, string> = {},
): RouteDecision => ({
  screen: path,
  params,
});

const ROUTES: [string, RouteDecision][] = [
  ['/', screen('/')],
  ['/view', screen('/view')],
  ['/course', screen('/course')],
  ['/error', screen('/error')],
  ['/course/c-1', screen('/course', { courseId: 'c-1' })],
  ['/course/lex_auth_0123', screen('/course', { courseId: 'lex_auth_0123' })],
  ['/course/c%201', screen('/course', { courseId: 'c 1' })],
  ['/course/%E2%82%AC%20%C3%BC', screen('/course', { courseId: '€ ü' })],
  ['/course/a%2Fb', screen('/course', { courseId: 'a/b' })],
  ['/course/view', screen('/course', { courseId: 'view' })],
  ['/course/%', { redirect: '/view' }],
  ['/course/%E0%A4%A', { redirect: '/view' }],
  ['/course/%zz', { redirect: '/view' }],
  ['/course/a/b', { redirect: '/view' }],
  ['/course/', { redirect: '/view' }],
  ['/ui', { redirect: '/' }],
  ['/anything', { redirect: '/view' }],
  ['/no/such/place', { redirect: '/view' }],
  ['/view/extra', { redirect: '/view' }],
  ['/error/x', { redirect: '/view' }],
  ['/VIEW', { redirect: '/view' }],
  ['/Course', { redirect: '/view' }],
  ['/ui/x', { redirect: '/view' }],
  ['/uix', { redirect: '/view' }],
  ['/errors', { redirect: '/view' }],
  ['/courses', { redirect: '/view' }],
  ['/index.html', { redirect: '/view' }],
  ['/%2e%2e/view', { redirect: '/view' }],
];
for (const [path, decision] of ROUTES) {
  test(`decideRoute(${JSON.stringify(path)}) → ${JSON.stringify(decision)}`, () => {
    assert.equal(decideRoute(path), decision);
  });
}

const AFTER: [string, string][] = [
  ['/', '/'],
  ['/ui', '/'],
  ['/error', '/'],
  ['/view', '/view'],
  ['/course', '/course'],
  ['/course/c-1', '/course/c-1'],
  ['/review', '/review'],
  ['/review/x', '/view'],
  ['/course/view', '/course/view'],
  ['/course/c%201', '/course/c 1'],
  ['/no/such/place', '/view'],
  ['/preview', '/view'],
  ['/app/toc/course', '/view'],
  ['/foo/view', '/view'],
  ['/view/course', '/view'],
  ['/discourse', '/view'],
  ['/course/a/b', '/view'],
  ['/course/%', '/view'],
  ['/views', '/view'],
  ['/VIEW', '/view'],
  ['/view/extra', '/view'],
];
for (const [path, expected] of AFTER) {
  test(`pathAfterContext(${JSON.stringify(path)}) → ${expected}`, () => {
    assert.is(pathAfterContext(path), expected);
  });
}

test('pathAfterContext always lands on a route the router shows as a screen', () => {
  for (const [path] of [...ROUTES, ...AFTER]) {
    const target = pathAfterContext(path);
    const decision = decideRoute(
      target.startsWith('/course/') ? `/course/${encodeURIComponent(target.slice(8))}` : target,
    );
    assert.ok('screen' in decision, `${path} → ${target} → ${JSON.stringify(decision)}`);
  }
});

test('pathAfterContext is stable: applying it twice changes nothing', () => {
  for (const path of ['/', '/view', '/course', '/course/c-1', '/error', '/ui', '/x'])
    assert.is(pathAfterContext(pathAfterContext(path)), pathAfterContext(path), path);
});

const SCREENS: [string, string][] = [
  ['/', '/'],
  ['/view', '/view'],
  ['/course', '/course'],
  ['/course/c-42', '/course'],
  ['/error', '/error'],
  ['/ui', '/'],
  ['/nope', '/view'],
  ['/course/a/b', '/view'],
];
for (const [path, expected] of SCREENS) {
  test(`screenOf(${JSON.stringify(path)}) → ${expected}`, () => {
    assert.is(screenOf(path), expected);
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
  ['/notes/course/c-1', '/notes/', '/course/c-1'],
  ['/notes/course', '/', '/notes/course'],
  ['/other/view', '/notes/', '/other/view'],
  ['/notesx/view', '/notes/', '/notesx/view'], // base matches whole segments only
];
for (const [pathname, base, expected] of APP_PATHS) {
  test(`appPath(${JSON.stringify(pathname)}, ${JSON.stringify(base)}) → ${expected}`, () => {
    assert.is(appPath(pathname, base), expected);
  });
}

test('base path + route rules compose', () => {
  assert.equal(decideRoute(appPath('/notes/ui', '/notes/')), { redirect: '/' });
  assert.equal(decideRoute(appPath('/notes/view/', '/notes/')), screen('/view'));
  assert.equal(decideRoute(appPath('/notes/course/c-1/', '/notes/')), screen('/course', { courseId: 'c-1' }));
  assert.is(pathAfterContext(appPath('/notes/x/course', '/notes/')), '/view');
  assert.is(pathAfterContext(appPath('/notes/', '/notes/')), '/');
});

const IN_SCOPE = ['/', '/view', '/course', '/course/x', '/course/c%201', '/error'];
const OUT_OF_SCOPE = [
  '/other',
  '/view/x',
  '/course/x/y',
  '/course/',
  '/views',
  '/ui',
  '//view',
  '/view?x=1',
  'https://example.com/view',
  'view',
  '',
];

test('routeScope("/") matches exactly the app’s screen URLs', () => {
  const scope = routeScope('/');
  for (const href of IN_SCOPE) assert.ok(scope.test(href), href);
  for (const href of OUT_OF_SCOPE) assert.not.ok(scope.test(href), href);
});

test('routeScope under a base path matches only under that base', () => {
  for (const root of ['/notes/', '/notes']) {
    const scope = routeScope(root);
    for (const path of IN_SCOPE) assert.ok(scope.test(`/notes${path}`), `${root}: /notes${path}`);
    for (const path of IN_SCOPE.slice(1))
      assert.not.ok(scope.test(path), `${root}: ${path} is outside the base`);
    for (const href of ['/other/view', '/notesx/view', '/notes/other', '/notes/view/x', '/x/notes/view'])
      assert.not.ok(scope.test(href), `${root}: ${href}`);
  }
});

test('routeScope treats the base path literally (no regular-expression characters leak)', () => {
  const scope = routeScope('/a.b+(c)/');
  assert.ok(scope.test('/a.b+(c)/view'));
  assert.not.ok(scope.test('/aXb+(c)/view'));
  assert.not.ok(scope.test('/a.bb(c)/view'));
});

test.run();
