import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { verifyToken } from '../../../harness/api/auth.ts';
import { isNote } from '../../../harness/api/note-shape.ts';
import { plainText } from '../../../harness/api/plain-text.ts';
import {
  DEMO_PLAYER_DATA,
  findSeededUser,
  SEEDED_USERS,
  seedData,
  tokenForUser,
} from '../../../harness/api/seed.ts';

test('at least two learners with distinct wids; the first is asha', () => {
  assert.ok(SEEDED_USERS.length >= 2);
  assert.is(new Set(SEEDED_USERS.map((u) => u.wid)).size, SEEDED_USERS.length);
  assert.is(new Set(SEEDED_USERS.map((u) => u.name)).size, SEEDED_USERS.length);
  assert.is(SEEDED_USERS[0]?.name, 'asha');
});

test('findSeededUser finds by name, case-insensitively, and misses unknown names', () => {
  assert.is(findSeededUser('lukas')?.wid, 'wid-lukas-2c9e');
  assert.is(findSeededUser(' ASHA ')?.name, 'asha');
  assert.is(findSeededUser('nobody'), undefined);
});

test('tokenForUser carries wid, email and names and lasts 12 h by default', () => {
  const user = SEEDED_USERS[2]!;
  const now = () => new Date('2024-01-01T00:00:00Z');
  const r = verifyToken(tokenForUser(user, 's', undefined, now), 's', now);
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal(
    [r.claims.wid, r.claims.email, r.claims.given_name, r.claims.family_name],
    [user.wid, user.email, user.firstName, user.lastName],
  );
  assert.is(r.claims.exp - (r.claims.iat ?? 0), 43_200);
});

test('seed data is deterministic and every record is a valid note', () => {
  const a = seedData();
  assert.equal(a, seedData());
  assert.ok(a.length >= 12);
  for (const { note } of a) {
    assert.ok(isNote(note), note.noteId);
    assert.is(note.text, plainText(note.content));
  }
  assert.is(new Set(a.map((r) => r.note.noteId)).size, a.length);
});

test('each learner has notes in 2–3 courses, with time and page anchors', () => {
  for (const user of SEEDED_USERS) {
    const notes = seedData()
      .filter((r) => r.owner.wid === user.wid)
      .map((r) => r.note);
    const courses = new Set(notes.map((n) => n.courseId));
    assert.ok(courses.size >= 2 && courses.size <= 3, user.name);
    assert.ok(
      notes.some((n) => n.anchor?.kind === 'time'),
      `${user.name} time anchor`,
    );
    if (user.name !== 'amira')
      assert.ok(
        notes.some((n) => n.anchor?.kind === 'page'),
        `${user.name} page anchor`,
      );
  }
});

test('seed notes use several scripts and languages', () => {
  const all = seedData()
    .map((r) => r.note.text)
    .join('\n');
  for (const sample of ['रेखीय', 'Überschriften', 'Première', 'Escribir', 'الانحدار', 'harmonic']) {
    assert.ok(all.includes(sample), sample);
  }
});

test('each learner has demo player data on a resource they have notes on', () => {
  for (const user of SEEDED_USERS) {
    const pd = DEMO_PLAYER_DATA[user.name];
    assert.ok(pd, user.name);
    const own = seedData().filter((r) => r.owner.wid === user.wid && r.note.refId === pd?.resourceId);
    assert.ok(own.length > 0, user.name);
    assert.is(own[0]?.note.courseId, pd?.courseId);
  }
});

test.run();
