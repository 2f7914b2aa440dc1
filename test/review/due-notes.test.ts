import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Note } from '../../src/protocol/api-types.ts';
import { cardOf, compareDue, dueQueue, endOfLocalDay, nextDue } from '../../src/review/due-notes.ts';
import { fakeCard } from '../fakes/fake-card.ts';
import { fakeNote } from '../fakes/fake-note.ts';

const card = fakeCard;
const inReview = (noteId: string, due: string | null, createdOn = '2026-11-01T00:00:00.000Z') =>
  fakeNote({ noteId, inReview: true, review: due ? card(due) : null, createdOn });

/** Runs `fn` with the process in time zone `tz` (restored after). */
function inZone(tz: string, fn: () => void) {
  const before = process.env.TZ;
  process.env.TZ = tz;
  try {
    fn();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

test('the end of the learner’s local day, not UTC’s', () => {
  inZone('America/New_York', () => {
    // 22:30 in New York on 28 November is 03:30 UTC on the 29th: still the 28th for the learner.
    const now = Date.parse('2026-11-29T03:30:00.000Z');
    assert.is(new Date(endOfLocalDay(now)).toISOString(), '2026-11-29T04:59:59.999Z');
  });
  inZone('Asia/Kolkata', () => {
    const now = Date.parse('2026-11-28T20:00:00.000Z'); // 01:30 on the 29th in India
    assert.is(new Date(endOfLocalDay(now)).toISOString(), '2026-11-29T18:29:59.999Z');
  });
});

test('the local-day boundary: due at 23:59 local is due today, at 00:00 the next day is not', () => {
  inZone('Europe/Berlin', () => {
    const now = Date.parse('2026-11-28T08:00:00.000Z');
    const dueBy = endOfLocalDay(now);
    const tonight = inReview('a', '2026-11-28T22:59:00.000Z'); // 23:59 in Berlin
    const tomorrow = inReview('b', '2026-11-28T23:00:00.000Z'); // 00:00 on the 29th in Berlin
    assert.equal(
      dueQueue([tonight, tomorrow], dueBy).map((n) => n.noteId),
      ['a'],
    );
  });
});

test('due order: soonest first, ties by noteId; a never-rated note is due from when it was created', () => {
  const dueBy = Date.parse('2026-11-28T23:59:59.999Z');
  const notes = [
    inReview('c', '2026-11-27T10:00:00.000Z'),
    inReview('b', '2026-11-27T10:00:00.000Z'),
    inReview('new', null, '2026-11-20T00:00:00.000Z'),
    inReview('later', '2026-12-05T00:00:00.000Z'),
    fakeNote({ noteId: 'not-in-review', review: card('2026-11-01T00:00:00.000Z') }),
    fakeNote({
      noteId: 'cloze',
      content: '<p>a <span class="cloze">b</span></p>',
      createdOn: '2026-11-25T00:00:00.000Z',
    }),
  ];
  assert.equal(
    dueQueue(notes, dueBy).map((n) => n.noteId),
    ['new', 'cloze', 'b', 'c'],
  );
  assert.equal(
    [...notes].sort(compareDue()).map((n) => n.noteId)[0],
    'not-in-review',
    'compareDue orders any note by its card',
  );
});

test('a queued rating’s predicted card counts: the rated note leaves today’s queue', () => {
  const dueBy = Date.parse('2026-11-28T23:59:59.999Z');
  const a = inReview('a', '2026-11-27T10:00:00.000Z');
  const predicted = card('2026-12-02T10:00:00.000Z');
  const rated = new Map([['a', predicted]]);
  assert.equal(dueQueue([a], dueBy, rated), []);
  assert.is(cardOf(a, rated), predicted);
  assert.is(nextDue([a], dueBy, rated), Date.parse('2026-12-02T10:00:00.000Z'));
  // "Again": due again within the day, so it stays in today's queue.
  assert.equal(dueQueue([a], dueBy, new Map([['a', card('2026-11-28T10:10:00.000Z')]])).length, 1);
});

test('each note once; an edit keeps its card (the cache’s newer copy is the one queued)', () => {
  const dueBy = Date.parse('2026-11-28T23:59:59.999Z');
  const a = inReview('a', '2026-11-27T10:00:00.000Z');
  const edited = { ...a, text: 'edited', content: '<p>edited</p>' };
  assert.equal(dueQueue([edited, a], dueBy), [edited]);
});

test('a card is read through its check: a malformed one (come by an unchecked way) counts as never rated', () => {
  const good = inReview('a', '2026-11-30T10:00:00.000Z');
  assert.equal(cardOf(good), card('2026-11-30T10:00:00.000Z'));
  const bad = {
    ...good,
    noteId: 'b',
    review: { ...card('2026-11-30T10:00:00.000Z'), reps: 'x' },
  } as unknown as Note;
  assert.is(cardOf(bad), null);
  // Never rated: due from when it was created, so it is in today's queue, not lost from it.
  assert.equal(
    dueQueue([good, bad], Date.parse('2026-11-28T23:59:59.999Z')).map((n) => n.noteId),
    ['b'],
  );
});

test('nextDue: the earliest due after the day, or null', () => {
  const dueBy = Date.parse('2026-11-28T23:59:59.999Z');
  assert.is(nextDue([inReview('a', '2026-11-27T00:00:00.000Z')], dueBy), null);
  assert.is(
    nextDue([inReview('a', '2026-12-09T00:00:00.000Z'), inReview('b', '2026-12-01T00:00:00.000Z')], dueBy),
    Date.parse('2026-12-01T00:00:00.000Z'),
  );
});

test.run();
