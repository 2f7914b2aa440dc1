import type { NewNote, NoteAnchor } from '../../protocol/api-types.ts';
import type { PlayerData, User } from '../../protocol/messages.ts';

/**
 * Where in the resource the learner is when they press "Add note": the player's time, else its
 * page, else nowhere (an article). Non-finite or negative values are the player's noise, not a place.
 */
export function anchorFromPlayer(player: PlayerData): NoteAnchor {
  const { currentTime, page } = player;
  if (typeof currentTime === 'number' && Number.isFinite(currentTime) && currentTime >= 0)
    return { kind: 'time', seconds: Math.floor(currentTime) };
  if (typeof page === 'number' && Number.isInteger(page) && page >= 1) return { kind: 'page', page };
  return null;
}

/** What a new note is taken on and by whom, fixed when "Add note" is pressed. */
export type NoteTarget = Omit<NewNote, 'content' | 'text'>;

/** What was true when "Add note" was pressed: the player's state, the learner, the portal host. */
export type NoteStart = { player: PlayerData; user: User; domain: string };

/** The target of a new note: the resource in the player, its anchor then, the learner and portal host. */
export function noteTarget({ player, user, domain }: NoteStart): NoteTarget {
  return {
    refId: player.resourceId,
    moduleId: player.moduleId ?? null,
    courseId: player.courseId ?? null,
    refTitle: player.resourceTitle ?? '',
    moduleTitle: player.moduleTitle ?? null,
    courseTitle: player.courseTitle ?? null,
    domain,
    appRef: player.appRef ?? null,
    displayName: `${user.firstName} ${user.lastName}`.trim(),
    anchor: anchorFromPlayer(player),
    tags: [],
  };
}
