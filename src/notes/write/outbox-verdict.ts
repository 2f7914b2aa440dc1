import { isApiError } from '../../api/api-error.ts';
import type { Note } from '../../protocol/api-types.ts';
import type { OutboxItem } from './journal.ts';
import { sameTags } from './tag-list.ts';

/**
 * What a failed send means for the queued write — the write half of the error policy (the whole
 * table: docs/api.md, 'Errors', pinned in test/notes/error-policy.test.ts; the read half is
 * `describeProblem` in src/notes/read/describe-error.ts):
 * - `retry`: the link or the server failed (offline, timeout, 5xx, 429, a garbled answer) — keep it
 *   queued and try again later, in order;
 * - `session` (401) / `forbidden` (403): stop sending until the portal gives a new session;
 * - `done`: the server already has it (a delete answered 404; an update whose 409 shows exactly our
 *   text and tags — the first try got through and only its answer was lost);
 * - `conflict`: someone else changed the note (409) or deleted it (404 on an update);
 * - `refused`: the server will never take it as it is (400, 413, 415…) — back to the learner.
 */
export type Verdict =
  | { kind: 'retry' }
  | { kind: 'session' }
  | { kind: 'forbidden' }
  | { kind: 'done'; note: Note | null }
  | { kind: 'conflict'; current: Note | null }
  | { kind: 'refused'; message: string };

/** Decides what to do with `item` after its send failed with `error`. */
export function verdictFor(item: OutboxItem, error: unknown): Verdict {
  if (!isApiError(error) || error.kind !== 'http' || error.status === null) return { kind: 'retry' };
  const status = error.status;
  if (status >= 500 || status === 429 || status === 408) return { kind: 'retry' };
  if (status === 401) return { kind: 'session' };
  if (status === 403) return { kind: 'forbidden' };
  // A rating of a note that is gone (deleted elsewhere): nothing left to schedule.
  if (item.kind === 'review' && status === 404) return { kind: 'done', note: null };
  const current = error.body?.current ?? null;
  if (item.kind === 'delete') {
    if (status === 404) return { kind: 'done', note: null };
    if (status === 409 && current) return { kind: 'conflict', current };
  }
  if (item.kind === 'update') {
    if (status === 404) return { kind: 'conflict', current: null };
    if (status === 409 && current) {
      const { content, text, tags } = item.changes;
      // Stored only when the tags match too (an edit without tags left them as they were).
      const same =
        current.content === content && current.text === text && (!tags || sameTags(current.tags, tags));
      return same ? { kind: 'done', note: current } : { kind: 'conflict', current };
    }
  }
  return { kind: 'refused', message: error.message };
}

/** First retry after about 1 s, doubling to at most a minute. */
const BASE_MS = 1000;
const MAX_MS = 60_000;

/**
 * The wait before retry number `attempt` (0-based): exponential, capped, with jitter — a random
 * share between half and all of it — so frames that failed together don't retry together.
 */
export function backoffMs(attempt: number, random: () => number): number {
  const full = Math.min(MAX_MS, BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(full * (0.5 + random() * 0.5));
}

/**
 * After `item` was confirmed as `saved`, later writes to the same note are rebased on it: an add's
 * temporary id becomes the server's id, and the version they send is the one just stored.
 */
export function rebase(rest: readonly OutboxItem[], item: OutboxItem, saved: Note): OutboxItem[] {
  const from = item.kind === 'add' ? item.tempId : item.noteId;
  return rest.map((next) =>
    next.kind === 'add' || next.noteId !== from
      ? next
      : next.kind === 'review'
        ? { ...next, noteId: saved.noteId } // a rating names the note only
        : { ...next, noteId: saved.noteId, version: saved.version },
  );
}
