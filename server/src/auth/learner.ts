/**
 * Who owns a note, as docs/api.md defines it. The store defines the same shape; both are plain
 * structural types, so either import fits the other.
 */

/** A learner as the API isolates them; two learners differ if any part differs. */
export type Learner = { rootOrg: string; org: string; wid: string };
