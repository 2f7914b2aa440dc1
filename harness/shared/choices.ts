/**
 * The value sets the harness offers, shared by the CLI's flag validation and the mock parent
 * page's controls so a flag can never pick something the page cannot show.
 */
import { SUPPORTED_LOCALES, type SupportedLocale } from '../../src/i18n/locales.ts';
import type { ThemeName } from '../../src/protocol/messages.ts';
import { findThemeName } from '../../src/theme/theme-classes.ts';

/** Locales the app ships (DESIGN §4). */
export const LOCALES = SUPPORTED_LOCALES;
export type Locale = SupportedLocale;

/** App routes a parent can open the frame at. */
export const ROUTES = ['/', '/view', '/course'] as const;
export type Route = (typeof ROUTES)[number];

/** Frame widths in px; the first is below the app's 700 px small-screen breakpoint. */
export const FRAME_WIDTHS = [360, 600, 800, 1024] as const;

/** The theme for a user-typed name ("Light Green", "light_green", "light-green"), or undefined. */
export const findTheme = findThemeName;

/** The spaced form portals send ("light green"), also used as the control's visible label. */
export const themeLabel = (name: ThemeName): string => name.replace(/-/g, ' ');
