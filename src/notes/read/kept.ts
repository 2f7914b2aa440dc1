import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { KeyValueStore } from '../../platform/key-value-store.ts';
import type { CourseSummary, Note } from '../../protocol/api-types.ts';
import type { KeptWriter } from '../write/kept-write.ts';
import { KEPT_KEY, type KeptFile, keptCourses, keptPage, parseKept } from './kept-read.ts';
import { lazySide } from './lazy-side.ts';
import type { ListKeeping } from './note-lists.ts';

/** What the copy is built from: the storage, whose notes these are, and a clock. */
export type KeptDeps = { store: KeyValueStore; learner: () => string; now: () => number };

/**
 * The copy of what the learner has seen, kept on this device (docs/no-data-loss.md; "Kept on this device"
 * in docs/decisions.md): lists read it on their first load, and it is written from the server's
 * first pages and confirmed writes. Reading is in the first load (the first note may come from
 * it); writing is a lazy chunk (src/notes/write/kept-write.ts). Searches are not kept.
 */
export function createKept(deps: KeptDeps) {
  let file: KeptFile | null = null;
  let readFor: string | null = null;
  const updatedAt = signal<number | null>(null);
  const writer = lazySide<KeptWriter>(() =>
    import('../write/kept-write.ts').then((m) => m.createKeptWriter({ store: deps.store, now: deps.now })),
  );
  const write = (act: (w: KeptWriter) => void) => void writer.load().then(act, () => undefined);
  const stored = () => {
    const learner = deps.learner();
    if (readFor !== learner) {
      file = parseKept(deps.store.get(KEPT_KEY), learner); // once per learner: then from memory
      readFor = learner;
    }
    return file;
  };
  const shown = <T extends { at: number }>(kept: T | null): T | null => {
    if (kept && kept.at > (updatedAt.value ?? 0)) updatedAt.value = kept.at;
    return kept;
  };
  const lists: ListKeeping = {
    read: (key) => shown(keptPage(stored(), key, deps.now())),
    save(key, filter, order, page) {
      updatedAt.value = deps.now();
      if (filter.query) return;
      const learner = deps.learner();
      write((w) => w.save(learner, key, filter, order, page));
    },
  };
  return {
    lists,
    /** The course list (`/course`), kept the same way. */
    courses: {
      read: (): CourseSummary[] | null => shown(keptCourses(stored(), deps.now()))?.items ?? null,
      save(items: CourseSummary[]) {
        updatedAt.value = deps.now();
        const learner = deps.learner();
        write((w) => w.saveCourses(learner, items));
      },
    },
    /**
     * When the notes shown were last brought up to date by the server: a first page this visit,
     * else the kept copy's time ("Offline — showing notes saved on this device, updated 14:02").
     */
    updatedAt: updatedAt as ReadonlySignal<number | null>,
    /** A write of `learner`'s the server confirmed: the stored note, or `null` for a delete. */
    confirmed: (learner: string, noteId: string, note: Note | null) =>
      write((w) => w.confirmed(learner, noteId, note)),
    /**
     * A context arrived: a copy of another learner's is deleted at once, so nothing of theirs
     * stays on the device once someone else signs in here (docs/no-data-loss.md).
     */
    forgetOthers() {
      const raw = deps.store.get(KEPT_KEY);
      if (raw && !parseKept(raw, deps.learner())) deps.store.remove(KEPT_KEY);
      readFor = null;
      updatedAt.value = null;
    },
  };
}

/** The copy. */
export type Kept = ReturnType<typeof createKept>;
