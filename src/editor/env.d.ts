/**
 * True only in a build made with `node build.mjs --test-hooks` (the browser tests' build): guards the
 * hook that makes the editor fail on purpose, so the production build carries no trace of it.
 */
declare const __NOTES_TEST_HOOKS__: boolean;

/** URL of the editor bundle (`assets/editor-<hash>.js`), built apart by build.mjs; undefined under Node. */
declare const __NOTES_EDITOR_URL__: string;
