/**
 * Who the browser tests sign in as, and what a portal sends for them: the harness's seeded learners
 * with real tokens signed by the dev secret, contexts built the way the mock portal builds them,
 * and notes made to measure for a data set.
 */
import { DEV_SECRET } from '../../../harness/api/auth.ts';
import {
  DEMO_PLAYER_DATA,
  findSeededUser,
  playerDataFor,
  type SeedUser,
  tokenForUser,
} from '../../../harness/api/seed.ts';
import { buildParentContext } from '../../../harness/serve/parent-page/context.ts';
import { plainTextToHtml } from '../../../src/format/plain-html.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import type { PlayerData, WireParentContext } from '../../../src/protocol/messages.ts';
import { noteTarget } from '../../../src/ui/notes/new-note.ts';

/** A seeded learner by name, failing loudly if the seed changed. */
export function learner(name: string): SeedUser {
  const user = findSeededUser(name);
  if (!user) throw new Error(`no seeded learner ${name}`);
  return user;
}

/** The default learner: Asha, whose demo resource is a video at 03:12. */
export const ASHA = learner('asha');
/** Another learner in Asha's org. */
export const LUKAS = learner('lukas');

/** A valid token for `user` (12 hours). */
export const tokenOf = (user: SeedUser): string => tokenForUser(user, DEV_SECRET);

/** A token for `user` that expired an hour ago: the mock API answers 401 to it. */
export const expiredTokenOf = (user: SeedUser): string =>
  tokenForUser(user, DEV_SECRET, 60, () => new Date(Date.now() - 3_600_000));

/** The player data the mock portal shows `user` (Asha: "Linear regression explained" at 192 s). */
export const demoPlayer = (user: SeedUser = ASHA): PlayerData => {
  const player = DEMO_PLAYER_DATA[user.name];
  if (!player) throw new Error(`no demo player data for ${user.name}`);
  return { ...player };
};

/** Player data for any resource of the seed catalogue, with a position (`currentTime` or `page`). */
export const playerOn = (
  refId: string,
  position: Pick<PlayerData, 'currentTime' | 'page'> = {},
): PlayerData => playerDataFor(refId, position);

/** Context options: the portal's controls, plus a token to send instead of a valid one. */
export type ContextOptions = {
  user?: SeedUser;
  token?: string;
  locale?: string;
  theme?: string;
  darkMode?: boolean;
  /** `null` sends no playerData (the learner is not on a resource). */
  playerData?: PlayerData | null;
  /** Fields to replace in the built context. */
  over?: Partial<WireParentContext>;
};

/**
 * The context the mock portal would send for a learner (harness/serve/parent-page/context.ts):
 * rootOrg/org of the learner, the learner's real token, and their demo player data by default.
 */
export function portalContext(options: ContextOptions = {}): WireParentContext {
  const user = options.user ?? ASHA;
  const context = buildParentContext(
    {
      locale: options.locale ?? 'en',
      theme: 'blue',
      darkMode: options.darkMode ?? false,
      fontSize: 'medium',
      user,
      token: options.token ?? tokenOf(user),
      playerData: options.playerData === undefined ? demoPlayer(user) : options.playerData,
    },
    '/app/toc/course-ml-101',
  );
  if (options.theme) context.theme = { name: options.theme };
  return { ...context, ...options.over };
}

let serial = 0;

/**
 * A stored note on `player`'s resource, `ageMs` old, for a data set. Ids are unique per process;
 * `over` replaces any field.
 */
export function noteOn(player: PlayerData, text: string, ageMs: number, over: Partial<Note> = {}): Note {
  serial += 1;
  const at = new Date(Date.now() - ageMs).toISOString();
  const user = {
    token: '',
    email: ASHA.email,
    firstName: ASHA.firstName,
    lastName: ASHA.lastName,
    userId: ASHA.wid,
    roles: [],
  };
  return {
    // What the app itself would send for a note on this resource (no place unless `over` gives one).
    ...noteTarget({ player, user, domain: 'lex-dev.infosysapps.com' }),
    anchor: null,
    noteId: `test-note-${serial}`,
    content: plainTextToHtml(text),
    text,
    createdOn: at,
    updatedOn: at,
    version: 1,
    ...over,
  };
}
