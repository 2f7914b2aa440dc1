/**
 * The OpenAPI document: generated from the route table and its JSON Schemas, committed as
 * docs/openapi.json (this fails when they differ: run `npm run openapi`), served at
 * /api/v1/openapi.json, and describing every route the app answers.
 */
import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { documentText, OPENAPI_FILE } from '../../../server/src/openapi/write.ts';
import { startApp } from '../support/app-fixture.ts';

test('docs/openapi.json is what the route table generates (else: npm run openapi)', async () => {
  assert.fixture(await readFile(OPENAPI_FILE, 'utf8'), documentText());
});

test('the app serves the same document, and it names every route with its schemas', async () => {
  const fx = await startApp();
  try {
    const r = await fx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    assert.is(r.statusCode, 200);
    const doc = r.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    assert.equal(doc, JSON.parse(documentText()));
    assert.is(doc.openapi, '3.1.0');
    for (const path of [
      '/api/v1/notes/fetch',
      '/api/v1/notes/add',
      '/api/v1/notes/update',
      '/api/v1/notes/delete',
      '/api/v1/notes/fetch/{courseId}/{moduleId}/{refId}/{flag}/{limit}/{offset}/{order}',
      '/api/v1/notes/list/course',
      '/api/v1/notes/recent',
      '/api/v1/notes/collection/{courseId}/{moduleId}',
      '/api/v1/file/upload',
      '/api/v1/files/{name}',
      '/healthz',
      '/readyz',
    ])
      assert.ok(doc.paths[path], path);
    assert.ok(doc.paths['/api/v1/notes/add']?.post?.requestBody, 'the add body schema');
  } finally {
    await fx.stop();
  }
});

test.run();
