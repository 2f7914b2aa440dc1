/**
 * The composition root: builds every service and model from the real `window`, starts the parent
 * bridge, then renders. The only module that touches globals; everything else gets them passed in.
 */

import { english } from 'virtual:locales';
import { createRoot } from 'react-dom/client';
import { createHttpClient } from './api/http-client.ts';
import { createNotesApi } from './api/notes-api.ts';
import type { Boot } from './boot/boot.ts';
import { seekMessage } from './bridge/seek-message.ts';
import { createSanitizerService } from './format/sanitizer.ts';
import { createI18n } from './i18n/i18n-model.ts';
import { createNotesModel } from './notes/notes-model.ts';
import { readSeekOffset } from './notes/read/seek-offset.ts';
import { createChunkImport } from './platform/chunk-import.ts';
import { createKeyValueStore } from './platform/key-value-store.ts';
import { createLoader, type Loader } from './platform/lazy-file.ts';
import type { ConnectionHints } from './platform/prefetch-policy.ts';
import { createNavigator } from './routes/navigator.ts';
import { pathAfterContext } from './routes/route-rules.ts';
import { applyContext, applyLook } from './session/apply-context.ts';
import { createClock } from './session/clock.ts';
import { createSessionModel, watchWindowWidth } from './session/session-model.ts';
import { createAnnouncer } from './status/announcer.ts';
import { createStylesheets } from './theme/stylesheets.ts';
import { App } from './ui/App.tsx';
import { createFocusRequests } from './ui/focus-request.ts';
import { createEditParts } from './ui/notes/edit-parts-lazy.tsx';
import { createPageActions } from './ui/page-actions.ts';
import { createScreens } from './ui/screens.ts';
import { type Services, ServicesContext } from './ui/services.ts';
import { createShortcuts } from './ui/shortcuts.ts';

/**
 * Builds everything and renders; any exception here is shown by `showStartupFailure`. The parent
 * bridge and the first API call were started by the early start (src/boot/), handed over as `boot`.
 */
function startIn(root: HTMLElement, boot: Boot, loader: Loader) {
  const config = __NOTES_CONFIG__;
  const session = createSessionModel(window.innerWidth);
  watchWindowWidth(window, session.setWidth);
  const nav = createNavigator(window, config.basePath);
  window.addEventListener('popstate', () => nav.syncFromHistory());

  const i18n = createI18n({
    english,
    urls: boot.locales,
    fetchJson: async (url) => {
      // The first context's catalogue may be in already: the early start asked for it.
      const response = await (boot.adoptCatalogue(url) ?? fetch(url));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    },
    root: document.documentElement,
    loader,
  });

  const http = createHttpClient({
    tokens: boot.tokens, // the token from the context or the portal's AUTH_RESPONSE, fresh on a 401
    // The first screen's call may already be on its way: the early start sent it (src/boot/boot.ts).
    fetch: (input, init) => boot.adopt(String(input), init) ?? fetch(input, init),
    baseUrl: config.apiBase,
    headers: () => {
      const context = session.context.value;
      if (!context) return null;
      const { user, rootOrg, org } = context;
      return { token: user.token, rootOrg, org, domain: session.parentHost.value, wid: user.userId };
    },
  });

  const announcer = createAnnouncer();
  // Refused (third-party storage blocked): everything in memory, this frame the only sender.
  const store = createKeyValueStore(() => window.localStorage);
  const notes = createNotesModel({
    api: createNotesApi(http),
    http, // the review calls are built over it in their chunks (src/api/review-api.ts)
    xhr: () => new XMLHttpRequest(), // an image upload's progress (src/api/upload.ts)
    store,
    learner: () => session.learner.value,
    onForbidden: () => nav.navigate('/error', { state: { code: 403 } }),
    announce: announcer.announce,
    // Two frames of one learner stay in step (src/notes/write/frame-sync.ts); storage refused, each is alone.
    frames: window,
    now: () => Date.now(),
    random: Math.random,
    newId: () => crypto.randomUUID(), // https (or loopback) only: every deployment is
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    loader,
  });
  window.addEventListener('pagehide', () => notes.flush());
  document.addEventListener('visibilitychange', () => document.hidden && notes.flush());
  window.addEventListener('online', () => {
    loader.retryNow();
    // The link is back: queued writes go out and the screen on show asks the server again.
    const context = session.context.value;
    if (context) {
      void i18n.setLocale(context.locale); // a catalogue whose tries ran out comes in now
      notes.refresh(pathAfterContext(nav.currentPath()), context.playerData, false);
    } else notes.retryNow();
  });
  boot.tokens.onFresh(() => notes.retryNow()); // writes paused by a 401 go out with the new token

  const shortcuts = createShortcuts();
  window.addEventListener('keydown', (event) => {
    if (shortcuts.handle(event)) event.preventDefault();
  });

  const styles = createStylesheets(document, __NOTES_STYLES__, {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    loader,
  });
  const wait = (ms: number) => new Promise<void>((done) => window.setTimeout(done, ms));
  const startup = { session, i18n, nav, notes, styles, body: document.body, wait };
  boot.onContext(
    (accepted) => applyContext(accepted, startup),
    ({ context }) => {
      session.markUnsigned();
      applyLook(context, startup);
    },
    // Its token still to come (a portal hands it over on request): its theme and language meanwhile.
    ({ context }) => applyLook(context, startup),
  );

  const page = createPageActions(window);
  const screens = createScreens(styles, notes, loader);
  const parts = createEditParts(styles, loader);
  const services: Services = {
    session,
    i18n,
    notes,
    nav,
    announcer,
    shortcuts,
    clock: createClock({
      now: () => Date.now(),
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
    }),
    focus: createFocusRequests(),
    screens,
    parts,
    // By the policy on this link, once a page (src/ui/prefetch.ts).
    prefetch: () =>
      void import('./ui/prefetch.ts').then(
        (m) =>
          m.prefetch((navigator as { connection?: ConnectionHints }).connection, {
            styles,
            notes,
            screens: screens.files,
            parts: parts.files,
          }),
        () => undefined,
      ),
    loader,
    sanitizer: createSanitizerService(config, document, undefined, loader),
    store,
    seek: (note) => {
      const message = seekMessage(note, readSeekOffset(store, session.learner.value));
      return message ? boot.post(message) : false;
    },
    retrySignIn: () => boot.retry(),
    page: {
      ...page,
      // Once the first screen is in the learner's language (their catalogue in or given up on),
      // when idle: nothing competes with it. Then the worker that serves repeat visits (src/sw/).
      whenIdle: (task) =>
        void i18n.settled().then(() =>
          page.whenIdle(() => {
            task();
            // Refused where the browser refuses storage (caught: nothing else depends on it).
            navigator.serviceWorker?.register(`${config.basePath}sw.js`).catch(() => undefined);
          }),
        ),
    },
  };
  createRoot(root).render(
    <ServicesContext.Provider value={services}>
      <App />
    </ServicesContext.Provider>,
  );
}

/**
 * A start-up failure still says something: a blank frame tells a learner nothing. In English, then
 * in the learner's language when their catalogue is in (src/boot/failure-words.ts; `String` turns a
 * chunk that could not come into a settled promise, and the English stays).
 */
function showStartupFailure(root: HTMLElement, error: unknown, boot?: Boot) {
  console.error('Notes: could not start', error);
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = 'Notes could not start. Reload the page to try again.';
  root.replaceChildren(message);
  if (boot) import('./i18n/formatjs-engine.ts').then((m) => m.translateFailure(message, boot), String);
}

/**
 * Starts the app in `#app`; a failure to start is shown there instead of a blank frame. Normally
 * the early start ran first (inline in `<head>`); when a CSP without its hash refused it, its file
 * copy is fetched first (slower, still working; src/boot/fallback.ts).
 */
export function start(): void {
  const root = document.getElementById('app');
  if (!root) return;
  // Every lazy file (chunk, bundle, catalogue, stylesheet): a dropped request is tried again. The
  // build sends every chunk import through `__notesImport` (scripts/retry-imports.mjs).
  const loader = createLoader({
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
  globalThis.__notesImport ??= createChunkImport(loader, (url) => import(url));
  const run = () => {
    try {
      const boot = window.__notesBoot;
      if (!boot) throw new Error('the early start did not run');
      startIn(root, boot, loader);
    } catch (error) {
      showStartupFailure(root, error, window.__notesBoot);
    }
  };
  if (window.__notesBoot) run();
  else import(__NOTES_EARLY_URL__).then(run, (error: unknown) => showStartupFailure(root, error));
}
