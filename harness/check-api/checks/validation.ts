/**
 * Bad input gets a clear refusal and stores nothing (docs/api.md "Limits"): each bad add, update
 * or fetch below must get its status with an `{ error }` that names the field; an unknown route is
 * a 404 and a wrong method a 405.
 */
import {
  MAX_CONTENT_BYTES,
  MAX_ID_CHARS,
  MAX_LIMIT,
  MAX_QUERY_CHARS,
  MAX_TAG_CHARS,
  MAX_TAGS,
  MAX_TITLE_CHARS,
  MIN_LIMIT,
} from '../../../src/protocol/limits.ts';
import { addNote, type Ctx, totalOf } from '../context.ts';
import { expect, expectRefusal, expectStatus } from '../expect.ts';

type Case = { name: string; body: Record<string, unknown> | string; status: number; field?: string };

/** Bad add bodies: the refusal each gets. `refId` is filled in per run. */
function addCases(refId: string): Case[] {
  const ok = { refId, content: '<p>valid</p>' };
  return [
    { name: 'a body that is not JSON', body: '{"refId": ', status: 400 },
    { name: 'a JSON array', body: '[]', status: 400 },
    { name: 'no refId', body: { content: '<p>x</p>' }, status: 400, field: 'refId' },
    {
      name: `a refId of ${MAX_ID_CHARS + 1} characters`,
      body: { ...ok, refId: 'r'.repeat(MAX_ID_CHARS + 1) },
      status: 400,
      field: 'refId',
    },
    { name: 'empty content', body: { ...ok, content: '' }, status: 400, field: 'content' },
    {
      name: `content over ${MAX_CONTENT_BYTES / 1024} KiB`,
      body: { ...ok, content: 'x'.repeat(MAX_CONTENT_BYTES + 1) },
      status: 413,
      field: 'content',
    },
    {
      name: `text over ${MAX_CONTENT_BYTES / 1024} KiB`,
      body: { ...ok, text: 'é'.repeat(MAX_CONTENT_BYTES / 2 + 1) },
      status: 413,
      field: 'text',
    },
    {
      name: `a refTitle of ${MAX_TITLE_CHARS + 1} characters`,
      body: { ...ok, refTitle: 't'.repeat(MAX_TITLE_CHARS + 1) },
      status: 400,
      field: 'refTitle',
    },
    { name: 'a moduleId that is a number', body: { ...ok, moduleId: 7 }, status: 400, field: 'moduleId' },
    {
      name: "an anchor of kind 'frame'",
      body: { ...ok, anchor: { kind: 'frame', frame: 3 } },
      status: 400,
      field: 'anchor',
    },
    {
      name: 'a time anchor at -1 s',
      body: { ...ok, anchor: { kind: 'time', seconds: -1 } },
      status: 400,
      field: 'anchor',
    },
    {
      name: 'a page anchor at page 0',
      body: { ...ok, anchor: { kind: 'page', page: 0 } },
      status: 400,
      field: 'anchor',
    },
    {
      name: 'a page anchor at page 1.5',
      body: { ...ok, anchor: { kind: 'page', page: 1.5 } },
      status: 400,
      field: 'anchor',
    },
    {
      name: `${MAX_TAGS + 1} tags`,
      body: { ...ok, tags: Array.from({ length: MAX_TAGS + 1 }, (_, i) => `tag${i}`) },
      status: 400,
      field: 'tags',
    },
    {
      name: 'tags repeated ignoring case',
      body: { ...ok, tags: ['Exam', 'exam'] },
      status: 400,
      field: 'tags[1]',
    },
    {
      name: `a tag of ${MAX_TAG_CHARS + 1} characters`,
      body: { ...ok, tags: ['t'.repeat(MAX_TAG_CHARS + 1)] },
      status: 400,
      field: 'tags[0]',
    },
    { name: 'an empty tag', body: { ...ok, tags: ['ok', '  '] }, status: 400, field: 'tags[1]' },
    { name: 'tags that are not an array', body: { ...ok, tags: 'exam' }, status: 400, field: 'tags' },
  ];
}

const FETCH_CASES: Case[] = [
  { name: `limit ${MIN_LIMIT - 1}`, body: { limit: MIN_LIMIT - 1 }, status: 400, field: 'limit' },
  { name: `limit ${MAX_LIMIT + 1}`, body: { limit: MAX_LIMIT + 1 }, status: 400, field: 'limit' },
  { name: 'limit 2.5', body: { limit: 2.5 }, status: 400, field: 'limit' },
  { name: 'limit "10" (a string)', body: { limit: '10' }, status: 400, field: 'limit' },
  { name: "order 'sideways'", body: { order: 'sideways' }, status: 400, field: 'order' },
  {
    name: `a query of ${MAX_QUERY_CHARS + 1} characters`,
    body: { query: 'q'.repeat(MAX_QUERY_CHARS + 1) },
    status: 400,
    field: 'query',
  },
  { name: 'a refId that is a number', body: { refId: 12 }, status: 400, field: 'refId' },
  { name: 'a cursor that is not one', body: { cursor: 'not-a-cursor!' }, status: 400, field: 'cursor' },
];

const send = (ctx: Ctx, path: string, c: Case) =>
  typeof c.body === 'string'
    ? ctx.api.post(path, null, { rawBody: c.body, headers: { 'content-type': 'application/json' } })
    : path === '/notes/add'
      ? addNote(ctx, c.body)
      : ctx.api.post(path, c.body);

/** The validation checks. */
export async function validationChecks(ctx: Ctx): Promise<void> {
  const { t, api, ids } = ctx;
  const refId = ids.id('invalid-res');
  for (const c of addCases(refId)) {
    const named = c.field ? ` naming ${c.field}` : '';
    await t.check(`validation: add with ${c.name} → ${c.status}${named}`, async () => {
      expectRefusal(await send(ctx, '/notes/add', c), c.status, c.field);
    });
  }
  await t.check('validation: none of the refused adds stored a note', async () => {
    const total = await totalOf(api, { refId });
    expect(total === 0, 'no note stored', `${total}`);
  });
  await t.check(`validation: content of exactly ${MAX_CONTENT_BYTES / 1024} KiB → 201`, async () => {
    const a = await addNote(ctx, { refId: ids.id('limit-res'), content: 'x'.repeat(MAX_CONTENT_BYTES) });
    expectStatus(a, 201);
  });
  await t.check('validation: update with version 0 → 400 naming version', async () => {
    expectRefusal(await api.post('/notes/update', { noteId: ids.id('any'), version: 0 }), 400, 'version');
  });
  await t.check('validation: update without noteId → 400 naming noteId', async () => {
    expectRefusal(await api.post('/notes/update', { version: 1 }), 400, 'noteId');
  });
  await t.check('validation: delete without noteId → 400 naming noteId', async () => {
    expectRefusal(await api.post('/notes/delete', {}), 400, 'noteId');
  });
  for (const c of FETCH_CASES) {
    await t.check(`validation: fetch with ${c.name} → 400 naming ${c.field}`, async () => {
      expectRefusal(await send(ctx, '/notes/fetch', c), c.status, c.field);
    });
  }
  await t.check('routes: an unknown route → 404 { error }', async () => {
    expectRefusal(await api.get('/notes/no-such-route'), 404);
  });
  await t.check('routes: GET on POST /notes/add → 405 { error }', async () => {
    expectRefusal(await api.get('/notes/add'), 405);
  });
}
