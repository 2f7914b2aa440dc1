/**
 * This run's ids: every refId, moduleId and courseId the checks write starts with a random
 * prefix (`chk-1a2b3c4d-…`), so the checks never meet the learner's real notes, two runs never
 * meet each other, and cleanup can recognise its own notes.
 */

/** The prefix and a way to make ids under it. */
export type RunIds = { prefix: string; id: (name: string) => string; key: (name: string) => string };

/** Ids for one run; `random` gives the prefix's 8 hex digits (injectable for tests). */
export function makeRunIds(random: () => number = Math.random): RunIds {
  const hex = Array.from({ length: 8 }, () => Math.floor(random() * 16).toString(16)).join('');
  const prefix = `chk-${hex}`;
  return {
    prefix,
    id: (name) => `${prefix}-${name}`,
    key: (name) => `${prefix}-key-${name}`,
  };
}
