import { type ComponentType, lazy } from 'react';
import type { ScreenPath } from '../routes/route-table.ts';
import { loadCourseScreen, loadErrorPage, loadViewScreen } from './screen-loaders.ts';
import { HomeScreen } from './screens/home/HomeScreen.tsx';

/** Props every screen gets from the router: its path parameters. */
export type ScreenProps = { params?: Record<string, string | undefined> };

/**
 * The component of each route of the route table. `/` ships in the first load (it shows the first
 * note); the others are separate chunks, fetched when opened or prefetched once the first note
 * has shown, so they never cost the first load's bytes.
 */
export const SCREENS: Record<ScreenPath, ComponentType<ScreenProps>> = {
  '/': HomeScreen,
  '/view': lazy(loadViewScreen),
  '/course': lazy(loadCourseScreen),
  '/error': lazy(loadErrorPage),
};
