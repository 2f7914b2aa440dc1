/**
 * Who owns a note: the (rootOrg, org, wid) triple from docs/api.md. Kept apart so the store, the
 * data file and the request parser all agree on one shape and one key.
 */
import type { Note } from '../../src/protocol/api-types.ts';

/** A learner as the API isolates them; two learners differ if any part differs. */
export type Learner = { rootOrg: string; org: string; wid: string };

/** A note together with its owner, as the store and the data file hold it. */
export type OwnedNote = { owner: Learner; note: Note };

/** A map key that cannot collide across parts (NUL never appears in a header value). */
export const learnerKey = (l: Learner): string => `${l.rootOrg}\u0000${l.org}\u0000${l.wid}`;
