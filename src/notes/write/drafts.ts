import type { ReadonlySignal } from '@preact/signals-core';
import type { Draft, Journal, JournalState } from './journal.ts';

/**
 * Text the learner typed but has not saved, per editor (`edit:<noteId>`, `new:<refId>`), kept in
 * the learner's journal so a crash or a reload loses nothing. Setting is cheap (the editor calls it
 * on every change); storage is written at most every `DRAFT_WRITE_MS` and on `flush` (pagehide,
 * the frame hidden).
 */
export type Drafts = {
  get(key: string): Draft | undefined;
  set(key: string, draft: Draft): void;
  remove(key: string): void;
  /** False when drafts are kept in memory only (storage full or unavailable): the editor warns. */
  durable: ReadonlySignal<boolean>;
};

/** docs/constants.md: data autosave throttled to once every 5000 ms. */
export const DRAFT_WRITE_MS = 5000;

/** What persistent drafts need; the clock and timers are injected for tests. */
export type DraftsDeps = {
  journal: Journal;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const without = (drafts: JournalState['drafts'], key: string) => {
  const { [key]: _, ...rest } = drafts;
  return rest;
};

/** Drafts over a journal, plus `take` (saving moves a draft out in the outbox's write) and `flush`. */
export function createJournalDrafts({ journal, now, setTimeout, clearTimeout }: DraftsDeps) {
  /** Changes not written yet; `null` = removed. */
  const unwritten = new Map<string, Draft | null>();
  let lastWrite = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;

  const write = () => {
    clearTimeout(timer);
    timer = null;
    if (!unwritten.size) return;
    lastWrite = now();
    const changes = [...unwritten];
    unwritten.clear();
    journal.update((s) => {
      let drafts = s.drafts;
      for (const [key, draft] of changes) drafts = draft ? { ...drafts, [key]: draft } : without(drafts, key);
      return { ...s, drafts };
    });
  };

  return {
    durable: journal.durable,
    get(key: string): Draft | undefined {
      return unwritten.has(key) ? (unwritten.get(key) ?? undefined) : journal.state.value.drafts[key];
    },
    set(key: string, draft: Draft) {
      unwritten.set(key, draft);
      const wait = lastWrite + DRAFT_WRITE_MS - now();
      if (wait <= 0) write();
      else timer ??= setTimeout(write, wait);
    },
    remove(key: string) {
      unwritten.set(key, null);
      write();
    },
    /** Writes what is pending now (pagehide, visibilitychange → hidden). */
    flush: write,
    /** The change that drops `key`'s draft, to be written in the same step that queues its text. */
    take(key: string): (s: JournalState) => JournalState {
      unwritten.delete(key);
      return (s) => ({ ...s, drafts: without(s.drafts, key) });
    },
  };
}

/** Persistent drafts. */
export type JournalDrafts = ReturnType<typeof createJournalDrafts>;
