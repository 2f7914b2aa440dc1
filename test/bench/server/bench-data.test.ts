/**
 * The server bench's data: the issue's counts exactly, the big learner, the seed notes' six
 * languages, and the same notes every time.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { benchLearner, FULL_SHAPE, learnerNotes, notesOfLearner } from '../../../bench/server/bench-data.ts';

test('1,000,000 notes across 10,000 learners, learner 0 with 10,000, the rest within one of each other', () => {
  let total = 0;
  const others = new Set<number>();
  for (let i = 0; i < FULL_SHAPE.learners; i++) {
    const n = notesOfLearner(FULL_SHAPE, i);
    total += n;
    if (i > 0) others.add(n);
  }
  assert.is(total, 1_000_000);
  assert.is(notesOfLearner(FULL_SHAPE, 0), 10_000);
  assert.equal([...others].sort((a, b) => a - b), [99, 100]);
});

test('learners are distinct triples; notes are the seeded kind in six scripts, deterministic', () => {
  assert.is.not(benchLearner(1).wid, benchLearner(2).wid);
  const now = new Date('2026-03-01T00:00:00Z');
  const notes = learnerNotes(FULL_SHAPE, 0, now);
  assert.is(notes.length, 10_000);
  assert.equal(learnerNotes(FULL_SHAPE, 0, now)[1234], notes[1234]);
  assert.is(new Set(notes.map((n) => n.noteId)).size, 10_000);
  const text = notes.map((n) => n.text).join('\n');
  for (const script of [/[a-z]/, /\p{Script=Devanagari}/u, /ü/, /é/, /ñ|é/, /\p{Script=Arabic}/u])
    assert.match(text, script);
  for (const n of notes) {
    assert.ok(n.createdOn < now.toISOString() && n.updatedOn >= n.createdOn, n.noteId);
    assert.ok(n.courseId !== null && n.refTitle !== '', n.noteId);
  }
});

test.run();
