import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  KEPT_KEY,
  KEPT_MAX_AGE_MS,
  keptCourses,
  keptPage,
  parseKept,
} from '../../../src/notes/read/kept-read.ts';
import { createKeptWriter, KEPT_MAX_CHARS } from '../../../src/notes/write/kept-write.ts';
import { createKeyValueStore } from '../../../src/platform/key-value-store.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import { createMemoryStorage, storageError } from '../../fakes/memory-storage.ts';

const ASHA = 'wingspan\u0000learning\u0000w-asha';
const note = (id: string, minutesAgo: number, over: Partial<Note> = {}) => {
  const at = new Date(Date.UTC(2026, 10, 25, 12, 0) - minutesAgo * 60_000).toISOString();
  return fakeNote({ noteId: id, createdOn: at, updatedOn: at, ...over });
};

function setup(now = Date.UTC(2026, 10, 25, 12, 0)) {
  const storage = createMemoryStorage();
  const store = createKeyValueStore(() => storage);
  const clock = { now };
  const writer = createKeptWriter({ store, now: () => clock.now });
  const read = (key: string, learner = ASHA) =>
    keptPage(parseKept(store.get(KEPT_KEY), learner), key, clock.now);
  return { storage, store, writer, read, clock };
}
const PAGE = { notes: [note('a', 1), note('b', 2), note('c', 3)], total: 7, complete: false };

test('a saved first page reads back for the same learner, and for nobody else', () => {
  const t = setup();
  assert.ok(t.writer.save(ASHA, 'newest:r1', { refId: 'r1' }, 'newest', PAGE));
  const kept = t.read('newest:r1');
  assert.equal(
    kept?.notes.map((n) => n.noteId),
    ['a', 'b', 'c'],
  );
  assert.is(kept?.total, 7);
  assert.is(kept?.complete, false);
  assert.is(kept?.at, t.clock.now);
  assert.is(t.read('newest:r1', 'wingspan\u0000learning\u0000w-lukas'), null);
  assert.is(t.read('newest:other'), null);
  assert.not.match(t.storage.items.get(KEPT_KEY) ?? '', 'token');
});

test('another learner’s save replaces the copy: one learner’s reads at a time', () => {
  const t = setup();
  t.writer.save(ASHA, 'newest:r1', { refId: 'r1' }, 'newest', PAGE);
  t.writer.save('other', 'newest:r2', { refId: 'r2' }, 'newest', PAGE);
  assert.is(t.read('newest:r1'), null);
  assert.ok(t.read('newest:r2', 'other'));
});

test('older than 30 days: not read, and dropped at the next write', () => {
  const t = setup();
  t.writer.save(ASHA, 'old', {}, 'newest', PAGE);
  t.clock.now += KEPT_MAX_AGE_MS;
  assert.is(t.read('old'), null);
  t.writer.save(ASHA, 'new', {}, 'oldest', PAGE);
  assert.not.match(t.storage.items.get(KEPT_KEY) ?? '', '"old"');
});

test('over the size cap, the least recently saved lists go first', () => {
  const t = setup();
  const big = (id: string) =>
    note(id, 1, { content: `<p>${'x'.repeat(40_000)}</p>`, text: 'x'.repeat(40_000) });
  const lists = Math.ceil(KEPT_MAX_CHARS / 90_000) + 3;
  for (let i = 0; i < lists; i++) {
    t.clock.now += 1000;
    t.writer.save(ASHA, `list-${i}`, { refId: `r${i}` }, 'newest', {
      notes: [big(`n${i}`)],
      total: 1,
      complete: true,
    });
  }
  assert.ok((t.storage.items.get(KEPT_KEY) ?? '').length <= KEPT_MAX_CHARS);
  assert.ok(t.read(`list-${lists - 1}`), 'the newest is kept');
  assert.is(t.read('list-0'), null, 'the oldest went');
});

test('quota exceeded: lists are dropped until it fits; nothing storable leaves no copy, and no throw', () => {
  const t = setup();
  t.writer.save(ASHA, 'first', {}, 'newest', PAGE);
  t.storage.failSet = storageError('QuotaExceededError');
  assert.not.throws(() => t.writer.save(ASHA, 'second', {}, 'oldest', PAGE));
  assert.is(t.storage.items.get(KEPT_KEY), undefined);
});

test('a confirmed add lands in the lists it belongs to, within their range; total counts it', () => {
  const t = setup();
  t.writer.save(ASHA, 'r1', { refId: 'r1' }, 'newest', PAGE);
  t.writer.save(ASHA, 'r2', { refId: 'r2' }, 'newest', {
    notes: [note('z', 5, { refId: 'r2' })],
    total: 1,
    complete: true,
  });
  t.writer.save(ASHA, 'all-oldest', {}, 'oldest', {
    notes: [note('c', 3), note('b', 2)],
    total: 7,
    complete: false,
  });
  t.writer.confirmed(ASHA, 'new', note('new', 0));
  assert.equal(
    t.read('r1')?.notes.map((n) => n.noteId),
    ['new', 'a', 'b', 'c'],
  );
  assert.is(t.read('r1')?.total, 8);
  assert.equal(
    t.read('r2')?.notes.map((n) => n.noteId),
    ['z'],
    'another resource',
  );
  assert.equal(
    t.read('all-oldest')?.notes.map((n) => n.noteId),
    ['c', 'b'],
    'beyond that page’s range',
  );
});

test('a confirmed edit replaces the note; a confirmed delete removes it', () => {
  const t = setup();
  t.writer.save(ASHA, 'r1', { refId: 'r1' }, 'newest', PAGE);
  t.writer.confirmed(ASHA, 'b', { ...note('b', 2), text: 'Edited', version: 2 });
  assert.is(t.read('r1')?.notes.find((n) => n.noteId === 'b')?.text, 'Edited');
  t.writer.confirmed(ASHA, 'a', null);
  assert.equal(
    t.read('r1')?.notes.map((n) => n.noteId),
    ['b', 'c'],
  );
  assert.is(t.read('r1')?.total, 6);
});

test('a corrupt or foreign-shaped copy is ignored and rebuilt', () => {
  for (const raw of ['{', 'null', '[]', '{"learner":42}', JSON.stringify({ learner: ASHA, lists: [] })]) {
    const t = setup();
    t.storage.items.set(KEPT_KEY, raw);
    assert.is(t.read('r1'), null);
    t.writer.save(ASHA, 'r1', { refId: 'r1' }, 'newest', PAGE);
    assert.ok(t.read('r1'), raw);
  }
});

test('a list whose notes do not all pass the note check is left out; the others stay', () => {
  const t = setup();
  t.writer.save(ASHA, 'good', {}, 'newest', PAGE);
  const stored = JSON.parse(t.storage.items.get(KEPT_KEY) ?? '{}');
  stored.lists.bad = {
    ...stored.lists.good,
    notes: [{ noteId: 'x', content: '<img src=x onerror=alert(1)>' }],
  };
  stored.lists.odd = { ...stored.lists.good, filter: { refId: 7 } };
  t.storage.items.set(KEPT_KEY, JSON.stringify(stored));
  assert.ok(t.read('good'));
  assert.is(t.read('bad'), null);
  assert.is(t.read('odd'), null);
});

test('the course list is kept beside the lists, alone too, and read back only if well formed', () => {
  const t = setup();
  const courses = [
    { courseId: 'c1', courseTitle: 'Course 1', noteCount: 2, updatedOn: '2026-11-20T00:00:00Z' },
  ];
  assert.ok(t.writer.saveCourses(ASHA, courses), 'written with no list kept yet');
  const file = () => parseKept(t.store.get(KEPT_KEY), ASHA);
  assert.equal(keptCourses(file(), t.clock.now)?.items, courses);
  t.writer.save(ASHA, 'r1', { refId: 'r1' }, 'newest', PAGE);
  assert.equal(keptCourses(file(), t.clock.now)?.items, courses, 'a list saved after keeps it');
  assert.is(keptCourses(file(), t.clock.now + KEPT_MAX_AGE_MS), null, 'older than 30 days');
  const stored = JSON.parse(t.storage.items.get(KEPT_KEY) ?? '{}');
  stored.courses.items = [{ courseId: 5 }];
  t.storage.items.set(KEPT_KEY, JSON.stringify(stored));
  assert.is(keptCourses(file(), t.clock.now), null);
});

test.run();
