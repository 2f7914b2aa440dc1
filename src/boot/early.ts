/**
 * The early start: the first thing in index.html's `<head>`, inline (build.mjs), so it runs while
 * the rest of the document still streams in. It posts LOADED, checks the portal's answer and
 * starts the first screen's API call and its locale's catalogue (src/boot/boot.ts); the app takes over from
 * `window.__notesBoot` when it runs. Built on its own (an IIFE), and also written as a file that
 * the app imports when a CSP without this script's hash kept it from running.
 */
import { warmFormats } from '../i18n/warm-formats.ts';
import { createBoot } from './boot.ts';

window.__notesBoot ??= createBoot({
  window,
  config: __NOTES_CONFIG__,
  pathname: location.pathname,
  locales: __NOTES_LOCALES__,
  fetch: (input, init) => fetch(input, init),
  newId: () => crypto.randomUUID(),
  now: Date.now,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
  warm: warmFormats,
});
