/**
 * The answer shapes of src/protocol/api-types.ts, checked field by field the way a strict client
 * reads them (src/api/parse-response.ts), but reporting every problem as `path: expected …, saw …`
 * so a portal team sees exactly which field of their API is off. Extra fields are allowed.
 */
import type {
  CourseSummary,
  DeleteResult,
  Note,
  NoteCollection,
  NotesPage,
  ReviewSummary,
  UploadResult,
} from '../../src/protocol/api-types.ts';
import { expect, show } from './expect.ts';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** ISO 8601 with a time and a zone, as `Date.prototype.toISOString` and databases write it. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Collects problems as `path: expected X, saw Y`. */
class Problems {
  readonly list: string[] = [];
  add(path: string, expected: string, v: unknown): void {
    this.list.push(`${path || '(root)'}: expected ${expected}, saw ${v === undefined ? 'nothing' : show(v)}`);
  }
  str(v: unknown, path: string): void {
    if (typeof v !== 'string') this.add(path, 'a string', v);
  }
  nstr(v: unknown, path: string): void {
    if (v !== null && typeof v !== 'string') this.add(path, 'a string or null', v);
  }
  date(v: unknown, path: string): void {
    if (typeof v !== 'string' || !ISO.test(v) || Number.isNaN(Date.parse(v)))
      this.add(path, 'an ISO 8601 date-time', v);
  }
  count(v: unknown, path: string, min: number): void {
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min)
      this.add(path, `an integer ≥ ${min}`, v);
  }
  record(v: unknown, path: string): v is Rec {
    if (isRec(v)) return true;
    this.add(path, 'an object', v);
    return false;
  }
  array(v: unknown, path: string): v is unknown[] {
    if (Array.isArray(v)) return true;
    this.add(path, 'an array', v);
    return false;
  }
}

const at = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

function anchor(p: Problems, v: unknown, path: string): void {
  if (v === null) return;
  const ok =
    isRec(v) &&
    ((v.kind === 'time' && typeof v.seconds === 'number' && Number.isFinite(v.seconds) && v.seconds >= 0) ||
      (v.kind === 'page' && typeof v.page === 'number' && Number.isSafeInteger(v.page) && v.page >= 1));
  if (!ok) p.add(path, "null, { kind: 'time', seconds ≥ 0 } or { kind: 'page', page ≥ 1 }", v);
}

function note(p: Problems, v: unknown, path: string): void {
  if (!p.record(v, path)) return;
  const f = (k: keyof Note) => at(path, k);
  for (const k of ['noteId', 'refId'] as const) {
    p.str(v[k], f(k));
    if (v[k] === '') p.add(f(k), 'a non-empty string', v[k]);
  }
  for (const k of ['refTitle', 'domain', 'displayName', 'content', 'text'] as const) p.str(v[k], f(k));
  for (const k of ['moduleId', 'courseId', 'moduleTitle', 'courseTitle', 'appRef'] as const)
    p.nstr(v[k], f(k));
  anchor(p, v.anchor, f('anchor'));
  if (p.array(v.tags, f('tags'))) for (const [i, tag] of v.tags.entries()) p.str(tag, at(f('tags'), i));
  p.date(v.createdOn, f('createdOn'));
  p.date(v.updatedOn, f('updatedOn'));
  if (typeof v.createdOn === 'string' && typeof v.updatedOn === 'string') {
    if (Date.parse(v.updatedOn) < Date.parse(v.createdOn))
      p.add(f('updatedOn'), `no earlier than createdOn ${v.createdOn}`, v.updatedOn);
  }
  p.count(v.version, f('version'), 1);
  // Review's two fields are optional (an API without review never sends them); when sent, typed.
  if (v.inReview !== undefined && typeof v.inReview !== 'boolean')
    p.add(f('inReview'), 'a boolean', v.inReview);
  if (v.review !== undefined && v.review !== null) reviewCard(p, v.review, f('review'));
}

const STATES = ['new', 'learning', 'review', 'relearning'];

function reviewCard(p: Problems, v: unknown, path: string): void {
  if (!p.record(v, path)) return;
  p.date(v.due, at(path, 'due'));
  for (const k of ['stability', 'difficulty'] as const) {
    if (typeof v[k] !== 'number' || !Number.isFinite(v[k]) || v[k] < 0)
      p.add(at(path, k), 'a number ≥ 0', v[k]);
  }
  for (const k of ['scheduledDays', 'learningSteps', 'reps', 'lapses'] as const)
    p.count(v[k], at(path, k), 0);
  if (!STATES.includes(v.state as string)) p.add(at(path, 'state'), STATES.join(' | '), v.state);
  if (v.lastReview !== null) p.date(v.lastReview, at(path, 'lastReview'));
}

function summary(p: Problems, v: unknown, path: string): void {
  if (!p.record(v, path)) return;
  p.count(v.inReview, at(path, 'inReview'), 0);
  p.count(v.due, at(path, 'due'), 0);
  if (v.nextDue !== null) p.date(v.nextDue, at(path, 'nextDue'));
  if (typeof v.due === 'number' && typeof v.inReview === 'number' && v.due > v.inReview)
    p.add(at(path, 'due'), `at most inReview (${v.inReview})`, v.due);
}

function notes(p: Problems, v: unknown, path: string): void {
  if (p.array(v, path)) for (const [i, n] of v.entries()) note(p, n, at(path, i));
}

function page(p: Problems, v: unknown, path: string): void {
  if (!p.record(v, path)) return;
  notes(p, v.notes, at(path, 'notes'));
  p.count(v.total, at(path, 'total'), 0);
  p.nstr(v.nextCursor, at(path, 'nextCursor'));
}

function courses(p: Problems, v: unknown, path: string): void {
  if (!p.array(v, path)) return;
  v.forEach((c, i) => {
    const cp = at(path, i);
    if (!p.record(c, cp)) return;
    p.str(c.courseId, at(cp, 'courseId'));
    p.str(c.courseTitle, at(cp, 'courseTitle'));
    p.count(c.noteCount, at(cp, 'noteCount'), 1);
    p.date(c.updatedOn, at(cp, 'updatedOn'));
  });
}

function collection(p: Problems, v: unknown, path: string): void {
  if (!p.record(v, path)) return;
  p.str(v.courseId, at(path, 'courseId'));
  p.str(v.courseTitle, at(path, 'courseTitle'));
  if (!p.array(v.modules, at(path, 'modules'))) return;
  v.modules.forEach((m, i) => {
    const mp = at(at(path, 'modules'), i);
    if (!p.record(m, mp)) return;
    p.str(m.moduleId, at(mp, 'moduleId'));
    p.str(m.moduleTitle, at(mp, 'moduleTitle'));
    if (!p.array(m.resources, at(mp, 'resources'))) return;
    m.resources.forEach((r, j) => {
      const rp = at(at(mp, 'resources'), j);
      if (!p.record(r, rp)) return;
      p.str(r.refId, at(rp, 'refId'));
      p.str(r.refTitle, at(rp, 'refTitle'));
      notes(p, r.notes, at(rp, 'notes'));
    });
  });
}

function deleted(p: Problems, v: unknown, path: string): void {
  if (!p.record(v, path)) return;
  p.str(v.noteId, at(path, 'noteId'));
  if (v.deleted !== true) p.add(at(path, 'deleted'), 'true', v.deleted);
}

function upload(p: Problems, v: unknown, path: string): void {
  if (!p.record(v, path)) return;
  for (const k of ['url', 'name', 'type'] as const) p.str(v[k], at(path, k));
  p.count(v.size, at(path, 'size'), 1);
}

type Shape = (p: Problems, v: unknown, path: string) => void;

/** Every problem of `value` against a shape, `[]` when it conforms. */
const problemsOf = (shape: Shape, value: unknown): string[] => {
  const p = new Problems();
  shape(p, value, '');
  return p.list;
};

/** Asserts a shape: fails with the first problems found, or returns the value typed. */
const asserting =
  <T>(shape: Shape, name: string) =>
  (value: unknown): T => {
    const found = problemsOf(shape, value);
    expect(found.length === 0, `a ${name}`, found.slice(0, 3).join('; '));
    return value as T;
  };

/** A Note, every field typed as src/protocol/api-types.ts says. */
export const asNote = asserting<Note>(note, 'Note');
/** A list of Notes (`GET /notes/recent`). */
export const asNotes = asserting<Note[]>(notes, 'Note[]');
/** A NotesPage (either fetch). */
export const asPage = asserting<NotesPage>(page, 'NotesPage');
/** A CourseSummary[] (`GET /notes/list/course`). */
export const asCourses = asserting<CourseSummary[]>(courses, 'CourseSummary[]');
/** A NoteCollection. */
export const asCollection = asserting<NoteCollection>(collection, 'NoteCollection');
/** `{ noteId, deleted: true }`. */
export const asDeleted = asserting<DeleteResult>(deleted, 'DeleteResult');
/** `{ url, name, size, type }`. */
export const asUpload = asserting<UploadResult>(upload, 'UploadResult');

export const asReviewSummary = asserting<ReviewSummary>(summary, 'ReviewSummary');
/** The problems of a Note, for callers that report them themselves. */
export const noteProblems = (value: unknown): string[] => problemsOf(note, value);
