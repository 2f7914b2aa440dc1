import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Journal } from '../../../harness/api/journal.ts';
import { compareNotes } from '../../../harness/api/query.ts';
import { createStore } from '../../../harness/api/store.ts';
import type { NoteOrder } from '../../../src/protocol/api-types.ts';
import { makeNote } from './support/notes.ts';

/** A journal that records lines in memory. */
const memoryJournal = (): Journal & { lines: string[] } => {
  const lines: string[] = [];
  return { lines, append: async (l) => void lines.push(l), close: async () => undefined };
};

const asha = { rootOrg: 'ro', org: 'o', wid: 'asha' };
const lukas = { rootOrg: 'ro', org: 'o', wid: 'lukas' };
const ORDERS: NoteOrder[] = ['newest', 'oldest', 'updated'];

test('learners are isolated: same noteId under two owners stays separate', async () => {
  const store = createStore([], memoryJournal());
  await store.put(asha, makeNote(1, { text: 'asha' }));
  await store.put(lukas, makeNote(1, { text: 'lukas' }));
  assert.is(store.get(asha, 'n-00001')?.text, 'asha');
  assert.is(store.get(lukas, 'n-00001')?.text, 'lukas');
  assert.is(store.get({ ...asha, org: 'other' }, 'n-00001'), undefined);
  assert.is(store.size(), 2);
  assert.equal(store.sorted({ ...asha, rootOrg: 'x' }, 'newest'), []);
});

test('cached sorted views stay equal to a fresh sort through puts, updates and removes', async () => {
  const journal = memoryJournal();
  const store = createStore(
    Array.from({ length: 50 }, (_, i) => ({ owner: asha, note: makeNote(i * 2) })),
    journal,
  );
  for (const o of ORDERS) store.sorted(asha, o);
  let rnd = 7;
  const next = () => {
    rnd = (rnd * 1103515245 + 12345) % 2147483648;
    return rnd;
  };
  for (let step = 0; step < 200; step++) {
    const i = next() % 120;
    const kind = next() % 3;
    if (kind === 0) await store.put(asha, makeNote(i));
    else if (kind === 1) {
      const cur = store.get(asha, makeNote(i).noteId);
      if (cur)
        await store.put(asha, {
          ...cur,
          updatedOn: new Date(Date.UTC(2025, 0, 1, 0, next() % 500)).toISOString(),
        });
    } else await store.remove(asha, makeNote(i).noteId);
    for (const o of ORDERS) {
      const fresh = [...store.sorted(asha, 'newest')].sort(compareNotes(o));
      assert.equal(
        store.sorted(asha, o).map((n) => n.noteId),
        fresh.map((n) => n.noteId),
        `${o} at step ${step}`,
      );
    }
  }
  assert.is(store.size(), store.sorted(asha, 'oldest').length);
  assert.ok(journal.lines.length > 0);
});

test('writes go to the journal as put/del lines', async () => {
  const journal = memoryJournal();
  const store = createStore([], journal);
  await store.put(asha, makeNote(1));
  await store.remove(asha, 'n-00001');
  assert.equal(
    journal.lines.map((l) => (JSON.parse(l) as { op: string }).op),
    ['put', 'del'],
  );
});

test.run();
