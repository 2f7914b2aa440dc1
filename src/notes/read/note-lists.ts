import { computed, type ReadonlySignal, signal } from '@preact/signals-core';
import { isAborted } from '../../api/api-error.ts';
import type { Note, NoteOrder } from '../../protocol/api-types.ts';
import type { Problem } from './describe-error.ts';
import type { KeptPage } from './kept-read.ts';
import type { NoteCache } from './note-cache.ts';
import {
  covers,
  filterKey,
  type ListFilter,
  matchesFilter,
  noteMatcher,
  prepareSearch,
} from './note-filter.ts';
import { compareNotes, type Frontier, furthest, withinFrontier } from './note-order.ts';

/** One page as a loader returns it; `complete` says no note lies beyond it. */
export type LoadedPage = {
  notes: Note[];
  total: number | null;
  nextCursor: string | null;
  complete: boolean;
};

/** Fetches one page of a list; `cursor` is null for the first page. */
export type PageLoader = (cursor: string | null, signal: AbortSignal) => Promise<LoadedPage>;

/** What the app knows about one list (a filter in an order) from the server. */
export type ListRecord = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** A further page is being fetched (the list itself stays usable). */
  loadingMore: boolean;
  problem: Problem | null;
  frontier: Frontier;
  cursor: string | null;
  total: number | null;
  stale: boolean;
  /**
   * The notes shown come from the copy kept on this device (no server answer yet this visit):
   * when the server gave that copy. Null once the server answered.
   */
  keptAt: number | null;
};

/**
 * The copy kept on this device, as the lists use it (docs/no-data-loss.md): a list's first load shows its
 * kept first page at once while the server is asked; each first page the server gives is kept.
 */
export type ListKeeping = {
  read(key: string): KeptPage | null;
  save(key: string, filter: ListFilter, order: NoteOrder, page: LoadedPage): void;
};

/** A list as a screen reads it: the notes to show and where loading stands. */
export type ListView = {
  notes: ReadonlySignal<Note[]>;
  record: ReadonlySignal<ListRecord>;
  /** More notes exist beyond what is shown and can be fetched. */
  hasMore: ReadonlySignal<boolean>;
};

const NONE: Frontier = { kind: 'none' };
const COMPLETE: Frontier = { kind: 'complete' };
const IDLE: ListRecord = {
  status: 'idle',
  loadingMore: false,
  problem: null,
  frontier: NONE,
  cursor: null,
  total: null,
  stale: true,
  keptAt: null,
};
/** How far a first page reaches in `order`: all of it when complete, else up to its last note. */
const reach = (page: { notes: readonly Note[]; complete: boolean }, order: NoteOrder): Frontier => {
  const compare = compareNotes(order);
  const last = page.notes.reduce<Note | null>((a, n) => (a === null || compare(n, a) > 0 ? n : a), null);
  return page.complete ? COMPLETE : last ? { kind: 'at', note: last } : NONE;
};

/** Lists remembered beyond the ones on screen (old searches); the oldest are forgotten first. */
const KEEP = 40;

/** The lists model; see `createNoteLists`. */
export type NoteLists = ReturnType<typeof createNoteLists>;

/**
 * Loading state per list (filter + order), with paging and cancellation, over the shared cache.
 * A list shows every cached note that matches its filter and lies within the furthest frontier of
 * any list that covers it (loaded the whole catalogue's first 100 notes? then a search over them
 * needs no request). A superseded load is aborted so a stale search spends no bytes.
 */
export function createNoteLists(cache: NoteCache, describe: (error: unknown) => Problem, kept?: ListKeeping) {
  const records = signal<ReadonlyMap<string, { filter: ListFilter; order: NoteOrder; rec: ListRecord }>>(
    new Map(),
  );
  const controllers = new Map<string, AbortController>();
  let generation = 0;

  const keyOf = (filter: ListFilter, order: NoteOrder) => `${order}:${filterKey(filter)}`;
  const read = (key: string): ListRecord => records.value.get(key)?.rec ?? IDLE;
  const write = (key: string, filter: ListFilter, order: NoteOrder, rec: ListRecord) => {
    const next = new Map(records.value);
    next.delete(key); // re-insert: the map's order is least recently used first
    next.set(key, { filter, order, rec });
    for (const old of next.keys()) {
      if (next.size <= KEEP) break;
      if (!controllers.has(old)) next.delete(old);
    }
    records.value = next;
  };

  const frontierFor = (filter: ListFilter, order: NoteOrder): Frontier => {
    let best = NONE;
    for (const { filter: f, order: o, rec } of records.value.values()) {
      if (o === order && covers(f, filter)) best = furthest(best, rec.frontier, order);
    }
    return best;
  };

  const fetchPage = async (filter: ListFilter, order: NoteOrder, loader: PageLoader, more: boolean) => {
    const key = keyOf(filter, order);
    const before = read(key);
    if (more && before.status === 'idle') more = false; // never loaded: start at the first page
    if (more && (before.loadingMore || before.cursor === null)) return;
    controllers.get(key)?.abort();
    const controller = new AbortController();
    controllers.set(key, controller);
    const mine = generation;
    // Never loaded this visit: the kept copy shows at once, and the answer below replaces it.
    const copy = !more && before.frontier.kind === 'none' ? (kept?.read(key) ?? null) : null;
    if (copy) {
      cache.merge(copy.notes);
      prepareSearch(copy.notes);
    }
    const since = cache.mark();
    write(key, filter, order, {
      ...before,
      // Never "whole" from the copy: the server may have more now, and its answer only extends.
      ...(copy && {
        frontier: reach({ ...copy, complete: false }, order),
        total: copy.total,
        keptAt: copy.at,
      }),
      status: more ? before.status : 'loading',
      loadingMore: more,
      problem: null,
      stale: false,
    });
    try {
      const page = await loader(more ? before.cursor : null, controller.signal);
      if (mine !== generation || controllers.get(key) !== controller) return;
      cache.merge(page.notes);
      prepareSearch(page.notes);
      const compare = compareNotes(order);
      const reached = reach(page, order);
      if (!more) {
        kept?.save(key, filter, order, page);
        // A first page is the truth from the start of the order to where it reached: a cached
        // note in that range that it left out was deleted elsewhere (unless touched meanwhile).
        const seen = new Set(page.notes.map((n) => n.noteId));
        const matches = noteMatcher(filter);
        cache.prune((n) => !seen.has(n.noteId) && matches(n) && withinFrontier(n, reached, compare), since);
      }
      const now = read(key);
      write(key, filter, order, {
        ...now,
        status: 'ready',
        loadingMore: false,
        // Never narrower than what is on screen: a note shown from the copy (an editor open on it,
        // say) stays where it is; the server's answer prunes only what it proves gone.
        frontier: furthest(now.frontier, reached, order),
        cursor: page.complete ? null : page.nextCursor,
        total: page.total ?? now.total,
        keptAt: null,
      });
    } catch (error) {
      if (mine !== generation || controllers.get(key) !== controller || isAborted(error)) return;
      const now = read(key);
      write(key, filter, order, { ...now, status: 'error', loadingMore: false, problem: describe(error) });
    } finally {
      if (controllers.get(key) === controller) controllers.delete(key);
    }
  };

  return {
    /** The list as a screen shows it; `limit` caps it (the recent list shows 20). */
    view(filter: ListFilter, order: NoteOrder, limit = Number.POSITIVE_INFINITY): ListView {
      const key = keyOf(filter, order);
      const frontier = computed(() => frontierFor(filter, order));
      const record = computed(() => read(key));
      const matches = noteMatcher(filter);
      const compare = compareNotes(order);
      const notes = computed(() => {
        const f = frontier.value;
        const shown = cache.visible.value.filter((n) => matches(n) && withinFrontier(n, f, compare));
        shown.sort(compare);
        return shown.length > limit ? shown.slice(0, limit) : shown;
      });
      const hasMore = computed(
        () =>
          frontier.value.kind !== 'complete' &&
          (record.value.status === 'idle' || record.value.cursor !== null),
      );
      return { notes, record, hasMore };
    },
    /** Loads the first page unless the list is loaded and fresh (screens call it on mount). */
    ensure(filter: ListFilter, order: NoteOrder, loader: PageLoader) {
      const rec = read(keyOf(filter, order));
      if (rec.stale && rec.status !== 'loading') void fetchPage(filter, order, loader, false);
    },
    /** Loads the first page again (Retry, a new context). */
    reload: (filter: ListFilter, order: NoteOrder, loader: PageLoader) =>
      fetchPage(filter, order, loader, false),
    /** Fetches the next page, if there is one and none is on its way. */
    loadMore: (filter: ListFilter, order: NoteOrder, loader: PageLoader) =>
      fetchPage(filter, order, loader, true),
    /** Cancels the list's load in flight, if any (the learner moved on). */
    cancel(filter: ListFilter, order: NoteOrder) {
      const key = keyOf(filter, order);
      const controller = controllers.get(key);
      if (!controller) return;
      controller.abort();
      controllers.delete(key);
      const rec = read(key);
      write(key, filter, order, {
        ...rec,
        status: rec.status === 'loading' ? 'idle' : rec.status,
        loadingMore: false,
        stale: rec.status === 'loading' || rec.stale,
      });
    },
    /** Counts a note the learner added or deleted in every list it belongs to. */
    adjustTotals(note: Note, delta: 1 | -1) {
      const next = new Map(records.value);
      let changed = false;
      for (const [key, entry] of next) {
        if (entry.rec.total === null || !matchesFilter(note, entry.filter)) continue;
        next.set(key, { ...entry, rec: { ...entry.rec, total: Math.max(0, entry.rec.total + delta) } });
        changed = true;
      }
      if (changed) records.value = next;
    },
    /** Marks every list out of date; `reset` also forgets them and cancels loads (another learner). */
    invalidate(reset: boolean) {
      if (reset) {
        generation++;
        for (const c of controllers.values()) c.abort();
        controllers.clear();
        records.value = new Map();
        return;
      }
      const next = new Map(records.value);
      for (const [key, entry] of next) next.set(key, { ...entry, rec: { ...entry.rec, stale: true } });
      records.value = next;
    },
  };
}
