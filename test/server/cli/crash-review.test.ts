/**
 * `kill -9` of notes-server during a stream of keyed ratings (issue 27), on SQLite and PostgreSQL:
 * after a restart on the same database every rating answered 200 is stored (its note's `reps`
 * count it), and replaying every key sent, answered or not, rates each once in all: a note's
 * `reps` then equals the number of distinct keys sent for it, and an answered key's replay answers
 * the card its first rating left.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Note, NotesPage } from '../../../src/protocol/api-types.ts';
import { devToken } from '../support/app-fixture.ts';
import { ENGINES, freshDatabase } from '../support/databases.ts';
import { devServeArgs, spawnServer } from '../support/spawn-server.ts';

const headers = {
  authorization: `Bearer ${devToken('w-crash-review')}`,
  wid: 'w-crash-review',
  rootorg: 'r',
  org: 'o',
  domain: 'd',
  'content-type': 'application/json',
};
/** Notes in review the stream rates in turn, so several ratings of one note race each other. */
const NOTES = 6;
/** Ratings answered before the kill. */
const ANSWERED_BEFORE_KILL = 30;

const post = (url: string, path: string, body: unknown, key?: string) =>
  fetch(`${url}/api/v1${path}`, {
    method: 'POST',
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    body: JSON.stringify(body),
  });

/** Rating `i` of the stream: Again…Easy in turn, on note `i % NOTES`, under its own key. */
const rateOne = (url: string, notes: readonly string[], i: number) =>
  post(
    url,
    '/notes/review',
    { noteId: notes[i % notes.length], rating: (i % 4) + 1, reviewedOn: new Date().toISOString() },
    `crash-rating-${i}`,
  );

/** Every note of the learner, by id: its `reps` (0 before the first rating). */
async function repsByNote(url: string): Promise<Map<string, number>> {
  const r = await post(url, '/notes/fetch', { limit: 100 });
  assert.is(r.status, 200);
  const page = (await r.json()) as NotesPage;
  assert.is(page.total, NOTES, 'the notes, each once');
  return new Map(page.notes.map((n) => [n.noteId, n.review?.reps ?? 0]));
}

for (const engine of ENGINES) {
  test(`kill -9 mid-stream of ratings on ${engine}: every answered rating stored; replaying every key rates none twice`, async () => {
    const db = await freshDatabase(engine);
    const args = devServeArgs(db.url, `${db.dir}/files`);
    const first = spawnServer(args);
    let second: ReturnType<typeof spawnServer> | null = null;
    try {
      const url = await first.url;
      const notes: string[] = [];
      for (let n = 0; n < NOTES; n++) {
        const r = await post(
          url,
          '/notes/add',
          { refId: 'crash', content: `<p>${n}</p>`, inReview: true },
          `n-${n}`,
        );
        assert.is(r.status, 201);
        notes.push(((await r.json()) as Note).noteId);
      }
      /** Rating i → the reps its answer carried. */
      const answered = new Map<number, number>();
      let sent = 0;
      let writerError: unknown = null;
      const writers = Array.from({ length: 4 }, async () => {
        for (;;) {
          const i = sent++;
          try {
            const r = await rateOne(url, notes, i);
            if (r.status !== 200) throw new Error(`rating ${i} answered ${r.status}: ${await r.text()}`);
            answered.set(i, ((await r.json()) as Note).review?.reps ?? -1);
          } catch (error) {
            if (error instanceof TypeError) return; // the connection went with the process
            writerError = error;
            return;
          }
        }
      });
      while (answered.size < ANSWERED_BEFORE_KILL && !writerError && first.child.exitCode === null)
        await new Promise((r) => setTimeout(r, 20));
      first.child.kill('SIGKILL');
      await first.exited;
      await Promise.all(writers);
      if (writerError) throw writerError;
      assert.ok(answered.size >= ANSWERED_BEFORE_KILL, `${answered.size} ratings answered before the kill`);

      second = spawnServer(args);
      const again = await second.url;
      const noteOf = (i: number) => notes[i % NOTES] ?? '';
      const keysOf = (id: string, only?: (i: number) => boolean) =>
        Array.from({ length: sent }, (_, i) => i).filter((i) => noteOf(i) === id && (only?.(i) ?? true));
      const before = await repsByNote(again);
      for (const id of notes) {
        const reps = before.get(id) ?? 0;
        const mine = keysOf(id, (i) => answered.has(i));
        assert.ok(reps >= mine.length, `${id}: ${reps} reps stored, ${mine.length} ratings answered`);
        const latest = Math.max(0, ...mine.map((i) => answered.get(i) ?? 0));
        assert.ok(reps >= latest, `${id}: stored reps ${reps} ≥ the latest answered card's ${latest}`);
        assert.ok(reps <= keysOf(id).length, `${id}: no more reps than ratings sent`);
      }

      // The replay: every key sent, answered or not, in turn.
      for (let i = 0; i < sent; i++) {
        const r = await rateOne(again, notes, i);
        assert.is(r.status, 200, `replay of rating ${i}`);
        const reps = ((await r.json()) as Note).review?.reps;
        if (answered.has(i))
          assert.is(reps, answered.get(i), `replay of answered rating ${i}: its first card`);
      }
      const after = await repsByNote(again);
      for (const id of notes)
        assert.is(after.get(id), keysOf(id).length, `${id}: one rep per distinct key sent for it`);
      // Once more: every key now stored, so nothing changes.
      for (let i = 0; i < sent; i++) assert.is((await rateOne(again, notes, i)).status, 200);
      assert.equal(await repsByNote(again), after, 'a second replay rates nothing');
    } finally {
      await first.stop();
      if (second) {
        second.child.kill('SIGTERM');
        await second.exited;
      }
      await db.drop();
    }
  });
}

test.run();
