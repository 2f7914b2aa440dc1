/**
 * The fallback for a CSP that lacks this build's inline hashes (README "Deploying"): a stale
 * headers file, a CDN that rewrites HTML, a hand-written policy. Then the browser refuses the
 * inline early start, app and stylesheet, and this file — a same-origin script the policy does
 * allow — loads their copies in assets/ instead: the app starts, a few round trips slower.
 * Normally it finds everything ran and does nothing. It is the last script in index.html, so it
 * runs after the inline app.
 */

/** The copies of the inline blocks, from build.mjs. */
declare const __NOTES_FALLBACK__: { early: string; app: string; css: string };

const files = __NOTES_FALLBACK__;
// The inline stylesheet was refused: the browser then gives it no sheet.
if (!document.head.querySelector('style')?.sheet) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = files.css;
  document.head.append(link);
}
// Fetched side by side; the app waits for the early start itself (src/start.tsx).
if (!window.__notesBoot) void import(files.early);
if (!('__notesShared' in globalThis)) void import(files.app);
