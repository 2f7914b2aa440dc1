/**
 * The value sets the harness offers, shared by the CLI's flag validation and the mock parent
 * page's controls so a flag can never pick something the page cannot show. Routes come from the
 * app's own route table, so a screen added there is offered here without a second list.
 */
import { SUPPORTED_LOCALES, type SupportedLocale } from '../../src/i18n/locales.ts';
import type { ThemeName } from '../../src/protocol/messages.ts';
import { NAV_ROUTES, OPENABLE_PATHS } from '../../src/routes/route-table.ts';
import { findThemeName } from '../../src/theme/theme-classes.ts';

/** Locales the app ships (docs/themes-and-locales.md). */
export const LOCALES = SUPPORTED_LOCALES;
export type Locale = SupportedLocale;

/** A screen's own path that a parent may open the frame at (`/`, `/view`, `/course`). */
export type BaseRoute = (typeof OPENABLE_PATHS)[number];

/** The app's base routes a parent can open the frame at, straight from the app's route table. */
export const ROUTES: readonly BaseRoute[] = OPENABLE_PATHS;

/** The openable routes whose screen takes one path parameter, e.g. `/course` → `courseId`. */
type ParamEntry = Extract<(typeof NAV_ROUTES)[number], { param: string }>;
export const PARAM_ROUTES: readonly { path: ParamEntry['path']; param: string }[] = NAV_ROUTES.filter(
  (r): r is ParamEntry => 'param' in r,
).map((r) => ({ path: r.path, param: r.param }));

/** A route the frame can open: a base route, or a parameterised one such as `/course/course-ml-101`. */
export type Route = BaseRoute | `${ParamEntry['path']}/${string}`;

/** Every route shape `--route` accepts, for help and error texts: `/, /view, /course, /course/<courseId>`. */
export const ROUTE_SHAPES = [...ROUTES, ...PARAM_ROUTES.map((r) => `${r.path}/<${r.param}>`)].join(', ');

/**
 * The Route select's options: the base routes, plus `chosen` when it is a parameterised route
 * (from `--route`), so the page can show what the frame opened at and go back to it.
 */
export const routeChoices = (chosen: Route): Route[] =>
  (ROUTES as readonly Route[]).includes(chosen) ? [...ROUTES] : [...ROUTES, chosen];

/** Frame widths in px; the first is below the app's 700 px small-screen breakpoint. */
export const FRAME_WIDTHS = [360, 600, 800, 1024] as const;

/** The theme for a user-typed name ("Light Green", "light_green", "light-green"), or undefined. */
export const findTheme = findThemeName;

/** The spaced form portals send ("light green"), also used as the control's visible label. */
export const themeLabel = (name: ThemeName): string => name.replace(/-/g, ' ');

/**
 * Which portal the mock parent page plays (`--parent`): `default`, the harness's own full context
 * aimed at the app's origin; `sunbird-cb`, exactly what the real host portal sends (docs/wire-contract.md).
 */
export const PARENT_KINDS = ['default', 'sunbird-cb'] as const;
export type ParentKind = (typeof PARENT_KINDS)[number];
