/**
 * An in-memory NotesStore for the HTTP layer's own tests (the real one is server/src/store/ on
 * SQLite or PostgreSQL). It reuses the mock API's pure paging and collection rules, and can be
 * told to fail (`down`) so /readyz and 500s can be tested.
 */
import { collectCourse, listCourses } from '../../harness/api/collections.ts';
import { decodeCursor } from '../../harness/api/cursor.ts';
import { compareNotes, cursorPage, offsetPage } from '../../harness/api/query.ts';
import type { Learner, NotesStore, StoredFile } from '../../server/src/parts.ts';
import type { Note } from '../../src/protocol/api-types.ts';

/** The fake plus what tests look at. */
export type FakeNotesStore = NotesStore & {
  down: boolean;
  closed: boolean;
  files: Map<string, StoredFile & { owner: string }>;
};

const keyOf = (l: Learner) => `${l.rootOrg}\u0000${l.org}\u0000${l.wid}`;

/** A fresh, empty fake store. */
export function fakeNotesStore(): FakeNotesStore {
  const notes = new Map<string, Map<string, Note>>();
  const keys = new Map<string, Note>();
  const files = new Map<string, StoredFile & { owner: string }>();
  const shelf = (l: Learner) => {
    let s = notes.get(keyOf(l));
    if (!s) {
      s = new Map();
      notes.set(keyOf(l), s);
    }
    return s;
  };
  const sorted = (l: Learner, order: 'newest' | 'oldest' | 'updated') =>
    [...shelf(l).values()].sort(compareNotes(order));
  const store: FakeNotesStore = {
    down: false,
    closed: false,
    files,
    async add(l, note, key) {
      const k = key === null ? null : `${keyOf(l)}\u0000${key}`;
      const first = k ? keys.get(k) : undefined;
      if (first) return { note: first, created: false };
      shelf(l).set(note.noteId, note);
      if (k) keys.set(k, note);
      return { note, created: true };
    },
    async update(l, noteId, version, change) {
      const current = shelf(l).get(noteId);
      if (!current) return { kind: 'missing' };
      if (current.version !== version) return { kind: 'conflict', current };
      const note = change(current);
      shelf(l).set(noteId, note);
      return { kind: 'ok', note };
    },
    async remove(l, noteId, version) {
      const current = shelf(l).get(noteId);
      if (!current) return { kind: 'missing' };
      if (version !== null && version !== current.version) return { kind: 'conflict', current };
      shelf(l).delete(noteId);
      return { kind: 'ok' };
    },
    async get(l, noteId) {
      return shelf(l).get(noteId) ?? null;
    },
    async fetch(l, q) {
      if (store.down) throw new Error('database is down');
      let after = null;
      if (q.cursor !== undefined) {
        const c = decodeCursor(q.cursor, q.order);
        if (!c.ok) throw Object.assign(new Error(c.error), { statusCode: 400 });
        after = c.value;
      }
      return cursorPage(sorted(l, q.order), {
        refId: q.refId ?? null,
        moduleId: q.moduleId ?? null,
        courseId: q.courseId ?? null,
        query: q.query ?? null,
        tags: q.tags ?? [],
        order: q.order,
        limit: q.limit,
        after,
      });
    },
    async fetchByPath(l, q) {
      return offsetPage(sorted(l, q.order), { ...q, includeChildren: q.flag });
    },
    async recent(l) {
      if (store.down) throw new Error('database is down');
      return sorted(l, 'newest').slice(0, 20);
    },
    async courses(l) {
      return listCourses(sorted(l, 'newest'));
    },
    async collection(l, courseId, moduleId) {
      return collectCourse(sorted(l, 'oldest'), courseId, moduleId);
    },
    async addFile(l, file) {
      files.set(file.name, { ...file, owner: keyOf(l) });
    },
    async fileBytes(l) {
      let sum = 0;
      for (const f of files.values()) if (f.owner === keyOf(l)) sum += f.size;
      return sum;
    },
    async fileByName(name) {
      return files.get(name) ?? null;
    },
    async ready() {
      return !store.down;
    },
    async close() {
      store.closed = true;
    },
  };
  return store;
}
