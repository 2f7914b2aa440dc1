import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  compareNotes,
  type Frontier,
  furthest,
  ORDERS,
  withinFrontier,
} from '../../../src/notes/read/note-order.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { fakeNote } from '../../fakes/fake-note.ts';

const day = (d: number) => `2024-01-${String(d).padStart(2, '0')}T00:00:00.000Z`;
/** A note created on day `created` and last edited on day `updated`. */
const at = (noteId: string, created: number, updated = created): Note =>
  fakeNote({ noteId, createdOn: day(created), updatedOn: day(updated) });

const ids = (notes: Note[]) => notes.map((n) => n.noteId);
const sorted = (notes: Note[], order: (typeof ORDERS)[number]) => ids([...notes].sort(compareNotes(order)));

const a = at('a', 1, 9);
const b = at('b', 2, 3);
const c = at('c', 3, 5);
const ALL = [b, c, a];

test('newest: creation time descending', () => {
  assert.equal(sorted(ALL, 'newest'), ['c', 'b', 'a']);
});

test('oldest: creation time ascending', () => {
  assert.equal(sorted(ALL, 'oldest'), ['a', 'b', 'c']);
});

test('updated: last edit descending, creation time ignored', () => {
  assert.equal(sorted(ALL, 'updated'), ['a', 'c', 'b']);
});

test('ties break by noteId ascending in every order (as the API pages them)', () => {
  const same = [at('n3', 4), at('n1', 4), at('n2', 4)];
  for (const order of ORDERS) assert.equal(sorted(same, order), ['n1', 'n2', 'n3'], order);
  assert.is(compareNotes('newest')(at('x', 4), at('x', 4)), 0);
});

test('ids compare by code unit, not as numbers or by locale', () => {
  const same = [at('n10', 4), at('n9', 4), at('N2', 4)];
  assert.equal(sorted(same, 'newest'), ['N2', 'n10', 'n9']);
});

test('times with other offsets compare as instants', () => {
  const utc = fakeNote({ noteId: 'u', createdOn: '2024-01-01T10:00:00.000Z' });
  const plus2 = fakeNote({ noteId: 'p', createdOn: '2024-01-01T11:00:00.000+02:00' }); // 09:00Z
  assert.equal(ids([plus2, utc].sort(compareNotes('newest'))), ['u', 'p']);
});

test('an unparsable date sorts as the epoch instead of breaking the order', () => {
  const bad = fakeNote({ noteId: 'bad', createdOn: 'not a date' });
  assert.equal(sorted([bad, a, b], 'newest'), ['b', 'a', 'bad']);
  assert.equal(sorted([a, bad, b], 'oldest'), ['bad', 'a', 'b']);
});

test('the comparator is antisymmetric and consistent over every pair', () => {
  const notes = [a, b, c, at('d', 2, 9), at('e', 2, 3)];
  for (const order of ORDERS) {
    const cmp = compareNotes(order);
    for (const x of notes)
      for (const y of notes)
        assert.ok(Math.sign(cmp(x, y)) === -Math.sign(cmp(y, x)), `${order} ${x.noteId}/${y.noteId}`);
  }
});

test('withinFrontier: complete holds every note, none holds nothing', () => {
  for (const order of ORDERS) {
    for (const n of ALL) {
      assert.ok(withinFrontier(n, { kind: 'complete' }, compareNotes(order)));
      assert.not.ok(withinFrontier(n, { kind: 'none' }, compareNotes(order)));
    }
  }
});

test('withinFrontier at a note: that note and everything sorting before it', () => {
  const frontier: Frontier = { kind: 'at', note: b };
  assert.equal(
    ALL.filter((n) => withinFrontier(n, frontier, compareNotes('newest'))).map((n) => n.noteId),
    ['b', 'c'],
  );
  assert.equal(
    ALL.filter((n) => withinFrontier(n, frontier, compareNotes('oldest'))).map((n) => n.noteId),
    ['b', 'a'],
  );
  assert.equal(
    ALL.filter((n) => withinFrontier(n, frontier, compareNotes('updated'))).map((n) => n.noteId),
    ['b', 'c', 'a'],
  );
});

test('withinFrontier: a tie on time is decided by noteId', () => {
  const frontier: Frontier = { kind: 'at', note: at('m', 4) };
  assert.ok(withinFrontier(at('l', 4), frontier, compareNotes('newest')));
  assert.ok(withinFrontier(at('m', 4), frontier, compareNotes('newest')));
  assert.not.ok(withinFrontier(at('n', 4), frontier, compareNotes('newest')));
});

test('furthest: complete beats anything, none loses to anything', () => {
  const atB: Frontier = { kind: 'at', note: b };
  const complete: Frontier = { kind: 'complete' };
  const none: Frontier = { kind: 'none' };
  for (const order of ORDERS) {
    assert.equal(furthest(complete, atB, order), complete);
    assert.equal(furthest(atB, complete, order), complete);
    assert.equal(furthest(none, atB, order), atB);
    assert.equal(furthest(atB, none, order), atB);
    assert.equal(furthest(none, none, order), none);
    assert.equal(furthest(complete, none, order), complete);
  }
});

test('furthest of two notes: the one later in the order', () => {
  const atA: Frontier = { kind: 'at', note: a };
  const atC: Frontier = { kind: 'at', note: c };
  assert.is(furthest(atA, atC, 'newest'), atA, 'newest: the older note lies further');
  assert.is(furthest(atC, atA, 'newest'), atA);
  assert.is(furthest(atA, atC, 'oldest'), atC);
  assert.is(furthest(atC, atA, 'oldest'), atC);
  assert.is(furthest(atA, atC, 'updated'), atC, 'updated: a was edited last, so c lies further');
});

test('a note within the furthest frontier is within one of the two', () => {
  const frontiers: Frontier[] = [
    { kind: 'none' },
    { kind: 'complete' },
    ...ALL.map((note) => ({ kind: 'at' as const, note })),
  ];
  for (const order of ORDERS)
    for (const f of frontiers)
      for (const g of frontiers)
        for (const n of ALL)
          assert.is(
            withinFrontier(n, furthest(f, g, order), compareNotes(order)),
            withinFrontier(n, f, compareNotes(order)) || withinFrontier(n, g, compareNotes(order)),
          );
});

test.run();
