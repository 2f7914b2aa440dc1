import { computed, type ReadonlySignal, signal } from '@preact/signals-core';
import type { ParentContext, User } from '../protocol/messages.ts';

/** Width below which layouts switch to one column (docs/constants.md). */
export const SMALL_SCREEN_MAX = 700;

/** The session as read-only signals plus the actions that change it. */
export type SessionModel = ReturnType<typeof createSessionModel>;

/**
 * Holds the session (docs/wire-contract.md): context, user, parent host, loaded flag and the small-screen flag.
 * Writable signals stay inside; components read the exposed read-only ones. Nothing renders until
 * `ready` (user and loaded both set).
 */
export function createSessionModel(initialWidth: number) {
  const context = signal<ParentContext | null>(null);
  const parentHost = signal('');
  const loaded = signal(false);
  const styled = signal(false);
  const unsigned = signal(false);
  const width = signal(initialWidth);
  const user = computed<User | null>(() => context.value?.user ?? null);

  return {
    context: context as ReadonlySignal<ParentContext | null>,
    user,
    parentHost: parentHost as ReadonlySignal<string>,
    loaded: loaded as ReadonlySignal<boolean>,
    /** Whose session it is (learnerKey): screens start afresh when it changes. */
    learner: computed(() => learnerKey(context.value)),
    /** The theme in force (`blue` before any context). */
    theme: computed(() => context.value?.theme.name ?? 'blue'),
    darkMode: computed(() => context.value?.darkMode ?? false),
    /** The locale the portal asked for; `I18nModel.locale` is the one actually shown. */
    requestedLocale: computed(() => context.value?.locale ?? 'en'),
    smallScreen: computed(() => width.value < SMALL_SCREEN_MAX),
    /** Something to show: a user, the load flag, and the theme's stylesheet in (no flash of another theme). */
    ready: computed(() => loaded.value && styled.value && user.value !== null && !unsigned.value),
    /**
     * True while the portal has given no token for its context (no AUTH_RESPONSE in 5 s, none in
     * the context) and the context's look is in — its theme and its language's catalogue, or the
     * bound on waiting for it (WORDS_WAIT_MS) — so the message saying so, with Retry, never shows in
     * English first; instead of a blank frame.
     */
    unsigned: computed(() => unsigned.value && styled.value),
    /** Stores an accepted context (start-up step 1). */
    store(next: ParentContext, host: string) {
      context.value = next;
      parentHost.value = host;
      unsigned.value = false;
    },
    /** The portal's context came without a token and none was handed over. */
    markUnsigned() {
      unsigned.value = true;
    },
    /** Marks the app loaded (start-up step 4). */
    markLoaded() {
      loaded.value = true;
    },
    /** Marks the first theme's stylesheet applied (or given up on), so the app may show. */
    markStyled() {
      styled.value = true;
    },
    /** Re-evaluates the small-screen flag; called on every resize. */
    setWidth(next: number) {
      width.value = next;
    },
  };
}

/**
 * Identity of a learner's data (rootOrg, org, userId): a change means the screens must not show
 * the old learner's notes, and keys what the app keeps in storage per learner. Never the token.
 */
export const learnerKey = (c: Pick<ParentContext, 'rootOrg' | 'org' | 'user'> | null): string =>
  c ? `${c.rootOrg}\u0000${c.org}\u0000${c.user.userId}` : '';

/** Keeps `setWidth` in step with the window; returns the unsubscribe. */
export function watchWindowWidth(
  win: Pick<Window, 'innerWidth' | 'addEventListener' | 'removeEventListener'>,
  setWidth: (width: number) => void,
): () => void {
  const onResize = () => setWidth(win.innerWidth);
  win.addEventListener('resize', onResize);
  onResize();
  return () => win.removeEventListener('resize', onResize);
}
