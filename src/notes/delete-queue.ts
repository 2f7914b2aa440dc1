/** The storage key of a learner's queued deletes (read at start, before the write side loads). */
export const deletesKey = (learner: string) => `notes:deletes:${learner}`;
