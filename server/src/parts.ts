/**
 * The parts the HTTP layer is built from and only talks to through these types: the notes store
 * (server/src/store/) and the token checker (server/src/auth/). Tests build the app with fakes of
 * the same shapes.
 */
import type {
  CourseSummary,
  Note,
  NoteCollection,
  NoteOrder,
  NotesPage,
} from '../../src/protocol/api-types.ts';

/** A learner as the API isolates them: two learners differ if any part differs. */
export type Learner = { rootOrg: string; org: string; wid: string };

/** A `POST /notes/fetch` filter, validated; `cursor` is opaque (the store made it). */
export type FetchQuery = {
  refId?: string;
  moduleId?: string;
  courseId?: string;
  query?: string;
  tags?: string[];
  order: NoteOrder;
  limit: number;
  cursor?: string;
};

/** The seven path parameters of `GET /notes/fetch/…`, validated; null ids mean "any". */
export type PathQuery = {
  courseId: string | null;
  moduleId: string | null;
  refId: string | null;
  flag: boolean;
  limit: number;
  offset: number;
  order: NoteOrder;
};

/** What a conditional update found. */
export type UpdateOutcome =
  | { kind: 'ok'; note: Note }
  | { kind: 'conflict'; current: Note }
  | { kind: 'missing' };

/** What a conditional delete found. */
export type DeleteOutcome = { kind: 'ok' } | { kind: 'conflict'; current: Note } | { kind: 'missing' };

/** An uploaded file's record: its stored name, bytes, type and when it came. */
export type StoredFile = { name: string; size: number; type: string; createdOn: string };

/** The one truth of the service: every call reads and writes through it, scoped to a learner. */
export type NotesStore = {
  add(learner: Learner, note: Note, key: string | null): Promise<{ note: Note; created: boolean }>;
  update(
    learner: Learner,
    noteId: string,
    version: number,
    change: (current: Note) => Note,
  ): Promise<UpdateOutcome>;
  remove(learner: Learner, noteId: string, version: number | null): Promise<DeleteOutcome>;
  get(learner: Learner, noteId: string): Promise<Note | null>;
  fetch(learner: Learner, query: FetchQuery): Promise<NotesPage>;
  fetchByPath(learner: Learner, query: PathQuery): Promise<NotesPage>;
  recent(learner: Learner): Promise<Note[]>;
  courses(learner: Learner): Promise<CourseSummary[]>;
  collection(learner: Learner, courseId: string, moduleId: string | null): Promise<NoteCollection | null>;
  addFile(learner: Learner, file: StoredFile): Promise<void>;
  fileBytes(learner: Learner): Promise<number>;
  fileByName(name: string): Promise<StoredFile | null>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
};

/** A verified caller: the learner and the token's claims (display names come from them). */
export type Verified = { ok: true; learner: Learner; claims: Record<string, unknown> };

/** A refused caller; `error` is safe to send and log (it never holds the token). */
export type Refused = { ok: false; status: 401 | 400; error: string };

/** Checks a request's token and learner headers. */
export type Authenticator = {
  authenticate(headers: Record<string, string | string[] | undefined>): Promise<Verified | Refused>;
  close(): void;
};
