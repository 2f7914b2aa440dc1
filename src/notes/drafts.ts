/**
 * Text the learner typed but has not saved, per editor (`edit:<noteId>`, `new:<refId>`), kept
 * while the editor itself comes and goes — a wide frame turning narrow moves the editor from the
 * side pane into the list; opening another note and coming back — so no word is lost on the way.
 * In memory for now; kept across reloads by the editor issue.
 */
export type Drafts = {
  get(key: string): string | undefined;
  set(key: string, text: string): void;
  remove(key: string): void;
};

/** An empty draft store. */
export function createDrafts(): Drafts {
  const texts = new Map<string, string>();
  return {
    get: (key) => texts.get(key),
    set: (key, text) => {
      texts.set(key, text);
    },
    remove: (key) => {
      texts.delete(key);
    },
  };
}
