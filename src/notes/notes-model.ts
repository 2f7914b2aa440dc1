import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { HttpClient } from '../api/http-client.ts';
import type { NotesApi } from '../api/notes-api.ts';
import type { XhrFactory } from '../api/upload.ts';
import type { FrameWindow } from '../platform/frame-links.ts';
import type { KeyValueStore } from '../platform/key-value-store.ts';
import type { Loader } from '../platform/lazy-file.ts';
import type { Note, NoteOrder } from '../protocol/api-types.ts';
import type { PlayerData } from '../protocol/messages.ts';
import { type FirstLists, firstList } from '../routes/first-list.ts';
import type { AppPath } from '../routes/route-table.ts';
import type { Courses } from './read/courses.ts';
import { describeProblem, PROBLEM_MESSAGES, problemOf } from './read/describe-error.ts';
import { journalKey, queuedDeletes } from './read/journal-key.ts';
import { createKept } from './read/kept.ts';
import { lazySide } from './read/lazy-side.ts';
import { PAGE_SIZE, RECENT_COUNT } from './read/list-limits.ts';
import { createNoteCache } from './read/note-cache.ts';
import type { ListFilter } from './read/note-filter.ts';
import { createNoteLists, type ListView, type PageLoader } from './read/note-lists.ts';
import type { Drafts } from './write/drafts.ts';
import type { Conflict, Draft } from './write/journal.ts';
import type { Actions } from './write/note-actions.ts';
import type { SaveResult } from './write/note-writes.ts';
import type { PendingDelete } from './write/pending-deletes.ts';
import type { UploadOutcome } from './write/upload-image.ts';

export { PAGE_SIZE, RECENT_COUNT };

/** A list a screen shows, with the actions that load it. */
export type NoteList = ListView & {
  /** Loads unless loaded and fresh; call on mount. */
  ensure(): void;
  /** Fetches the next page (the learner scrolled near the end). */
  loadMore(): void;
  /** Loads again from the first page (Retry). */
  retry(): void;
  /** Cancels a load in flight (the learner moved on, say to another search). */
  cancel(): void;
};

/** A list or remote value a screen shows: it loads unless loaded and fresh. */
type Loadable = { ensure(): void };

/** What the notes model is built from; every outside effect is injected. */
export type NotesModelDeps = {
  api: NotesApi;
  /**
   * The HTTP client the other calls are built over where they are made, in the write side's, the
   * course side's and the review chunks (src/api/write-api.ts, course-api.ts, review-api.ts): they
   * are not in the first load.
   */
  http: HttpClient;
  /** Makes the XMLHttpRequest an image upload goes through, for its progress (src/api/upload.ts). */
  xhr?: XhrFactory;
  store: KeyValueStore;
  /** Identity of the learner (rootOrg, org, userId), never a token. */
  learner: () => string;
  onForbidden: () => void;
  announce: (key: string) => void;
  /**
   * The learner's other frames and tabs (BroadcastChannel, storage events, Web Locks), for the write
   * side. Not used where the browser refuses storage (`store.refused`): the journal lives in memory,
   * nothing is kept for offline, and this frame sends on its own.
   */
  frames?: FrameWindow;
  now: () => number;
  random: () => number;
  /** A fresh unique id (an add's Idempotency-Key, an outbox item's id). */
  newId: () => string;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Fetches the write side's and the course side's chunks, retrying a dropped request. */
  loader?: Loader;
};

/** The notes model; see `createNotesModel`. */
export type NotesModel = ReturnType<typeof createNotesModel>;

/**
 * Everything the screens know about notes: one cache every list derives from, the lists (a
 * resource's notes, recent notes, a search, a course), the learner's courses, and the writes —
 * add and edit (optimistic, rolled back on failure) and delete with Undo.
 */
export function createNotesModel(deps: NotesModelDeps) {
  /** A failed read's problem; a 403 also opens the error page (the read side's one effect of it). */
  const describe = (error: unknown) => {
    const problem = describeProblem(error);
    if (problem.kind === 'forbidden') deps.onForbidden();
    return problem;
  };
  const cache = createNoteCache();
  const kept = createKept(deps);
  const lists = createNoteLists(cache, describe, kept.lists);
  const counted = (note: Note, delta: 1 | -1) => {
    lists.adjustTotals(note, delta);
    courses.current?.invalidate(false); // counts changed: reload when a course screen is next shown
  };
  const pending = signal<readonly PendingDelete[]>([]);
  const unsaved = signal<ReadonlySet<string>>(new Set());
  const conflicts = signal<Readonly<Record<string, Conflict>>>({});
  const durable = signal(!deps.store.refused);
  /** The write side, fetched once (idle prefetch, the first write, or writes left queued). */
  const actions = lazySide<Actions>(
    () =>
      import('./write/note-actions.ts').then((m) =>
        m.createActions({
          ...deps,
          cache,
          onCountChange: counted,
          onConfirmed: kept.confirmed,
          pending,
          unsaved,
          conflicts,
          durable,
        }),
      ),
    deps.loader,
  );
  const side = () => actions.current?.get();
  /**
   * The write side of the learner who asked, once its code is in. Another learner signed in
   * meanwhile: it rejects, so an action asked for just before acts for the one who asked or not at all.
   */
  const sideFor = () => {
    const who = deps.learner();
    return actions.load().then((a) => {
      if (deps.learner() !== who) throw new Error('Notes: another learner signed in meanwhile');
      return a.get();
    });
  };
  const drafts: Drafts = {
    get: (key) => side()?.drafts.get(key),
    set(key: string, draft: Draft) {
      const open = side();
      if (open) open.drafts.set(key, draft);
      else void sideFor().then((s) => s.drafts.set(key, draft), ignore);
    },
    remove: (key) => void sideFor().then((s) => s.drafts.remove(key), ignore),
    durable,
  };

  const fetchLoader =
    (filter: ListFilter, order: NoteOrder): PageLoader =>
    async (cursor, signal) => {
      const page = await deps.api.fetchNotes(
        { ...filter, order, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
        { signal },
      );
      return { ...page, complete: page.nextCursor === null };
    };
  const recentLoader: PageLoader = async (_cursor, signal) => {
    const notes = await deps.api.recentNotes({ signal });
    return { notes, total: null, nextCursor: null, complete: notes.length < RECENT_COUNT };
  };
  /** The write side's code could not be fetched: the editor keeps the text and says so. */
  const unreachable = (): SaveResult => ({
    ok: false,
    problem: problemOf('offline'),
  });
  type Side = ReturnType<Actions['get']>;
  type WriteName = 'add' | 'update' | 'resolve';
  /**
   * One of the write side's writes, called once its code is in (the code could not be fetched: the
   * editor keeps the text and says so). Its parameters are the write side's own, so a write is
   * written once, in note-writes.ts, and named here.
   */
  const write =
    <K extends WriteName>(name: K) =>
    (...args: Parameters<Side[K]>): Promise<SaveResult> =>
      sideFor().then(
        (s) =>
          (s[name] as (...a: Parameters<Side[K]>) => Promise<SaveResult> | null).apply(s, args) ??
          unreachable(),
        unreachable,
      );
  const epoch = signal(0);
  const ignore = () => undefined; // a failed chunk fetch shows when the screen itself loads it
  const list = (filter: ListFilter, order: NoteOrder, loader: PageLoader, limit?: number): NoteList => ({
    ...lists.view(filter, order, limit),
    ensure: () => lists.ensure(filter, order, loader),
    loadMore: () => void lists.loadMore(filter, order, loader),
    retry: () => void lists.reload(filter, order, loader),
    cancel: () => lists.cancel(filter, order),
  });
  /** The course side, fetched with the screens that read it. */
  const courses = lazySide<Courses>(
    () =>
      import('./read/courses.ts').then((m) =>
        m.createCourses({ http: deps.http, describe, list, kept: kept.courses }),
      ),
    deps.loader,
  );

  const searchNotes = (filter: ListFilter, order: NoteOrder) =>
    list(filter, order, fetchLoader(filter, order));
  const firstNotes: Pick<FirstLists<NoteList>, 'notes' | 'recent'> = {
    notes: (filter) => searchNotes(filter, 'newest'),
    recent: () => list({ source: 'recent' }, 'newest', recentLoader, RECENT_COUNT),
  };

  const model = {
    cache,
    /** The browser refuses storage: the editor's notice says what that costs (NoteEditor.tsx). */
    refused: deps.store.refused,
    /** Unsaved editor text, per editor and learner, kept across reloads (see drafts.ts). */
    drafts,
    /** Deletes waiting out their Undo window (the Undo bar shows the latest). */
    pendingDeletes: pending as ReadonlySignal<readonly PendingDelete[]>,
    /** Notes whose write failed and waits for its retry ("Not saved yet — retrying"). */
    unsaved: unsaved as ReadonlySignal<ReadonlySet<string>>,
    /** Notes changed or deleted elsewhere while the learner's edit was on its way, by note id. */
    conflicts: conflicts as ReadonlySignal<Readonly<Record<string, Conflict>>>,
    /** When the notes shown were last brought up to date by the server (see kept.ts). */
    updatedAt: kept.updatedAt,
    /** Fetches the write side ahead of need (after the first note shows). */
    prefetch: () => void actions.load().catch(() => undefined),
    /**
     * The learner's write side once its code is in: the review chunk queues its ratings there and
     * reads the cards they predict (src/ui/screens/review/).
     */
    writeSide: sideFor,
    /**
     * What the review chunks build on (src/review/, issue 27), and the Review tab's count: notes
     * due by the end of the learner's day; `undefined` until known, `null` when the API has no
     * review (its summary answered 404: the tab is not shown).
     */
    review: {
      /** The write side if its code is in, else undefined (the tab's count follows it once it is). */
      side,
      api: deps.api,
      http: deps.http,
      kept: kept.lists,
      describe,
      now: deps.now,
      due: signal<number | null | undefined>(undefined),
    },
    /** Resolves once the write side is in (the editor waits for it, so its draft is there). */
    ready: () => actions.load().then(() => undefined),
    /** Notes searched, filtered (by course, by resource) and sorted (`/view`, and `/` with player data). */
    searchNotes,
    /**
     * The lists of notes a route may load first (src/routes/first-list.ts), `/`'s: the resource's
     * notes (or all of them) newest first, or the learner's most recent (RECENT_COUNT, one request).
     */
    firstNotes,
    /**
     * The course side (courses with counts, a course's notes), fetched with the screens that use
     * it; they wait for it before they render, then read it through `courses()`.
     */
    loadCourses: courses.load,
    /** The course side, once `loadCourses` resolved. */
    courses(): Courses {
      if (!courses.current) throw new Error('notes.courses(): call loadCourses() first');
      return courses.current;
    },
    /** Adds a note taken on a resource (see note-writes.ts; its signature is the write side's). */
    add: write('add'),
    /** Saves an edit (see note-writes.ts). */
    update: write('update'),
    /** Ends a conflict: keep the learner's text, the server's, or both (see note-writes.ts). */
    resolve: write('resolve'),
    /** Uploads an image for the editor; only the returned URL is embedded. */
    uploadImage: (file: File, onProgress: (fraction: number) => void): Promise<UploadOutcome> =>
      actions.load().then(
        (a) => a.uploadImage(file, onProgress),
        () => ({ ok: false, message: PROBLEM_MESSAGES.offline }),
      ),
    /** Sends queued writes now (the browser is online again). */
    retryNow: () => side()?.retryNow(),
    /** Deletes with Undo: the note leaves the lists at once, even before the write side loaded. */
    remove(note: Note) {
      cache.setHidden(note.noteId, true);
      sideFor().then(
        (s) => s.remove(note),
        () => {
          cache.setHidden(note.noteId, false);
          deps.announce('Could not delete the note');
        },
      );
    },
    /** Undoes a delete still inside its window; false when it was too late. */
    undo: (noteId: string): boolean => side()?.undo(noteId) ?? false,
    /**
     * Counts accepted contexts: a screen reads it while rendering and calls `ensure` again when it
     * changes, so the lists on screen reload after a new context (and only those).
     */
    epoch: epoch as ReadonlySignal<number>,
    /**
     * A context arrived (start-up step 5): every list is marked out of date, and the screen being
     * opened starts its load now, before it renders. `reset` (another learner) forgets every note
     * first; the learner's deletes queued by an earlier visit are then sent.
     */
    refresh(path: AppPath, player: PlayerData | null, reset: boolean) {
      if (reset) {
        kept.forgetOthers();
        cache.clear();
        actions.current?.reset();
      } else side()?.retryNow(); // a new token lifts a 401 pause
      const journal = deps.store.get(journalKey(deps.learner()));
      for (const id of queuedDeletes(journal)) cache.setHidden(id, true); // before the kept copy shows
      lists.invalidate(reset);
      courses.current?.invalidate(reset);
      epoch.value += 1;
      const first = firstList<Loadable | Promise<Loadable>>(path, player, {
        ...firstNotes,
        courses: () => courses.load().then((c) => c.list),
        course: (id) => courses.load().then((c) => c.notes(id)),
      });
      if (first instanceof Promise) void first.then((l) => l.ensure(), ignore);
      else first?.ensure();
      if (journal) void actions.load().catch(ignore);
    },
    /** The frame is unloading or hidden: drafts written, queued writes sent with keepalive. */
    flush: () => side()?.flush(),
  };
  return model;
}
