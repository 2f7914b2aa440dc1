import { type Loader, ONE_TRY } from '../platform/lazy-file.ts';
import type { ThemeName } from '../protocol/messages.ts';

/**
 * Where the lazily fetched stylesheets are: every theme but the default at
 * `<base><name>-<hash>.css` (one hash for all), and each lazy screen's CSS by URL.
 */
export type StyleUrls = { themes: { base: string; hash: string }; screens: Record<string, string> };

/** Themes in the first load's stylesheet (src/theme/themes.css); every other has its own file. */
export const BUILT_IN_THEMES: readonly ThemeName[] = ['blue', 'dark-mode'];

/** The slice of `document` that adding a stylesheet needs. */
export type StyleDocument = {
  head: Pick<HTMLElement, 'append'>;
  createElement(tag: 'link'): HTMLLinkElement;
};

/** Loads stylesheets on demand; each promise settles once its sheet applies (or failed). */
export type Stylesheets = {
  /** The theme's stylesheet; resolves at once for the built-in themes (they ship in the first load). */
  theme(name: ThemeName): Promise<void>;
  /** A lazy screen's stylesheet, if it has one. */
  screen(name: string): Promise<void>;
};

/**
 * Fetches stylesheets only when needed: a theme the portal picked, a screen the learner opened.
 * A failed sheet resolves too (and is logged once), and so does one still loading after
 * `timeoutMs`: the app then shows with the default look rather than not at all, while `loader`
 * tries the sheet again (as `?retry=N`) until it applies. Each URL is asked for by one such load.
 */
export function createStylesheets(
  doc: StyleDocument,
  urls: StyleUrls,
  options: {
    setTimeout?: (fn: () => void, ms: number) => unknown;
    timeoutMs?: number;
    logError?: (m: string) => void;
    loader?: Loader;
  } = {},
): Stylesheets {
  const {
    setTimeout: later = setTimeout,
    timeoutMs = 3000,
    logError = console.error,
    loader = ONE_TRY,
  } = options;
  const added = new Map<string, Promise<void>>();
  const load = (url: string | undefined): Promise<void> => {
    if (!url) return Promise.resolve();
    let done = added.get(url);
    if (!done) {
      done = new Promise<void>((resolve) => {
        const sheet = loader.file(
          (attempt) =>
            new Promise<void>((applied, failed) => {
              const link = doc.createElement('link');
              link.rel = 'stylesheet';
              link.href = attempt ? `${url}?retry=${attempt}` : url;
              link.onload = () => {
                resolve();
                applied();
              };
              link.onerror = () => {
                if (!attempt) logError(`Notes: could not load the stylesheet ${url}`);
                resolve();
                failed(new Error(url));
              };
              doc.head.append(link);
            }),
          6,
        );
        later(resolve, timeoutMs); // a hung request must not keep the app hidden
        sheet.load().catch(() => undefined);
      });
      added.set(url, done);
    }
    return done;
  };
  return {
    theme: (name) =>
      load(BUILT_IN_THEMES.includes(name) ? undefined : `${urls.themes.base}${name}-${urls.themes.hash}.css`),
    screen: (name) => load(urls.screens[name]),
  };
}
