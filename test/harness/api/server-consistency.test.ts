import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Note, NoteOrder, NotesPage } from '../../../src/protocol/api-types.ts';
import {
  type Client,
  clientFor,
  type Fixture,
  newNoteBody,
  seeded,
  startFixture,
} from './support/api-fixture.ts';

type Ctx = { fx: Fixture; me: Client };
const cons = suite<Ctx>('server: pagination and concurrency');

/** A clock that advances 1 ms every third call, so many notes share a timestamp (tie-breaks matter). */
const steppingClock = () => {
  let calls = 0;
  return () => new Date(Date.UTC(2024, 6, 1) + Math.floor(calls++ / 3));
};

cons.before.each(async (ctx) => {
  ctx.fx = await startFixture({ now: steppingClock() });
  // A learner in a fresh org: no seed notes, so the test controls every note.
  ctx.me = clientFor(ctx.fx.api, { ...seeded(0), org: 'pagination-org' });
});
cons.after.each(async (ctx) => {
  await ctx.fx.stop();
});

const addMany = async (c: Client, n: number, from = 0): Promise<string[]> => {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 25) {
    const batch = Array.from({ length: Math.min(25, n - i) }, (_, j) =>
      c.post('/notes/add', newNoteBody({ content: `<p>n${from + i + j}</p>`, text: `n${from + i + j}` })),
    );
    for (const r of await Promise.all(batch)) {
      assert.is(r.status, 201);
      ids.push((r.json as Note).noteId);
    }
  }
  return ids;
};

for (const order of ['newest', 'oldest', 'updated'] as NoteOrder[]) {
  cons(
    `cursor pages (${order}) over 250 notes with inserts and deletes between pages: no gaps, no duplicates`,
    async ({ me }) => {
      const initial = await addMany(me, 250);
      const deleted = new Set<string>();
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      let extra = 1000;
      do {
        const r = await me.post('/notes/fetch', { order, limit: 17, cursor });
        assert.is(r.status, 200);
        const page = r.json as NotesPage;
        seen.push(...page.notes.map((n) => n.noteId));
        cursor = page.nextCursor;
        pages++;
        // Between pages: delete one already-seen and two not-yet-seen notes, and add three.
        const unseen = initial.filter((id) => !seen.includes(id) && !deleted.has(id));
        const victims = [
          seen[(pages * 7) % seen.length],
          unseen[pages % Math.max(1, unseen.length)],
          unseen[unseen.length - 1],
        ];
        for (const id of victims) {
          if (!id || deleted.has(id)) continue;
          const d = await me.post('/notes/delete', { noteId: id });
          if (d.status === 200) deleted.add(id);
        }
        await addMany(me, 3, extra);
        extra += 3;
      } while (cursor !== null && pages < 100);
      assert.ok(pages > 10, `paged ${pages} times`);
      assert.is(new Set(seen).size, seen.length, 'no duplicates');
      const survivors = initial.filter((id) => !deleted.has(id));
      const missing = survivors.filter((id) => !seen.includes(id));
      assert.equal(missing, [], 'no gaps among notes that existed throughout');
    },
  );
}

cons('concurrent updates to one note: exactly one wins per version', async ({ me }) => {
  const note = (await me.post('/notes/add', newNoteBody())).json as Note;
  for (let version = 1; version <= 4; version++) {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        me.post('/notes/update', { noteId: note.noteId, version, content: `<p>v${version} by ${i}</p>` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.equal(statuses, [200, ...Array(11).fill(409)], `round ${version}`);
    const winner = results.find((r) => r.status === 200)?.json as Note;
    assert.is(winner.version, version + 1);
    for (const loser of results.filter((r) => r.status === 409)) {
      assert.is((loser.json as { current: Note }).current.version, version + 1);
    }
  }
  const final = (await me.post('/notes/fetch', {})).json as NotesPage;
  assert.is(final.notes[0]?.version, 5);
});

cons.run();
