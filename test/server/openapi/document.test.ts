/**
 * The OpenAPI document: generated from the route table and its JSON Schemas, committed as
 * docs/openapi.json (this fails when they differ: run `npm run openapi`), served at
 * /api/v1/openapi.json, and describing every route the app answers; the review card, in every note
 * answer, is written once as a component and referred to.
 */
import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { documentText, OPENAPI_FILE } from '../../../server/src/openapi/write.ts';
import { reviewCardSchema } from '../../../server/src/review/schemas.ts';
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

/** Every object in `value` (itself included), with its path. */
function* objects(value: unknown, path = '#'): Generator<[string, Record<string, unknown>]> {
  if (value === null || typeof value !== 'object') return;
  if (!Array.isArray(value)) yield [path, value as Record<string, unknown>];
  for (const [k, v] of Object.entries(value)) yield* objects(v, `${path}/${k}`);
}

test('the review card is one component, ReviewCard, referred to by $ref wherever a note is', () => {
  const doc = JSON.parse(documentText()) as {
    paths: Record<string, unknown>;
    components: { schemas?: Record<string, unknown> };
  };
  assert.equal(doc.components.schemas?.ReviewCard, reviewCardSchema, 'the card, whole, as its component');
  const refs = [...objects(doc.paths)].filter(([, o]) => typeof o.$ref === 'string');
  const toCard = refs.filter(([, o]) => o.$ref === '#/components/schemas/ReviewCard');
  assert.ok(toCard.length > 0, 'referred to');
  assert.ok(
    toCard.some(([p]) => p.startsWith('#//api/v1/notes/review/post/responses/200/')),
    'the rating’s answer refers to it',
  );
  for (const [path, o] of refs) {
    const name = String(o.$ref).replace('#/components/schemas/', '');
    assert.ok(doc.components.schemas?.[name], `${path}: ${String(o.$ref)} resolves`);
    assert.is(Object.keys(o).length, 1, `${path}: a bare $ref`);
  }
  const cardFields = JSON.stringify(reviewCardSchema.required);
  const inline = [...objects(doc.paths)].filter(([, o]) => JSON.stringify(o.required) === cardFields);
  assert.equal(
    inline.map(([p]) => p),
    [],
    'no inline copy of the card left',
  );
});

test.run();
