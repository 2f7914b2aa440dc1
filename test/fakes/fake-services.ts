/**
 * The app's real services (session, i18n with the real English catalogue, notes model, navigator,
 * announcer, focus, shortcuts) built over fakes (notes API, clock, storage, page), for
 * component tests that render screens under linkedom.
 */
import { fileURLToPath } from 'node:url';
import { signal } from '@preact/signals-core';
// @ts-expect-error plain JavaScript build helper without type declarations
import { compileLocales } from '../../scripts/compile-locales.mjs';
import { createI18n } from '../../src/i18n/i18n-model.ts';
import { createNotesModel } from '../../src/notes/notes-model.ts';
import { createKeyValueStore } from '../../src/platform/key-value-store.ts';
import { ONE_TRY } from '../../src/platform/lazy-file.ts';
import type { Note } from '../../src/protocol/api-types.ts';
import type { ParentContext } from '../../src/protocol/messages.ts';
import { createNavigator } from '../../src/routes/navigator.ts';
import { createSessionModel, learnerKey } from '../../src/session/session-model.ts';
import { createAnnouncer } from '../../src/status/announcer.ts';
import { createFocusRequests } from '../../src/ui/focus-request.ts';
import { createEditParts } from '../../src/ui/notes/edit-parts-lazy.tsx';
import { createScreens } from '../../src/ui/screens.ts';
import type { PageActions, Services } from '../../src/ui/services.ts';
import { createShortcuts } from '../../src/ui/shortcuts.ts';
import { createFakeClock } from './fake-clock.ts';
import { fakeContext } from './fake-context.ts';
import { createFakeNotesApi, type FakeNotesApi, type NotesApi } from './fake-notes-api.ts';
import { createFakeSanitizer, type FakeSanitizer } from './fake-sanitizer.ts';
import { installPopStateEvent } from './fake-window.ts';
import { installGlobalLocation } from './global-location.ts';
import { refusedStorage } from './memory-storage.ts';

/** What a test can look at and drive besides the services themselves. */
export type FakeServices = {
  services: Services;
  api: FakeNotesApi;
  /** The sanitiser: not ready (cards show plain text) until `sanitizer.finish()`. */
  sanitizer: FakeSanitizer;
  /** SEEK requests the components made. */
  seeks: Note[];
  /** How often Retry asked the portal again for a token. */
  signInRetries: number;
  downloads: { fileName: string; text: string; type: string }[];
  prints: number;
  /** Answers for `page.confirm`, shifted per call (default true). */
  confirms: boolean[];
  /** Moves the clock (relative times) and runs due timers. */
  tick(ms: number): void;
  /** Stores a context as the bridge would and marks the session ready. */
  setContext(context: ParentContext): void;
};

let english: Record<string, unknown> | null = null;
const englishCatalogue = () => {
  if (!english) {
    const out = fileURLToPath(new URL('../../.test-artifacts/locales', import.meta.url));
    english = compileLocales(fileURLToPath(new URL('../../locales', import.meta.url)), out, '/').english;
  }
  return english;
};

/**
 * Builds the services; `script` scripts the fake API, `context` the session (default: fakeContext),
 * `refused`: the browser refuses storage (as the composition root's probe finds it).
 */
export function createFakeServices(
  script: Partial<NotesApi> = {},
  context: ParentContext = fakeContext(),
  path = '/',
  { refused = false }: { refused?: boolean } = {},
): FakeServices {
  installPopStateEvent();
  const api = createFakeNotesApi(script);
  const clock = createFakeClock(Date.parse('2026-11-22T12:00:00.000Z'));
  const session = createSessionModel(1024);
  const nav = createNavigator(installGlobalLocation(path));
  const i18n = createI18n({
    english: englishCatalogue() as Parameters<typeof createI18n>[0]['english'],
    urls: {},
    fetchJson: () => Promise.reject(new Error('no locales in component tests')),
  });
  const announcer = createAnnouncer();
  let ids = 0;
  const store = createKeyValueStore(refused ? refusedStorage : () => null);
  const notes = createNotesModel({
    api: api.api,
    http: api.http,
    store,
    learner: () => learnerKey(session.context.value),
    onForbidden: () => nav.navigate('/error', { state: { code: 403 } }),
    announce: announcer.announce,
    now: clock.now,
    random: () => 0.5,
    newId: () => `id-${++ids}`,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
  });
  const clockNow = signal(clock.now());
  const sanitizer = createFakeSanitizer();
  const fake: FakeServices = {
    api,
    sanitizer,
    seeks: [],
    signInRetries: 0,
    downloads: [],
    prints: 0,
    confirms: [],
    services: null as unknown as Services,
    tick(ms) {
      clock.tick(ms);
      clockNow.value = clock.now();
    },
    setContext(c) {
      session.store(c, 'lex-dev.infosysapps.com');
      session.markLoaded();
      session.markStyled();
    },
  };
  const page: PageActions = {
    download: (fileName, text, type) => fake.downloads.push({ fileName, text, type }),
    print: () => {
      fake.prints += 1;
    },
    confirm: () => fake.confirms.shift() ?? true,
    whenIdle: () => undefined,
  };
  fake.services = {
    session,
    i18n,
    notes,
    nav,
    announcer,
    shortcuts: createShortcuts(),
    focus: createFocusRequests(),
    screens: createScreens({ screen: () => Promise.resolve() }, notes),
    parts: createEditParts({ screen: () => Promise.resolve() }),
    prefetch: () => undefined,
    loader: ONE_TRY,
    sanitizer: sanitizer.service,
    clock: { now: clockNow, stop: () => undefined },
    store,
    seek: (note) => {
      fake.seeks.push(note);
      return note.anchor !== null;
    },
    retrySignIn: () => {
      fake.signInRetries += 1;
    },
    page,
  };
  fake.setContext(context);
  return fake;
}
