import type { KeyValueStore } from '../../platform/key-value-store.ts';
import { journalKey } from '../read/journal-key.ts';
import { isEmptyJournal, journalWrittenAt, parseJournal } from './journal.ts';

/** Another learner's drafts and unsent writes are dropped once this long untouched (docs/no-data-loss.md). */
export const JOURNAL_MAX_AGE_MS = 30 * 86_400_000;

/**
 * Tidies what other learners left in this browser (docs/no-data-loss.md): an empty journal is removed, and
 * one untouched for 30 days (drafts and writes its learner never came back to send) expires. The
 * current learner's journal is never touched, and nothing is ever shown or sent for another
 * learner. A journal written before journals were dated is left until its learner writes again.
 */
export function sweepJournals(store: KeyValueStore, learner: string, now: number): string[] {
  const mine = journalKey(learner);
  const removed: string[] = [];
  for (const key of store.keys(journalKey(''))) {
    if (key === mine) continue;
    const raw = store.get(key);
    const at = journalWrittenAt(raw);
    if (isEmptyJournal(parseJournal(raw)) || (at !== null && now - at >= JOURNAL_MAX_AGE_MS)) {
      store.remove(key);
      removed.push(key);
    }
  }
  return removed;
}
