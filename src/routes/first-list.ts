/**
 * What each route loads first, said once (docs/routes.md, "What a screen loads first"). Three
 * places act on it, each with its own way to load a kind of list: the early start sends its
 * request before the app runs (src/boot/early-request.ts), the notes model's `refresh` starts the
 * load when a context arrives, and `/` renders the list it names. A function rather than a column
 * of the route table, so the early start, built on its own, carries these few lines and not the
 * table's labels.
 */
import type { PlayerData } from '../protocol/messages.ts';

/** How one place loads each kind of list the routes load first. */
export type FirstLists<T> = {
  /** The notes matching `filter` (all of them, or the resource's with `refId`), newest first. */
  notes(filter: { refId?: string }): T;
  /** The learner's most recent notes. */
  recent(): T;
  /** The learner's courses with their note counts. */
  courses(): T;
  /** One course's notes; absent where they are not loaded first (the early start: the model asks for them once the course side is in). */
  course?(courseId: string): T;
};

/**
 * The first list of an app path (after the base path is stripped), loaded by `lists`: `/` the
 * notes on the resource in the player, else the recent ones; `/view` all notes; `/course` the
 * courses; `/course/<id>` that course's notes; anything else (`/error`, a path the router will
 * redirect) nothing, as a guess would cost a learner's bytes for nothing.
 */
export function firstList<T>(
  path: '/',
  player: PlayerData | null,
  lists: Pick<FirstLists<T>, 'notes' | 'recent'>,
): T;
export function firstList<T>(path: string, player: PlayerData | null, lists: FirstLists<T>): T | null;
export function firstList<T>(
  path: string,
  player: PlayerData | null,
  lists: Pick<FirstLists<T>, 'notes' | 'recent'> & Partial<FirstLists<T>>,
): T | null {
  if (path === '/') return player ? lists.notes({ refId: player.resourceId }) : lists.recent();
  if (path === '/view') return lists.notes({});
  if (path === '/course') return lists.courses?.() ?? null;
  return (path.startsWith('/course/') && lists.course?.(path.slice(8))) || null;
}
