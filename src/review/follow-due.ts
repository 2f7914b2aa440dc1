/**
 * The Review tab's count in step with every frame's ratings (issue 27, "two frames agree on what
 * is due"), on any screen: the count asked of the server (or the kept copy), less the notes a
 * rating still queued in any frame (the write side's `rated`, read again when another frame
 * writes the shared journal) takes out of today. A rating that leaves the queue was stored, so the
 * count is asked again; until it answers, that note stays off the count, so the tab never shows
 * it due again in between. A note added, edited or deleted can change the count too (ticked or
 * unticked "Review this note", hidden words, a due note gone): once such a write leaves the queue,
 * the count is asked again.
 */
import { effect, type ReadonlySignal, type Signal } from '@preact/signals-core';
import type { RatedCards } from './due-notes.ts';

/** What following the count needs. */
export type FollowDueDeps = {
  /** The tab's count: a number, `null` (no review on this API: no tab) or `undefined` (unknown). */
  due: Signal<number | null | undefined>;
  /** The cards queued ratings predict, by note id (every frame's: the shared journal). */
  rated: ReadonlySignal<RatedCards>;
  /**
   * The ids of queued adds, edits and deletes (every frame's): one leaving the queue asks again.
   * `null` while they are not followed yet (the write side's code not in); once they are, the count
   * is asked again, as a write may have been stored meanwhile.
   */
  writes?: ReadonlySignal<ReadonlySet<string> | null>;
  /** The end of the learner's day (ms): a card due after it is out of today's count. */
  dueBy: number;
  /** The count as the server (or the kept copy) has it; `null` on an API without review. */
  ask: () => Promise<number | null | undefined>;
  /** How long to wait for more stored ratings before asking again, ms. */
  waitMs?: number;
};

/** Starts following; returns the stop (a new context starts its own). */
export function followDue(deps: FollowDueDeps): () => void {
  const { due, rated, dueBy } = deps;
  let base: number | null | undefined;
  let stopped = false;
  /** Ratings stored since the count was last asked: off the count until it is asked again. */
  const stored = new Set<string>();
  let previous: RatedCards = rated.value;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Asks again once more stored writes had `waitMs` to come in. */
  const askSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void ask(), deps.waitMs ?? 250);
  };

  const outOfToday = (cards: RatedCards) =>
    [...cards].filter(([, card]) => Date.parse(card.due) > dueBy).map(([id]) => id);
  const show = () => {
    if (stopped || base === undefined) return;
    if (base === null) due.value = null;
    else due.value = Math.max(0, base - new Set([...outOfToday(rated.value), ...stored]).size);
  };
  const ask = async () => {
    const asked = [...stored];
    const answer = await deps.ask().catch(() => undefined);
    if (stopped) return;
    if (answer !== undefined) {
      base = answer;
      for (const id of asked) stored.delete(id);
    }
    show();
  };

  void ask();
  const stopEffect = effect(() => {
    const now = rated.value;
    const before = previous;
    previous = now;
    let left = false;
    for (const [id, card] of before)
      if (!now.has(id) && Date.parse(card.due) > dueBy) {
        stored.add(id);
        left = true;
      }
    show();
    if (left) askSoon();
  });
  let queued = deps.writes?.value ?? null;
  const stopWrites =
    deps.writes?.subscribe((now) => {
      const before = queued;
      queued = now;
      if (now && (before === null || [...before].some((id) => !now.has(id)))) askSoon();
    }) ?? (() => undefined);
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopEffect();
    stopWrites();
  };
}
