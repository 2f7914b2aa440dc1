import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchRoute } from '../../../harness/api/routes.ts';

const summary = (method: string, path: string) => {
  const m = matchRoute(method, path);
  return m.found
    ? `${m.route.method} ${m.route.path} ${JSON.stringify(m.params)}`
    : `${m.status} ${m.allow ?? ''}`;
};

test('the nine calls and the file route match with their parameters', () => {
  assert.is(summary('POST', '/api/v1/notes/fetch'), 'POST /notes/fetch {}');
  assert.is(summary('POST', '/api/v1/notes/add'), 'POST /notes/add {}');
  assert.is(summary('POST', '/api/v1/notes/update'), 'POST /notes/update {}');
  assert.is(summary('POST', '/api/v1/notes/delete'), 'POST /notes/delete {}');
  assert.is(
    summary('GET', '/api/v1/notes/fetch/c%201/-/r/1/20/0/newest'),
    'GET /notes/fetch/:courseId/:moduleId/:refId/:flag/:limit/:offset/:order {"courseId":"c 1","moduleId":"-","refId":"r","flag":"1","limit":"20","offset":"0","order":"newest"}',
  );
  assert.is(summary('GET', '/api/v1/notes/list/course'), 'GET /notes/list/course {}');
  assert.is(summary('GET', '/api/v1/notes/recent'), 'GET /notes/recent {}');
  assert.is(
    summary('GET', '/api/v1/notes/collection/c/-'),
    'GET /notes/collection/:courseId/:moduleId {"courseId":"c","moduleId":"-"}',
  );
  assert.is(summary('POST', '/api/v1/file/upload'), 'POST /file/upload {}');
  assert.is(summary('HEAD', '/api/v1/files/x.png'), 'GET /files/:name {"name":"x.png"}');
});

test('a known path with another method is 405 with Allow', () => {
  assert.is(summary('GET', '/api/v1/notes/add'), '405 POST');
  assert.is(summary('GET', '/api/v1/notes/fetch'), '405 POST');
  assert.is(summary('POST', '/api/v1/notes/recent'), '405 GET');
  assert.is(summary('DELETE', '/api/v1/notes/fetch/a/b/c/1/2/3/newest'), '405 GET');
});

test('unknown paths are 404: outside the base, wrong depth, empty params, bad encoding', () => {
  for (const path of [
    '/',
    '/api/v2/notes/add',
    '/api/v1',
    '/api/v1/notes',
    '/api/v1/notes/recent/',
    '/api/v1/notes/fetch/a/b/c/1/2/3',
    '/api/v1/notes/collection//-',
    '/api/v1/notes/collection/%E0%A4%A/-',
  ]) {
    assert.is(summary('GET', path), '404 ', path);
  }
});

test.run();
