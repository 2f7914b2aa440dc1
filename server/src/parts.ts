/**
 * The parts the HTTP layer is built from, as it names them: the notes store (server/src/store/)
 * and the token checker (server/src/auth/). Routes import these names from here only.
 */
export type { Authenticator, AuthResult } from './auth/index.ts';
export type {
  DeleteOutcome,
  FetchQuery,
  Learner,
  NotesStore,
  PathQuery,
  StoredFile,
  StoredPage,
  UpdateOutcome,
} from './store/notes-store.ts';
export { BadCursorError, notesArrayJson } from './store/notes-store.ts';
