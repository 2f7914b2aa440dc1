/**
 * One learner's write side assembled from its real parts (journal, drafts, outbox, writes,
 * deletes, settleWrite) over fake storage, a fake API and a fake clock — the way note-actions wires
 * them — so write tests drive it end to end and inspect exactly what storage held after each step.
 */
import { ApiError } from '../../src/api/api-error.ts';
import { journalKey } from '../../src/notes/read/journal-key.ts';
import { createNoteCache } from '../../src/notes/read/note-cache.ts';
import { createJournalDrafts } from '../../src/notes/write/drafts.ts';
import {
  createJournal,
  type JournalState,
  type OutboxItem,
  parseJournal,
} from '../../src/notes/write/journal.ts';
import { createWrites } from '../../src/notes/write/note-writes.ts';
import { createOutbox, type OutboxDeps } from '../../src/notes/write/outbox.ts';
import type { Verdict } from '../../src/notes/write/outbox-verdict.ts';
import { createDeletes } from '../../src/notes/write/pending-deletes.ts';
import { settleWrite } from '../../src/notes/write/settle-write.ts';
import { createKeyValueStore, type KeyValueStore } from '../../src/platform/key-value-store.ts';
import type { Note } from '../../src/protocol/api-types.ts';
import type { Deferred } from './deferred.ts';
import { createFakeClock, type FakeClock } from './fake-clock.ts';
import { draftOf, fakeNote } from './fake-note.ts';
import { createFakeNotesApi, type NotesApi } from './fake-notes-api.ts';
import { createMemoryStorage, type MemoryStorage, refusedStorage } from './memory-storage.ts';

/** Two learners' identities (rootOrg, org, userId), as `learnerKey` builds them. */
export const L1 = 'Infosys\u0000Infosys Ltd\u0000w-1';
export const L2 = 'Infosys\u0000Infosys Ltd\u0000w-2';
/** The start time of every fake clock here. */
export const NOW = Date.parse('2026-05-06T07:08:09.000Z');

/** Memory storage that also logs every write (`value` null for a remove), in order. */
export type RecordedStorage = MemoryStorage & { log: { key: string; value: string | null }[] };

/** Wraps memory storage so each `setItem`/`removeItem` that succeeded is logged. */
export function createRecordedStorage(initial: Record<string, string> = {}): RecordedStorage {
  const storage = createMemoryStorage(initial);
  const log: RecordedStorage['log'] = [];
  const { setItem, removeItem } = storage;
  return Object.assign(storage, {
    log,
    setItem(key: string, value: string) {
      setItem(key, value);
      log.push({ key, value });
    },
    removeItem(key: string) {
      removeItem(key);
      log.push({ key, value: null });
    },
  });
}

/** The journal state stored for `learner` (empty when nothing is). */
export const storedJournal = (storage: MemoryStorage, learner = L1): JournalState =>
  parseJournal(storage.items.get(journalKey(learner)) ?? null);

/** One scripted answer: a value resolves, an Error rejects, a Deferred waits for the test. */
export type Answer<T> = T | Error | Deferred<T>;

const isDeferred = <T>(a: Answer<T>): a is Deferred<T> =>
  typeof a === 'object' && a !== null && 'promise' in a && 'resolve' in a;

/** An API method that answers its calls from `list`, in order; past its end it rejects. */
export const answers =
  <T>(...list: Answer<T>[]) =>
  (): Promise<T> => {
    if (!list.length) return Promise.reject(new Error('no answer scripted'));
    const a = list.shift() as Answer<T>;
    if (a instanceof Error) return Promise.reject(a);
    return isDeferred(a) ? a.promise : Promise.resolve(a);
  };

/** The link failing. */
export const offline = () => new ApiError('network', 'Network error');

/** An HTTP error answer, with the server's current note for a 409. */
export const httpError = (status: number, current?: Note) =>
  new ApiError('http', `HTTP ${status}`, status, current ? { error: 'x', current } : { error: 'x' });

/** A queued add of a note like `fakeNote(over)`; its temporary id is `local-<id>`. */
export const addItem = (id: string, over: Partial<Note> = {}): OutboxItem => ({
  id,
  kind: 'add',
  tempId: `local-${id}`,
  note: draftOf(fakeNote(over)),
});

/** A queued edit of `base` to `text` (content `<p>text</p>`). */
export const updateItem = (id: string, base: Note, text: string): OutboxItem => ({
  id,
  kind: 'update',
  noteId: base.noteId,
  version: base.version,
  changes: { content: `<p>${text}</p>`, text },
  base,
});

/** A queued delete, held back until `after`. */
export const deleteItem = (id: string, noteId: string, version: number, after = 0): OutboxItem => ({
  id,
  kind: 'delete',
  noteId,
  version,
  after,
});

/** Options of a write side; everything has a default. */
export type WriteSideOptions = {
  script?: Partial<NotesApi>;
  storage?: RecordedStorage;
  learner?: string;
  random?: () => number;
  clock?: FakeClock;
  /** Replaces settleWrite (the outbox tests watch what it is given). */
  settle?: (item: OutboxItem, verdict: Verdict, state: JournalState) => JournalState;
  /** The sender's lock across frames, and the ledger of what senders settled (absent: a lone frame). */
  exclusive?: OutboxDeps['exclusive'];
  ledger?: OutboxDeps['ledger'];
  /** The browser refuses storage: the journal in memory, the outbox alone (as note-actions wires it). */
  refused?: boolean;
};

/** Builds the write side; `ids` are `id-1`, `id-2`, … in the order asked for. */
export function createWriteSide(options: WriteSideOptions = {}) {
  const fake = createFakeNotesApi(options.script);
  const storage = options.storage ?? createRecordedStorage();
  const store: KeyValueStore = createKeyValueStore(options.refused ? refusedStorage : () => storage);
  const t = options.clock ?? createFakeClock(NOW);
  const cache = createNoteCache();
  const announced: string[] = [];
  const counts: [string, 1 | -1][] = [];
  const paused: string[] = [];
  const settled: [string, Verdict][] = [];
  let forbidden = 0;
  let seq = 0;
  const newId = () => `id-${++seq}`;
  const announce = (key: string) => void announced.push(key);
  const onCountChange = (note: { noteId: string }, delta: 1 | -1) => void counts.push([note.noteId, delta]);
  const onForbidden = () => {
    forbidden += 1;
  };
  const timers = { now: t.now, setTimeout: t.setTimeout, clearTimeout: t.clearTimeout };
  const journal = createJournal({ store, learner: options.learner ?? L1 });
  const drafts = createJournalDrafts({ journal, ...timers });
  const outbox = createOutbox({
    journal,
    api: fake.api,
    ...timers,
    random: options.random ?? (() => 0),
    exclusive: options.exclusive,
    ledger: options.ledger,
    alone: options.refused,
    settle: (item, verdict, state) => {
      settled.push([item.id, verdict]);
      return options.settle
        ? options.settle(item, verdict, state)
        : settleWrite({ cache, announce, onCountChange }, item, verdict, state);
    },
    // As note-actions wires it.
    onPaused: (kind) => {
      paused.push(kind);
      if (kind === 'forbidden') onForbidden();
      else announce('Your session has expired. Sign in again in the portal.');
    },
  });
  const writes = createWrites({
    journal,
    drafts,
    outbox,
    cache,
    onCountChange,
    announce,
    now: t.now,
    newId,
  });
  const deletes = createDeletes({ outbox, cache, announce, onCountChange, newId, ...timers });
  return {
    fake,
    storage,
    store,
    t,
    cache,
    journal,
    drafts,
    outbox,
    writes,
    deletes,
    announced,
    counts,
    paused,
    settled,
    forbidden: () => forbidden,
    /** What storage holds for this learner now. */
    stored: () => storedJournal(storage, options.learner ?? L1),
    /** Ids of the notes lists may show, sorted. */
    visible: () => cache.visible.value.map((n) => n.noteId).sort(),
  };
}

/** A write side. */
export type WriteSide = ReturnType<typeof createWriteSide>;
