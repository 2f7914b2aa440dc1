/**
 * The one route table (docs/routes.md): every screen's path, its navigation label (a message
 * key) and whether it takes a parameter. The router, the navigation bar, the start-up rule and the
 * harness's `--route` choices all read it, so a screen is added in one place. The lazy screen
 * components are attached by `src/ui/screens.ts`, keyed by the same paths, so this file stays free
 * of UI code and the harness can import it.
 */

/** One screen: where it lives, what the nav calls it, and the parameter its path may carry. */
export type RouteEntry = {
  readonly path: '/' | '/view' | '/course' | '/review' | '/error';
  /** Message key of the navigation link; `null` keeps the screen out of the navigation. */
  readonly label: string | null;
  /** A path parameter after the screen's path (`/course/:courseId`), if any. */
  readonly param?: string;
};

/** The screens, in navigation order. */
export const ROUTES = [
  { path: '/', label: 'My notes' },
  { path: '/view', label: 'All notes' },
  { path: '/course', label: 'Courses', param: 'courseId' },
  // Spaced retrieval from the learner's notes (issue 27); its tab is hidden on an API without review.
  { path: '/review', label: 'Review' },
  { path: '/error', label: null },
] as const satisfies readonly RouteEntry[];

/** A screen's own path (without parameters). */
export type ScreenPath = (typeof ROUTES)[number]['path'];

/** A full app path: a screen, or a screen with its parameter (`/course/c-42`). */
export type AppPath = ScreenPath | `/course/${string}`;

/** The screens shown in the navigation bar (and offered by the harness's `--route`). */
export const NAV_ROUTES = /* @__PURE__ */ ROUTES.filter(
  (r): r is Extract<(typeof ROUTES)[number], { label: string }> => r.label !== null,
);

/** Paths a parent may open the frame at: the navigable screens. */
export const OPENABLE_PATHS = /* @__PURE__ */ NAV_ROUTES.map((r) => r.path);
