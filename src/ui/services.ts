import { createContext, useContext } from 'react';
import type { SanitizerService } from '../format/sanitizer.ts';
import type { I18nModel } from '../i18n/i18n-model.ts';
import type { NotesModel } from '../notes/notes-model.ts';
import type { KeyValueStore } from '../platform/key-value-store.ts';
import type { Loader } from '../platform/lazy-file.ts';
import type { Note } from '../protocol/api-types.ts';
import type { Navigator } from '../routes/navigator.ts';
import type { Clock } from '../session/clock.ts';
import type { SessionModel } from '../session/session-model.ts';
import type { Announcer } from '../status/announcer.ts';
import type { FocusRequests } from './focus-request.ts';
import type { EditParts } from './notes/edit-parts-lazy.tsx';
import type { Screens } from './screens.ts';
import type { Shortcuts } from './shortcuts.ts';

/**
 * What the page offers that components may not reach for themselves (they never touch `window`):
 * the composition root implements it with the real browser, tests with fakes.
 */
export type PageActions = {
  /** Saves `text` as a file the learner downloads (the course export). */
  download(fileName: string, text: string, type: string): void;
  /** Opens the browser's print dialog (the course's print view). */
  print(): void;
  /** Asks the learner to confirm (cancel an edit with unsaved changes). */
  confirm(message: string): boolean;
  /**
   * Runs `task` when the browser is idle once the first screen is complete in the learner's
   * language (prefetching, the sanitiser): nothing competes with the first screen.
   */
  whenIdle(task: () => void): void;
};

/** Everything components use, built once in `main.tsx` and handed down through context. */
export type Services = {
  session: SessionModel;
  i18n: I18nModel;
  notes: NotesModel;
  nav: Navigator;
  clock: Clock;
  announcer: Announcer;
  shortcuts: Shortcuts;
  focus: FocusRequests;
  /** The routed screens (lazy but `/`) and their prefetch. */
  screens: Screens;
  /** Fetches what the learner may use next, by the prefetch policy (src/platform/prefetch-policy.ts); once. */
  prefetch(): void;
  /** The editing UI, fetched on first use (see edit-parts-lazy). */
  parts: EditParts;
  /** Fetches a lazy file (a chunk only one screen uses), retrying a dropped request. */
  loader: Loader;
  /** Cleans stored note HTML for rendering and before sending; a lazy chunk (see sanitizer). */
  sanitizer: SanitizerService;
  /** This device's storage (settings such as "start a few seconds earlier"; never the token). */
  store: KeyValueStore;
  /**
   * Asks the portal's player to go to a note's anchor (a SEEK message; a time as many seconds
   * earlier as the learner's setting says, src/notes/read/seek-offset.ts); false when it can't.
   */
  seek(note: Note): boolean;
  /** Asks the portal again for the token it did not hand over (AUTH_REQUEST; see Unsigned). */
  retrySignIn(): void;
  page: PageActions;
};

/** The services context; `null` outside the app (a component rendered alone is a bug). */
export const ServicesContext = createContext<Services | null>(null);

/**
 * The app's services; throws when a component is rendered outside `ServicesContext`. Each is the
 * same object for the app's life (built once in src/start.tsx), so biome.json declares them stable
 * for useExhaustiveDependencies: hooks don't list `notes` or `nav` as dependencies.
 */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices: no ServicesContext above this component');
  return services;
}
