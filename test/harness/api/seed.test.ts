import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DEMO_PLAYER_DATA,
  findSeededUser,
  SEEDED_USERS,
  seedData,
  tokenForUser,
} from '../../../harness/api/seed.ts';
import { LAST_SEED_DAY, seedTime } from '../../../harness/api/seed-time.ts';
import { createAuthenticator } from '../../../server/src/auth/index.ts';
import { plainText } from '../../../server/src/notes/plain-text.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { hasCloze, isInReview } from '../../../src/protocol/review-rules.ts';

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

test('tokenForUser carries wid, email and names, lasts 12 h by default, and the service takes it', async () => {
  const user = SEEDED_USERS[2]!;
  const now = () => new Date('2024-01-01T00:00:00Z');
  const auth = await createAuthenticator({ mode: 'dev', secret: 's', now });
  const r = await auth.authenticate({
    authorization: `Bearer ${tokenForUser(user, 's', undefined, now)}`,
    wid: user.wid,
    rootorg: user.rootOrg,
    org: user.org,
    domain: 'portal.example',
  });
  auth.close();
  assert.ok(r.ok, r.ok ? '' : r.error);
  if (!r.ok) return;
  assert.is(r.learner.wid, user.wid);
  assert.equal(
    [r.claims.wid, r.claims.email, r.claims.given_name, r.claims.family_name],
    [user.wid, user.email, user.firstName, user.lastName],
  );
  assert.is(Number(r.claims.exp) - Number(r.claims.iat), 43_200);
});

const NOW = new Date('2025-02-10T08:00:00.000Z');
const at = (d: Date) => () => d;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NOTE_FIELDS = [
  'anchor',
  'appRef',
  'content',
  'courseId',
  'courseTitle',
  'createdOn',
  'displayName',
  'domain',
  'inReview',
  'moduleId',
  'moduleTitle',
  'noteId',
  'refId',
  'refTitle',
  'review',
  'tags',
  'text',
  'updatedOn',
  'version',
];

/** Every field of a Note, and nothing else, with well-formed dates and version. */
const isNote = (n: Note): boolean =>
  JSON.stringify(Object.keys(n).sort()) === JSON.stringify(NOTE_FIELDS) &&
  n.noteId !== '' &&
  ISO.test(n.createdOn) &&
  ISO.test(n.updatedOn) &&
  Number.isSafeInteger(n.version) &&
  n.version >= 1;

test('seed data is deterministic for one clock and every record is a valid note', () => {
  const a = seedData(at(NOW));
  assert.equal(a, seedData(at(NOW)));
  assert.ok(a.length >= 12);
  for (const { note } of a) {
    assert.ok(isNote(note), note.noteId);
    assert.is(note.text, plainText(note.content));
  }
  assert.is(new Set(a.map((r) => r.note.noteId)).size, a.length);
});

test('dates are relative to the moment of seeding: the last two weeks, never after it', () => {
  const notes = seedData(at(NOW)).map((r) => r.note);
  const ms = (iso: string) => Date.parse(iso);
  for (const n of notes) {
    assert.ok(ms(n.createdOn) <= ms(n.updatedOn), `${n.noteId} created after its update`);
    assert.ok(ms(n.updatedOn) <= NOW.getTime(), `${n.noteId} updated in the future`);
    assert.ok(NOW.getTime() - ms(n.createdOn) <= 14 * 86_400_000, `${n.noteId} older than two weeks`);
    assert.is(n.version, n.createdOn === n.updatedOn ? 1 : 2, n.noteId);
  }
  const newest = Math.max(...notes.map((n) => ms(n.updatedOn)));
  assert.is(NOW.getTime() - newest, 12 * 3_600_000 - 6 * 60_000, 'the newest change is about 12 hours old');
  const edited = notes.filter((n) => n.updatedOn !== n.createdOn);
  assert.ok(edited.length >= 3, 'some notes were edited after they were written');
  for (const n of edited) assert.ok(ms(n.updatedOn) - ms(n.createdOn) >= 86_400_000, n.noteId);
});

test('a later clock keeps ids and content and shifts every date by the same amount', () => {
  const later = new Date(NOW.getTime() + 400 * 86_400_000 + 12_345);
  const a = seedData(at(NOW)).map((r) => r.note);
  const b = seedData(at(later)).map((r) => r.note);
  const shift = (iso: string) => new Date(Date.parse(iso) + 400 * 86_400_000 + 12_345).toISOString();
  const shiftCard = (c: Note['review']) =>
    c ? { ...c, due: shift(c.due), lastReview: c.lastReview === null ? null : shift(c.lastReview) } : null;
  assert.equal(
    b,
    a.map((n) => ({
      ...n,
      createdOn: shift(n.createdOn),
      updatedOn: shift(n.updatedOn),
      review: shiftCard(n.review ?? null),
    })),
  );
  assert.equal(
    a.slice(0, 3).map((n) => n.noteId),
    ['seed-asha-01', 'seed-asha-02', 'seed-asha-03'],
  );
});

test("asha's review: due now (rated, never rated, a cloze), due later; nobody else's", () => {
  const notes = seedData(at(NOW)).map((r) => r.note);
  const inReview = notes.filter((n) => isInReview(n));
  assert.ok(inReview.every((n) => n.noteId.startsWith('seed-asha-')));
  const due = inReview.filter((n) => n.review === null || Date.parse(n.review?.due ?? '') <= NOW.getTime());
  const later = inReview.filter((n) => !due.includes(n));
  assert.ok(due.length >= 3 && later.length >= 2, `${due.length} due, ${later.length} later`);
  assert.ok(
    due.some((n) => n.review !== null && n.review !== undefined),
    'one rated before and due again',
  );
  assert.ok(
    due.some((n) => hasCloze(n.content) && n.inReview === false),
    'one in review by its cloze only',
  );
  for (const n of inReview) {
    if (n.review) assert.ok(Date.parse(n.review.lastReview ?? '') <= NOW.getTime(), n.noteId);
  }
});

test('seedTime: seed day 12 is 12 hours before now, day 0 is 12.5 days before; minutes keep order', () => {
  assert.is(seedTime(NOW, LAST_SEED_DAY, 0), '2025-02-09T20:00:00.000Z');
  assert.is(seedTime(NOW, 0, 0), '2025-01-28T20:00:00.000Z');
  assert.is(seedTime(NOW, 0, 2), '2025-01-28T20:02:00.000Z');
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
