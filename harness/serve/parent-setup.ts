/**
 * What the mock portal is started with, from the `serve` settings: the page's config (which portal
 * it plays, the starting controls, the learners) and the token minter behind its first token and
 * `/harness/token`, so `--token-ttl` reaches every token a serve session mints.
 */
import type { FontSize, ThemeName } from '../../src/protocol/messages.ts';
import { DEMO_PLAYER_DATA, findSeededUser, SEEDED_USERS, type SeedUser, tokenForUser } from '../api/seed.ts';
import type { Locale, ParentKind, Route } from '../shared/choices.ts';
import type { ParentPageConfig } from './parent-page/page-config.ts';

/** The `serve` settings the portal depends on. */
export type ParentSettings = {
  parent: ParentKind;
  /** Lifetime of every minted token in seconds; undefined = the 12-hour default. */
  tokenTtl?: number | undefined;
  secret: string;
  locale: Locale;
  theme: ThemeName;
  darkMode: boolean;
  fontSize: FontSize;
  route: Route;
  user: SeedUser;
};

/** The frame's starting width: wide enough for the app's two-column layout. */
const FRAME_WIDTH = 1024;

/** A minter for seeded learners by name (undefined for an unknown name), every token `ttl` seconds long. */
export const tokenMinter =
  (secret: string, ttl: number | undefined, now: () => Date = () => new Date()) =>
  (name: string): string | undefined => {
    const user = findSeededUser(name);
    return user ? tokenForUser(user, secret, ttl, now) : undefined;
  };

/**
 * The page config (without the token, which the server mints per page load). The real portal
 * sends no playerData, so the sunbird-cb page starts with its Player data switch off.
 */
export function parentPageConfig(s: ParentSettings, appOrigin: string): Omit<ParentPageConfig, 'token'> {
  return {
    parent: s.parent,
    ...(s.tokenTtl === undefined ? {} : { tokenTtl: s.tokenTtl }),
    appOrigin,
    initial: {
      locale: s.locale,
      theme: s.theme,
      darkMode: s.darkMode,
      fontSize: s.fontSize,
      frameWidth: FRAME_WIDTH,
      user: s.user.name,
      route: s.route,
      playerData: s.parent !== 'sunbird-cb',
    },
    users: SEEDED_USERS,
    playerData: DEMO_PLAYER_DATA,
  };
}
