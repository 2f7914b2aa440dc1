import type { AcceptedContext } from '../bridge/parent-bridge.ts';
import type { I18nModel } from '../i18n/i18n-model.ts';
import type { NotesModel } from '../notes/notes-model.ts';
import type { ParentContext } from '../protocol/messages.ts';
import type { Navigator } from '../routes/navigator.ts';
import { pathAfterContext } from '../routes/route-rules.ts';
import type { Stylesheets } from '../theme/stylesheets.ts';
import { applyThemeClasses } from '../theme/theme-classes.ts';
import { learnerKey, type SessionModel } from './session-model.ts';

/** The parts the start-up sequence drives. */
export type StartupDeps = {
  session: SessionModel;
  i18n: Pick<I18nModel, 'setLocale'>;
  nav: Pick<Navigator, 'currentPath' | 'navigate'>;
  notes: Pick<NotesModel, 'refresh'>;
  body: Pick<HTMLElement, 'classList'>;
  styles: Pick<Stylesheets, 'theme'>;
  /** Resolves after `ms` (the bound on waiting for the catalogue). */
  wait: (ms: number) => Promise<void>;
};

/**
 * How long the first screen waits for its language's catalogue before it shows in English (and the
 * catalogue keeps being retried; it applies when it arrives). Normally it is in before the app
 * runs: the early start asked for it with the first API call (src/boot/boot.ts).
 */
export const WORDS_WAIT_MS = 3000;

/**
 * Applies an accepted context in the order docs/wire-contract.md fixes: store it (and ask for its locale) →
 * apply the theme → navigate by the path rule → set loaded → refresh the notes. Runs for the
 * first context and again for every CONTEXT_CHANGE.
 */
export function applyContext({ context, parentHost }: AcceptedContext, deps: StartupDeps): void {
  const learnerChanged = learnerKey(deps.session.context.value) !== learnerKey(context);
  deps.session.store(context, parentHost);
  applyLook(context, deps);
  const target = pathAfterContext(deps.nav.currentPath());
  if (target !== deps.nav.currentPath()) deps.nav.navigate(target);
  deps.session.markLoaded();
  deps.notes.refresh(target, context.playerData, learnerChanged);
}

/**
 * The context's locale and theme (start-up steps 1–2 without the learner): also applied to a
 * context the portal gave no token for, so the message saying so is in the learner's language.
 * Nothing shows until both are in — the catalogue for at most WORDS_WAIT_MS — so the first paint
 * is in the learner's language and `dir`, never English first (issue 14).
 */
export function applyLook(
  context: ParentContext,
  deps: Pick<StartupDeps, 'session' | 'i18n' | 'body' | 'styles' | 'wait'>,
) {
  const words = deps.i18n.setLocale(context.locale);
  const worded = Promise.race([words, deps.wait(WORDS_WAIT_MS)]);
  applyThemeClasses(deps.body, {
    theme: context.theme.name,
    darkMode: context.darkMode,
    fontClass: context.fontClass,
    fontSize: context.fontSize,
  });
  void Promise.all([deps.styles.theme(context.theme.name), worded]).then(deps.session.markStyled);
}
