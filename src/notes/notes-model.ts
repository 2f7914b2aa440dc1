import type { NotesApi } from '../api/notes-api.ts';
import type { CourseSummary, Note } from '../protocol/api-types.ts';
import type { PlayerData } from '../protocol/messages.ts';
import type { ScreenPath } from '../routes/route-rules.ts';
import { describeLoadError } from './describe-error.ts';
import { createResource } from './resource.ts';

/** What `/` shows: the notes on what the learner is looking at, or their most recent notes. */
export type HomeNotes =
  | { kind: 'resource'; player: PlayerData; notes: Note[] }
  | { kind: 'recent'; notes: Note[] };

/** How many notes a screen asks for at once. */
export const PAGE_SIZE = 50;

/** What the notes model is built from. */
export type NotesModelDeps = {
  api: NotesApi;
  /** The player data of the current context, read at load time. */
  playerData: () => PlayerData | null;
  /** Called when the API answers 403. */
  onForbidden: () => void;
};

/** The notes model: one resource per screen, plus `refresh`. */
export type NotesModel = ReturnType<typeof createNotesModel>;

/**
 * Loads what each screen lists. `refresh` (start-up step 5, and every later context) starts the
 * current screen's load right away — before it even renders — and marks the others stale.
 */
export function createNotesModel({ api, playerData, onForbidden }: NotesModelDeps) {
  const describe = (error: unknown) => describeLoadError(error, onForbidden);

  const home = createResource<HomeNotes>(async () => {
    const player = playerData();
    if (!player) return { kind: 'recent', notes: await api.recentNotes() };
    const page = await api.fetchNotes({ refId: player.resourceId, order: 'newest', limit: PAGE_SIZE });
    return { kind: 'resource', player, notes: page.notes };
  }, describe);
  const all = createResource(() => api.fetchNotes({ order: 'newest', limit: PAGE_SIZE }), describe);
  const courses = createResource<CourseSummary[]>(() => api.listCourses(), describe);
  const byScreen = { '/': home, '/view': all, '/course': courses } as const;

  return {
    home,
    all,
    courses,
    /** Reloads for a new context; `reset` drops, on every screen, what another learner's session showed. */
    refresh(screen: ScreenPath, reset: boolean) {
      for (const resource of [home, all, courses]) resource.invalidate(reset);
      if (screen !== '/error') void byScreen[screen].reload(reset);
    },
  };
}
