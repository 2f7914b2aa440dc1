import type { FontClass, FontSize, ThemeName } from '../protocol/messages.ts';
import { FONT_CLASSES, FONT_SIZES, THEME_NAMES } from '../protocol/messages.ts';

/** The default theme (docs/constants.md: "the default blue theme"). */
export const DEFAULT_THEME: ThemeName = 'blue';

/** The known theme a portal's spelling ("Light Green", "ocean_whisper_blue") means, if any. */
export function findThemeName(name: string): ThemeName | undefined {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return THEME_NAMES.find((t) => t === key);
}

/**
 * Normalises a theme name the way portals spell them and falls back to the default for anything
 * unknown, so a typo never leaves the app unstyled.
 */
export function normaliseThemeName(name: unknown): ThemeName {
  return (typeof name === 'string' && findThemeName(name)) || DEFAULT_THEME;
}

/** What the body's managed classes are computed from. */
export type ThemeSettings = { theme: ThemeName; darkMode: boolean; fontClass: FontClass; fontSize: FontSize };

/** True for classes this app manages on `<body>`; applying clears only these, never the host's. */
export function isManagedClass(cls: string): boolean {
  return (
    cls === 'dark-mode' ||
    (cls.startsWith('theme-') && (THEME_NAMES as readonly string[]).includes(cls.slice(6))) ||
    (FONT_CLASSES as readonly string[]).includes(cls) ||
    (cls.startsWith('font-size-') && (FONT_SIZES as readonly string[]).includes(cls.slice(10)))
  );
}

/** The managed body classes for a theme: one theme, optional dark mode, one font class, one size. */
export function themeClasses(settings: ThemeSettings): string[] {
  const classes = [`theme-${settings.theme}`];
  if (settings.darkMode) classes.push('dark-mode');
  classes.push(settings.fontClass, `font-size-${settings.fontSize}`);
  return classes;
}

/** Applies the theme (docs/themes-and-locales.md): clears all managed classes, then sets the new ones. */
export function applyThemeClasses(body: Pick<HTMLElement, 'classList'>, settings: ThemeSettings): void {
  const stale = Array.from(body.classList).filter(isManagedClass);
  if (stale.length) body.classList.remove(...stale);
  body.classList.add(...themeClasses(settings));
}
