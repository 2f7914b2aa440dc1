/**
 * The notes REST contract (docs/api.md), shared by the app's HTTP client and the harness's mock API
 * so both sides agree on every field.
 */

/** Base path every call sits under. */
export const API_BASE = '/api/v1';

/** Where in a resource a note was taken. */
export type NoteAnchor = { kind: 'time'; seconds: number } | { kind: 'page'; page: number } | null;

/** Sort orders the lists offer. */
export type NoteOrder = 'newest' | 'oldest' | 'updated';

/** A stored note. `content` is sanitised HTML but still untrusted when rendered. */
export type Note = {
  noteId: string;
  refId: string;
  moduleId: string | null;
  courseId: string | null;
  refTitle: string;
  moduleTitle: string | null;
  courseTitle: string | null;
  domain: string;
  appRef: string | null;
  displayName: string;
  content: string;
  text: string;
  anchor: NoteAnchor;
  tags: string[];
  createdOn: string;
  updatedOn: string;
  version: number;
  /**
   * The learner's "Review this note" checkbox. Optional: an API without review (another portal's)
   * never sends it, and absent means false. A note is in review when this is true or its content
   * hides words (`isInReview`, src/protocol/review-rules.ts).
   */
  inReview?: boolean;
  /** Where the note stands in review: set by the server only, absent or `null` when never reviewed. */
  review?: ReviewCard | null;
};

/** FSRS's memory state of a note in review (ts-fsrs's Card, camel-cased, dates ISO): server-owned. */
export type ReviewCard = {
  /** When the note is next due. */
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: ReviewState;
  /** The last rating's `reviewedOn`; `null` before the first. */
  lastReview: string | null;
};

/** ts-fsrs's card states. */
export type ReviewState = 'new' | 'learning' | 'review' | 'relearning';

/** How well a note came back: Again, Hard, Good, Easy (keys 1–4). */
export type ReviewRating = 1 | 2 | 3 | 4;

/**
 * The body of `POST /notes/review` (one rating), with an `Idempotency-Key` header like an add: the
 * same key again answers the note as that first rating left it and schedules nothing.
 */
export type NoteReview = { noteId: string; rating: ReviewRating; reviewedOn: string };

/**
 * `GET /notes/review/summary?dueBy=ISO`: what the Review tab shows. An API that answers it `404`
 * has no review, and the app shows no Review tab.
 */
export type ReviewSummary = {
  /** Notes in review. */
  inReview: number;
  /** Of those, due by `dueBy` (never reviewed ones count as due). */
  due: number;
  /** The earliest due date after `dueBy`, or `null`. */
  nextDue: string | null;
};

/** The body of `POST /notes/add`: a note before the server assigned its identity and times. */
export type NewNote = Omit<Note, 'noteId' | 'createdOn' | 'updatedOn' | 'version' | 'review'>;

/** The body of `POST /notes/update`: identity, the version it was based on, and changed fields. */
export type NoteUpdate = { noteId: string; version: number } & Partial<NewNote>;

/** The body of `POST /notes/fetch`. */
export type NoteFilter = {
  refId?: string;
  moduleId?: string;
  courseId?: string;
  query?: string;
  tags?: string[];
  /** `due` (soonest due first, ties by `noteId`) is the Review screen's. */
  order?: NoteOrder | 'due';
  /** `in`: only notes in review; `due`: only those due by `dueBy` (default: now). */
  review?: 'in' | 'due';
  /** ISO date for `review: 'due'`. */
  dueBy?: string;
  /** 1–100, default 20. */
  limit?: number;
  cursor?: string;
};

/** A page of notes from `POST /notes/fetch`. */
export type NotesPage = { notes: Note[]; total: number; nextCursor: string | null };

/** One row of `GET /notes/list/course`. */
export type CourseSummary = { courseId: string; courseTitle: string; noteCount: number; updatedOn: string };

/** `GET /notes/collection/{courseId}/{moduleId}`: a course's notes grouped module → resource. */
export type NoteCollection = {
  courseId: string;
  courseTitle: string;
  modules: {
    moduleId: string;
    moduleTitle: string;
    resources: { refId: string; refTitle: string; notes: Note[] }[];
  }[];
};

/** `POST /notes/delete` answer. */
export type DeleteResult = { noteId: string; deleted: true };

/** `POST /file/upload` answer. */
export type UploadResult = { url: string; name: string; size: number; type: string };

/** Error body of every non-2xx answer; a 409 also carries the current note. */
export type ApiErrorBody = { error: string; current?: Note };
