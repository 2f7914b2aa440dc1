import { signal } from '@preact/signals-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReviewCard } from '../../src/protocol/api-types.ts';
import type { RatedCards } from '../../src/review/due-notes.ts';
import { followDue } from '../../src/review/follow-due.ts';

const DUE_BY = Date.parse('2026-11-28T23:59:59.999Z');
const card = (due: string): ReviewCard => ({
  due,
  stability: 1,
  difficulty: 5,
  scheduledDays: 1,
  learningSteps: 0,
  reps: 1,
  lapses: 0,
  state: 'review',
  lastReview: '2026-11-28T10:00:00.000Z',
});
const TOMORROW = card('2026-11-29T10:00:00.000Z');
const LATER_TODAY = card('2026-11-28T10:10:00.000Z');
const settle = () => new Promise((r) => setTimeout(r, 5));

/** A follower over a server whose count the test sets; `asks` counts the questions. */
function setup(first: number | null) {
  const due = signal<number | null | undefined>(undefined);
  const rated = signal<RatedCards>(new Map());
  const writes = signal<ReadonlySet<string> | null>(null);
  const server = { count: first as number | null, asks: 0, fail: false };
  const stop = followDue({
    due,
    rated,
    writes,
    dueBy: DUE_BY,
    waitMs: 1,
    ask: async () => {
      server.asks += 1;
      if (server.fail) throw new Error('offline');
      return server.count;
    },
  });
  return { due, rated, writes, server, stop };
}

test('the count is the server’s; a rating queued in any frame takes its note off at once', async () => {
  const s = setup(3);
  await settle();
  assert.is(s.due.value, 3);
  s.rated.value = new Map([['a', TOMORROW]]);
  assert.is(s.due.value, 2, 'at once, before any question');
  s.rated.value = new Map([
    ['a', TOMORROW],
    ['b', LATER_TODAY],
  ]);
  assert.is(s.due.value, 2, 'a card still due today stays counted');
  assert.is(s.server.asks, 1);
  s.stop();
});

test('a rating stored (it leaves the queue): asked again, and the note never counts again meanwhile', async () => {
  const s = setup(3);
  await settle();
  s.rated.value = new Map([['a', TOMORROW]]);
  s.server.count = 2; // the server stored it
  s.rated.value = new Map();
  assert.is(s.due.value, 2, 'not 3 while the question is out');
  await settle();
  assert.is(s.server.asks, 2);
  assert.is(s.due.value, 2);
  s.stop();
});

test('a rating refused (it leaves the queue unstored): the server still counts it, and so does the tab', async () => {
  const s = setup(3);
  await settle();
  s.rated.value = new Map([['a', TOMORROW]]);
  s.rated.value = new Map();
  await settle();
  assert.is(s.due.value, 3);
  s.stop();
});

test('no answer (offline): the stored note stays off until the server is asked successfully', async () => {
  const s = setup(3);
  await settle();
  s.server.fail = true;
  s.rated.value = new Map([['a', TOMORROW]]);
  s.rated.value = new Map();
  await settle();
  assert.is(s.due.value, 2);
  s.server.fail = false;
  s.server.count = 1; // a and b both stored
  s.rated.value = new Map([['b', TOMORROW]]);
  s.rated.value = new Map();
  await settle();
  assert.is(s.due.value, 1, 'the server’s count once it answers, nothing left off twice');
  s.stop();
});

test('an API without review: null, the tab goes; stopped, nothing changes', async () => {
  const s = setup(null);
  await settle();
  assert.is(s.due.value, null);
  s.stop();
  s.rated.value = new Map([['a', TOMORROW]]);
  assert.is(s.due.value, null);
});

test('an add, edit or delete stored (it leaves the queue): the count asked again; queued ones alone ask nothing', async () => {
  const s = setup(3);
  await settle();
  s.writes.value = new Set(['add-1']); // followed from now: what was stored before is asked for
  await settle();
  assert.is(s.server.asks, 2, 'asked once as the writes are followed');
  s.writes.value = new Set(['add-1', 'edit-2']);
  await settle();
  assert.is(s.server.asks, 2, 'queued: nothing to ask yet');
  s.server.count = 4; // the add put a note in review
  s.writes.value = new Set();
  await settle();
  assert.is(s.server.asks, 3);
  assert.is(s.due.value, 4);
  s.stop();
  s.writes.value = new Set(['w-2']);
  s.writes.value = new Set();
  await settle();
  assert.is(s.server.asks, 3, 'stopped: follows nothing');
});

test.run();
