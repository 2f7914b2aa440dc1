/**
 * The storage key of a learner's journal (drafts, outbox, conflicts). A module of its own because
 * the first load reads it — a queued write left by an earlier visit fetches the write side at once —
 * while the journal itself lives in the lazy write side.
 */
export const journalKey = (learner: string) => `notes:journal:${learner}`;
