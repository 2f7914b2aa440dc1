/**
 * Learner isolation (docs/api.md "Auth"): a learner is (rootorg, org, wid), and another learner's
 * notes answer as if they did not exist, on every call. Checked as the same wid under another org
 * and another rootorg, and — with `--other-token` — as another learner; each may also be refused
 * outright (401/403). The same Idempotency-Key from another learner is another key.
 */
import type { Note } from '../../../src/protocol/api-types.ts';
import type { Answer, ApiClient } from '../client.ts';
import { addNote, type Ctx, deleteNote, fetchPage } from '../context.ts';
import type { Dataset } from '../dataset.ts';
import { expect, expectStatus, need, show, showAnswer } from '../expect.ts';
import { asNote } from '../shapes.ts';
import { pathFetch } from './path-fetch.ts';

const refused = (a: Answer) => a.status === 401 || a.status === 403;

/** What `client` can see of this run's notes, as a list of leaks (empty when isolated). */
async function leaks(client: ApiClient, d: Dataset): Promise<string[]> {
  const found: string[] = [];
  const mine = new Set([...d.notes.values()].map((n) => n.noteId));
  const count = (notes: Note[]) => notes.filter((n) => mine.has(n.noteId)).length;
  const fetched = await client.post('/notes/fetch', { courseId: d.courseA, limit: 100 });
  if (!refused(fetched)) {
    expectStatus(fetched, 200);
    const page = fetched.json as { notes?: Note[]; total?: number };
    if ((page.total ?? 0) > 0 || count(page.notes ?? []) > 0)
      found.push(`fetch by courseId: total ${page.total}`);
  }
  const byPath = await client.get(pathFetch({ courseId: d.courseA }, '1', 100, 0, 'newest'));
  if (!refused(byPath) && count((byPath.json as { notes?: Note[] })?.notes ?? []) > 0)
    found.push('the GET fetch lists them');
  const coll = await client.get(`/notes/collection/${encodeURIComponent(d.courseA)}/-`);
  if (!refused(coll) && ((coll.json as { modules?: unknown[] })?.modules?.length ?? 0) > 0)
    found.push('the collection has modules');
  const list = await client.get('/notes/list/course');
  if (
    !refused(list) &&
    Array.isArray(list.json) &&
    list.json.some((r: { courseId?: string }) => r.courseId === d.courseA)
  )
    found.push('list/course has the course');
  const recent = await client.get('/notes/recent');
  if (!refused(recent) && Array.isArray(recent.json) && count(recent.json as Note[]) > 0)
    found.push('recent lists them');
  return found;
}

/**
 * Writes by `client` on a note of this run must be 404 (or refused) and leave it as it was. They
 * carry a wrong version, so an API that leaks shows it (409 instead of 404) without changing the note.
 */
async function cannotWrite(ctx: Ctx, client: ApiClient, d: Dataset): Promise<void> {
  const target = d.pick('f2')[0]!;
  const version = target.version + 7;
  const up = await client.post('/notes/update', {
    noteId: target.noteId,
    version,
    content: '<p>hijacked</p>',
  });
  expect(up.status === 404 || refused(up), 'update → 404', showAnswer(up));
  const del = await client.post('/notes/delete', { noteId: target.noteId, version });
  expect(del.status === 404 || refused(del), 'delete → 404', showAnswer(del));
  const { page } = await fetchPage(ctx.api, { refId: target.refId, limit: 100 });
  const now = page.notes.find((n) => n.noteId === target.noteId);
  const same = now !== undefined && now.version === target.version && now.content === target.content;
  expect(same, 'the note unchanged', show(now ?? 'gone'));
}

/** The isolation checks. */
export async function isolationChecks(ctx: Ctx, data: Dataset | null): Promise<void> {
  const { t, api, other, ids } = ctx;
  const strangers: [string, () => ApiClient | null][] = [
    ['the same wid under another org', () => api.as({ org: `${api.identity.org}-${ids.prefix}` })],
    [
      'the same wid under another rootorg',
      () => api.as({ rootorg: `${api.identity.rootorg}-${ids.prefix}` }),
    ],
    ['another learner (--other-token)', () => other],
  ];
  for (const [who, clientOf] of strangers) {
    const client = clientOf();
    if (!client) {
      t.skip(
        `isolation: ${who} sees none of this run's notes`,
        'give --other-token to check another learner',
      );
      continue;
    }
    await t.check(
      `isolation: ${who} sees none of this run's notes (fetch, GET fetch, collection, list, recent)`,
      async () => {
        const found = await leaks(client, need(data, 'the data set'));
        expect(found.length === 0, 'nothing', found.join('; '));
      },
    );
    await t.check(
      `isolation: ${who} cannot update or delete them (404), and they stay as they were`,
      async () => {
        await cannotWrite(ctx, client, need(data, 'the data set'));
      },
    );
  }
  if (!other) {
    t.skip(
      "isolation: another learner's Idempotency-Key is another key",
      'give --other-token to check another learner',
    );
    return;
  }
  await t.check(
    "isolation: the same Idempotency-Key from another learner makes that learner's own note (201)",
    async () => {
      const key = ids.key('shared');
      const body = { refId: ids.id('shared-key-res'), content: '<p>one key, two learners</p>' };
      const mine = await addNote(ctx, body, { headers: { 'idempotency-key': key } });
      expectStatus(mine, 201);
      const theirs = await addNote(ctx, body, { headers: { 'idempotency-key': key } }, other);
      expectStatus(theirs, 201);
      const [a, b] = [asNote(mine.json).noteId, asNote(theirs.json).noteId];
      expect(a !== b, 'two notes', `one noteId ${a}`);
      await deleteNote(ctx, { noteId: b }, other);
    },
  );
}
