/**
 * Who owns a note, as docs/api.md defines it: the store's type (server/src/store/learners.ts), so the
 * learner the authenticator returns is the one the store scopes by.
 */
export type { Learner } from '../store/notes-store.ts';
