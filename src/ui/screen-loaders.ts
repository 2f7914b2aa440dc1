/** The lazy screens' code, as functions that fetch it; `screens.ts` wraps them in `lazy`. */
export const loadViewScreen = () =>
  import('./screens/view/ViewScreen.tsx').then((m) => ({ default: m.ViewScreen }));
export const loadCourseScreen = () =>
  import('./screens/course/CourseScreen.tsx').then((m) => ({ default: m.CourseScreen }));
export const loadErrorPage = () =>
  import('./screens/error/ErrorPage.tsx').then((m) => ({ default: m.ErrorPage }));

let prefetched = false;

/**
 * Fetches the other screens' code once the first note is on screen, so moving to them later is
 * instant, without their bytes ever competing with the first note's.
 */
export function prefetchScreens(): void {
  if (prefetched) return;
  prefetched = true;
  for (const load of [loadViewScreen, loadCourseScreen]) void load().catch(() => undefined);
}
