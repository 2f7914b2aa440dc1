/**
 * Seeded learners of the mock API: who `--user` can pick, their tokens, what the parent page
 * shows them as playerData, and the demo notes written into a new data file.
 */
import type { PlayerData } from '../../src/protocol/messages.ts';
import { DEFAULT_TOKEN_SECONDS, signToken } from './auth.ts';
import type { OwnedNote } from './learner.ts';
import { locateResource } from './seed-catalog.ts';
import { seedNotesFor } from './seed-notes.ts';

/** A demo learner; `name` is the `--user` value. */
export type SeedUser = {
  name: string;
  wid: string;
  email: string;
  firstName: string;
  lastName: string;
  rootOrg: string;
  org: string;
  locale: string;
};

/**
 * The demo learners; the first is the default. Asha and Lukas share an org, Amira has her own. Ravi
 * is the portal learner (`harness serve --parent sunbird-cb`): the real portal sends no `org`, so
 * the app sends rootOrg as `org`, and only a learner whose org is their rootOrg finds their notes.
 */
export const SEEDED_USERS: SeedUser[] = [
  {
    name: 'asha',
    wid: 'wid-asha-7f3a',
    email: 'asha.verma@example.com',
    firstName: 'Asha',
    lastName: 'Verma',
    rootOrg: 'wingspan',
    org: 'wingspan-learning',
    locale: 'en',
  },
  {
    name: 'lukas',
    wid: 'wid-lukas-2c9e',
    email: 'lukas.mueller@example.com',
    firstName: 'Lukas',
    lastName: 'Müller',
    rootOrg: 'wingspan',
    org: 'wingspan-learning',
    locale: 'de',
  },
  {
    name: 'amira',
    wid: 'wid-amira-91d4',
    email: 'amira.haddad@example.com',
    firstName: 'أميرة',
    lastName: 'حداد',
    rootOrg: 'wingspan',
    org: 'olympics-academy',
    locale: 'ar',
  },
  {
    name: 'ravi',
    wid: 'wid-ravi-5b10',
    email: 'ravi.kumar@example.com',
    firstName: 'Ravi',
    lastName: 'Kumar',
    rootOrg: 'igot',
    org: 'igot',
    locale: 'en',
  },
];

/** The learner `harness serve --parent sunbird-cb` signs in when no `--user` is given. */
export const PORTAL_LEARNER = 'ravi';

/** Looks a learner up by `--user` name (case-insensitive). */
export function findSeededUser(name: string): SeedUser | undefined {
  const wanted = name.trim().toLowerCase();
  return SEEDED_USERS.find((u) => u.name === wanted);
}

/** A token for a seeded learner with the claims the app reads (wid, email, names). */
export function tokenForUser(
  user: SeedUser,
  secret: string,
  expiresInSeconds: number = DEFAULT_TOKEN_SECONDS,
  now: () => Date = () => new Date(),
): string {
  const claims = { wid: user.wid, email: user.email, given_name: user.firstName, family_name: user.lastName };
  return signToken(claims, secret, expiresInSeconds, now);
}

/** Player data for a resource of the seed catalogue, as the mock portal sends it; `extra` adds the position. */
export const playerDataFor = (refId: string, extra: Partial<PlayerData> = {}): PlayerData => {
  const found = locateResource(refId);
  if (!found) throw new Error(`no resource ${refId} in the seed catalogue`);
  return {
    resourceId: refId,
    moduleId: found.module.moduleId,
    courseId: found.course.courseId,
    resourceTitle: found.resource.refTitle,
    moduleTitle: found.module.moduleTitle,
    courseTitle: found.course.courseTitle,
    mimeType: found.resource.mimeType,
    ...extra,
  };
};

/** Per seeded learner: a resource they already have notes on, so the main screen isn't empty. */
export const DEMO_PLAYER_DATA: Record<string, PlayerData> = {
  asha: playerDataFor('res-ml-linear-video', { currentTime: 192 }),
  lukas: playerDataFor('res-a11y-contrast-pdf', { page: 4 }),
  amira: playerDataFor('res-lead-async-video', { currentTime: 95 }),
  ravi: playerDataFor('res-lead-async-video', { currentTime: 140 }),
};

/** Display name as the API stamps it: "First Last" from the token's names. */
export const displayNameOf = (user: Pick<SeedUser, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();

/**
 * Every seed note with its owner: what a new data file starts with. Dated relative to `now()`
 * (read once), the moment the file is created, so the demo notes are recent whenever it is made.
 */
export function seedData(now: () => Date = () => new Date()): OwnedNote[] {
  const at = now();
  return SEEDED_USERS.flatMap((user) =>
    seedNotesFor(user.name, displayNameOf(user), at).map((note) => ({
      owner: { rootOrg: user.rootOrg, org: user.org, wid: user.wid },
      note,
    })),
  );
}
