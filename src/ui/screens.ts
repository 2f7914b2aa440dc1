import type { ComponentType } from 'react';
import type { NotesModel } from '../notes/notes-model.ts';
import { type LazyFile, type Loader, ONE_TRY } from '../platform/lazy-file.ts';
import type { ScreenPath } from '../routes/route-table.ts';
import type { Stylesheets } from '../theme/stylesheets.ts';
import { lazyPart } from './lazy-part.ts';
import { HomeScreen } from './screens/home/HomeScreen.tsx';

/** Props every screen gets from the router: its path parameters. */
export type ScreenProps = { params?: Record<string, string | undefined> };

/** The screen of each route, and a way to fetch the lazy ones ahead of need. */
export type Screens = {
  components: Record<ScreenPath, ComponentType<ScreenProps>>;
  /** Loads each lazy screen (code, stylesheet, model part): the prefetch takes them (src/ui/prefetch.ts). */
  files: Record<'view' | 'course' | 'review', () => Promise<unknown>>;
};

/**
 * A lazily loaded screen: the screen area stays empty while its chunk loads (the navigation and
 * live region around it stay usable). A screen already in (prefetched after the first note)
 * renders at once: waiting a frame for it cost 20–30 ms from the click to its list's request. A
 * failed load shows in the screen's error boundary, whose Try again loads it again (lazy-part.ts).
 */
const lazyScreen = (part: LazyFile<ComponentType<ScreenProps>>) =>
  lazyPart(part, (screen: ComponentType<ScreenProps>) => screen);

/**
 * The component of each route of the route table. `/` ships in the first load (it shows the first
 * note); the others are separate chunks with their own stylesheets, fetched together when opened
 * (or prefetched after the first note), so they never cost the first load's bytes. `loader`
 * fetches them, retrying a dropped request.
 */
export function createScreens(
  styles: Pick<Stylesheets, 'screen'>,
  notes: Pick<NotesModel, 'loadCourses'>,
  loader: Loader = ONE_TRY,
): Screens {
  type Screen = ComponentType<ScreenProps>;
  // A screen is ready when its code, its stylesheet and the model parts it reads are all in,
  // fetched side by side (never one after the other).
  const withStyle = (load: () => Promise<Screen>, name: string, needsCourses = false) =>
    loader.file(() =>
      Promise.all([load(), styles.screen(name), needsCourses ? notes.loadCourses() : null]).then(
        ([screen]) => screen,
      ),
    );
  const view = withStyle(
    () => import('./screens/view/ViewScreen.tsx').then((m) => m.ViewScreen),
    'view',
    true,
  );
  const course = withStyle(
    () => import('./screens/course/CourseScreen.tsx').then((m) => m.CourseScreen),
    'course',
    true,
  );
  const review = withStyle(
    () => import('./screens/review/ReviewScreen.tsx').then((m) => m.ReviewScreen),
    'review',
  );
  const error = withStyle(() => import('./screens/error/ErrorPage.tsx').then((m) => m.ErrorPage), 'error');
  return {
    components: {
      '/': HomeScreen,
      '/view': lazyScreen(view),
      '/course': lazyScreen(course),
      '/review': lazyScreen(review),
      '/error': lazyScreen(error),
    },
    files: { view: view.load, course: course.load, review: review.load },
  };
}
