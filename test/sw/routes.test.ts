import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Route, routeOf, type Scope } from '../../src/sw/routes.ts';

const ROOT: Scope = { origin: 'https://notes.example', base: '/', apiBase: '/api/v1' };
const MOUNTED: Scope = { origin: 'https://notes.example', base: '/notes/', apiBase: '/notes/api/v1' };

const get = (url: string, mode = 'cors') => ({ url, method: 'GET', mode });
const nav = (url: string) => get(url, 'navigate');
const expectRoutes = (scope: Scope, cases: [ReturnType<typeof get>, Route][]) => {
  for (const [request, route] of cases)
    assert.is(routeOf(request, scope), route, `${request.method} ${request.mode} ${request.url}`);
};

test('the API is never answered: any method, any mode, any path below it', () => {
  expectRoutes(ROOT, [
    [get('https://notes.example/api/v1/notes/recent'), 'network'],
    [get('https://notes.example/api/v1'), 'network'],
    [nav('https://notes.example/api/v1/notes/list/course'), 'network'],
    [get('https://notes.example/api/v1/notes/fetch/-/-/r1/0/20/0/newest', 'no-cors'), 'network'],
    [{ url: 'https://notes.example/api/v1/notes/fetch', method: 'POST', mode: 'cors' }, 'network'],
    [{ url: 'https://notes.example/api/v1/file/upload', method: 'POST', mode: 'cors' }, 'network'],
    [get('https://notes.example/api/v1/assets/x-ABCDEFGH.js'), 'network'],
  ]);
  expectRoutes(MOUNTED, [
    [get('https://notes.example/notes/api/v1/notes/recent'), 'network'],
    [nav('https://notes.example/notes/api/v1/notes/recent'), 'network'],
  ]);
});

test('an API on another origin (an https apiBase) is never answered either', () => {
  const scope = { ...ROOT, apiBase: 'https://api.portal.example/notes/v1/' };
  expectRoutes(scope, [
    [get('https://api.portal.example/notes/v1/notes/recent'), 'network'],
    [nav('https://api.portal.example/notes/v1/notes/recent'), 'network'],
    [get('https://notes.example/assets/main-ABCDEFGH.js'), 'immutable'],
  ]);
});

test('a path that only starts like the API is not the API', () => {
  expectRoutes(ROOT, [[nav('https://notes.example/api/v10'), 'document']]);
});

test('navigations to the app pages get the document, with or without a query', () => {
  expectRoutes(ROOT, [
    [nav('https://notes.example/'), 'document'],
    [nav('https://notes.example/?embed=1'), 'document'],
    [nav('https://notes.example/index.html'), 'document'],
    [nav('https://notes.example/view'), 'document'],
    [nav('https://notes.example/course/c-ml/'), 'document'],
    [nav('https://notes.example/no/such/place'), 'document'],
  ]);
  expectRoutes(MOUNTED, [
    [nav('https://notes.example/notes/'), 'document'],
    [nav('https://notes.example/notes/course'), 'document'],
  ]);
});

test('navigations to files, outside the base or to other origins go to the network', () => {
  expectRoutes(ROOT, [
    [nav('https://notes.example/sw.js'), 'network'],
    [nav('https://notes.example/assets/main-ABCDEFGH.js'), 'network'],
    [nav('https://notes.example/robots.txt'), 'network'],
    [nav('https://portal.example/'), 'network'],
  ]);
  expectRoutes(MOUNTED, [
    [nav('https://notes.example/'), 'network'],
    [nav('https://notes.example/other-app/view'), 'network'],
  ]);
});

test('content-hashed assets and locales are immutable, below the base only', () => {
  expectRoutes(ROOT, [
    [get('https://notes.example/assets/main-WO5H57ZJ.js'), 'immutable'],
    [get('https://notes.example/assets/main-JOVTVBFX.css', 'no-cors'), 'immutable'],
    [get('https://notes.example/assets/editor-Q2W3E4R5.js'), 'immutable'],
    [get('https://notes.example/assets/chunks/view-Q2W3E4R5.js'), 'immutable'],
    [get('https://notes.example/locales/fr-DWKEPBVJ.json'), 'immutable'],
    [get('https://notes.example/assets/main.AB12CD34.js?v=1'), 'immutable'],
  ]);
  expectRoutes(MOUNTED, [
    [get('https://notes.example/notes/assets/main-WO5H57ZJ.js'), 'immutable'],
    [get('https://notes.example/notes/locales/de-JPQHZVXD.json'), 'immutable'],
    [get('https://notes.example/assets/main-WO5H57ZJ.js'), 'network'],
  ]);
});

test('everything else is left to the network', () => {
  expectRoutes(ROOT, [
    [get('https://notes.example/index.html'), 'network'],
    [get('https://notes.example/sw.js'), 'network'],
    [get('https://notes.example/assets/main.js'), 'network'],
    [get('https://notes.example/locales/fr.json'), 'network'],
    [get('https://notes.example/main-WO5H57ZJ.js'), 'network'],
    [get('https://notes.example/uploads/photo-ABCDEFGHIJ.png'), 'network'],
    [get('https://cdn.example/assets/main-WO5H57ZJ.js'), 'network'],
    [get('not a url'), 'network'],
    [{ url: 'https://notes.example/assets/main-WO5H57ZJ.js', method: 'HEAD', mode: 'cors' }, 'network'],
    [{ url: 'https://notes.example/', method: 'POST', mode: 'navigate' }, 'network'],
  ]);
});

test.run();
