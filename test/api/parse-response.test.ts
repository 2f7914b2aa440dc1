import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isApiError } from '../../src/api/api-error.ts';
import {
  parseCourseSummaries,
  parseErrorBody,
  parseNote,
  parseNoteList,
  parseNotesPage,
} from '../../src/api/parse-response.ts';
import { fakeNote } from '../fakes/fake-note.ts';

/** Asserts `fn` throws ApiError('invalid-response') naming `field`. */
const rejects = (fn: () => unknown, field: string) => {
  try {
    fn();
  } catch (e) {
    assert.ok(isApiError(e), 'ApiError');
    if (!isApiError(e)) return;
    assert.is(e.kind, 'invalid-response');
    assert.is(e.message, `Invalid response field: ${field}`);
    return;
  }
  assert.unreachable(`expected invalid-response on ${field}`);
};

test('a valid note passes unchanged; extra fields are dropped', () => {
  const note = fakeNote();
  assert.equal(parseNote({ ...note, extra: 1, __proto__x: 2 }), note);
  assert.equal(Object.keys(parseNote({ ...note, extra: 1 })).sort(), Object.keys(note).sort());
});

test('anchor: time, page and null are accepted; extras inside are dropped', () => {
  assert.equal(parseNote(fakeNote({ anchor: null })).anchor, null);
  assert.equal(parseNote({ ...fakeNote(), anchor: { kind: 'page', page: 4, x: 1 } }).anchor, {
    kind: 'page',
    page: 4,
  });
  assert.equal(parseNote(fakeNote()).anchor, { kind: 'time', seconds: 192 });
});

test('nullable fields accept null', () => {
  const n = fakeNote({ moduleId: null, courseId: null, moduleTitle: null, courseTitle: null, appRef: null });
  assert.equal(parseNote(n), n);
});

test('malformed notes name the bad field', () => {
  const n: Record<string, unknown> = { ...fakeNote() };
  rejects(() => parseNote({ ...n, noteId: undefined }), 'noteId');
  rejects(() => parseNote({ ...n, version: '2' }), 'version');
  rejects(() => parseNote({ ...n, tags: ['a', 1] }), 'tags[1]');
  rejects(() => parseNote({ ...n, tags: 'a' }), 'tags');
  rejects(() => parseNote({ ...n, moduleId: undefined }), 'moduleId');
  rejects(() => parseNote({ ...n, courseTitle: 3 }), 'courseTitle');
  rejects(() => parseNote({ ...n, anchor: { kind: 'video', at: 1 } }), 'anchor.kind');
  rejects(() => parseNote({ ...n, anchor: { kind: 'time', seconds: '3' } }), 'anchor.seconds');
  rejects(() => parseNote({ ...n, anchor: 'p4' }), 'anchor');
  rejects(() => parseNote([n]), '(root)');
  rejects(() => parseNote(null), '(root)');
  rejects(() => parseNote('note'), '(root)');
});

test('notes page and note list', () => {
  const page = { notes: [fakeNote(), fakeNote({ noteId: 'n2' })], total: 2, nextCursor: null };
  assert.equal(parseNotesPage(page), page);
  assert.equal(parseNotesPage({ ...page, nextCursor: 'abc' }).nextCursor, 'abc');
  rejects(
    () => parseNotesPage({ ...page, notes: [fakeNote(), { ...fakeNote(), refId: 7 }] }),
    'notes[1].refId',
  );
  rejects(() => parseNotesPage({ ...page, total: '2' }), 'total');
  rejects(() => parseNotesPage({ notes: [], total: 0 }), 'nextCursor');
  rejects(() => parseNotesPage({ ...page, nextCursor: 5 }), 'nextCursor');
  assert.equal(parseNoteList([fakeNote()]), [fakeNote()]);
  rejects(() => parseNoteList({ notes: [] }), '(root)');
  rejects(() => parseNoteList([fakeNote(), 1]), '[1]');
});

test('course summaries', () => {
  const rows = [{ courseId: 'c1', courseTitle: 'C', noteCount: 3, updatedOn: '2024-01-01' }];
  assert.equal(parseCourseSummaries(rows), rows);
  rejects(() => parseCourseSummaries([{ ...rows[0], noteCount: '3' }]), '[0].noteCount');
});

test('error body: {error} and {error, current}; other shapes are null', () => {
  assert.equal(parseErrorBody({ error: 'bad refId', extra: 1 }), { error: 'bad refId' });
  assert.equal(parseErrorBody({ error: 'stale', current: fakeNote() }), {
    error: 'stale',
    current: fakeNote(),
  });
  assert.equal(parseErrorBody({ error: 'stale', current: { noteId: 1 } }), { error: 'stale' });
  assert.is(parseErrorBody({ message: 'x' }), null);
  assert.is(parseErrorBody({ error: 5 }), null);
  assert.is(parseErrorBody('oops'), null);
  assert.is(parseErrorBody(null), null);
  assert.is(parseErrorBody(undefined), null);
});

const CARD = {
  due: '2026-12-01T09:00:00.000Z',
  stability: 3.2,
  difficulty: 5.1,
  scheduledDays: 3,
  learningSteps: 0,
  reps: 1,
  lapses: 0,
  state: 'review',
  lastReview: '2026-11-28T09:00:00.000Z',
};

test("review fields are optional: absent stays absent (another portal's API), present passes", () => {
  const plain = fakeNote();
  assert.not.ok('inReview' in parseNote(plain));
  assert.not.ok('review' in parseNote(plain));
  const reviewed = { ...plain, inReview: true, review: CARD };
  assert.equal(parseNote(reviewed), reviewed);
  assert.equal(parseNote({ ...plain, inReview: false, review: null }), {
    ...plain,
    inReview: false,
    review: null,
  });
});

test('review fields of a bad shape name the field; the card itself is left to the review side', () => {
  const n: Record<string, unknown> = { ...fakeNote() };
  rejects(() => parseNote({ ...n, inReview: 'yes' }), 'inReview');
  rejects(() => parseNote({ ...n, inReview: null }), 'inReview');
  rejects(() => parseNote({ ...n, review: 'tomorrow' }), 'review');
  rejects(() => parseNote({ ...n, review: [] }), 'review');
  rejects(() => parseNote({ ...n, review: 5 }), 'review');
  // An object passes here as it is: src/api/parse-review.ts checks it where it is read.
  const bad = { ...CARD, due: 5 };
  assert.is(parseNote({ ...n, review: bad }).review, bad);
});

test.run();
