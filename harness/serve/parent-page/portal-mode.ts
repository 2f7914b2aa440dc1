/**
 * The two portals the page can play (`--parent`), behind one shape, so the page script reads its
 * controls once and never asks which portal it is: what each sends for LOADED / CONTEXT_CHANGE, and
 * where it posts (the default portal to the app's exact origin, the real portal to `'*'`).
 */
import {
  FONT_SIZES,
  type ParentMessage,
  PIXEL_FONT_SIZES,
  type PlayerData,
  type RequestId,
  THEME_NAMES,
} from '../../../src/protocol/messages.ts';
import type { SeedUser } from '../../api/seed.ts';
import type { ParentKind } from '../../shared/choices.ts';
import { contextMessage } from './context.ts';
import { sunbirdMessage } from './sunbird-context.ts';

/** The controls' current values as the page reads them (strings as the selects hold them). */
export type PageControls = {
  locale: string;
  theme: string;
  darkMode: boolean;
  fontSize: string;
  user: SeedUser;
  token: string;
  playerData: PlayerData | null;
};

/** One portal: its target origin for every post, and its context message. */
export type PortalMode = {
  target: string;
  message(requestId: RequestId, controls: PageControls): ParentMessage;
};

/** Where the page is, for the context's `url` (default) and `domainName` (sunbird-cb). */
export type PageLocation = { pathname: string; hostname: string };

const pick = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
  allowed.find((a) => a === value) ?? fallback;

/** The portal `kind` names, posting to an app at `appOrigin` from a page at `page`. */
export function portalMode(kind: ParentKind, appOrigin: string, page: PageLocation): PortalMode {
  if (kind === 'sunbird-cb') {
    return {
      target: '*',
      message: (requestId, c) =>
        sunbirdMessage(
          requestId,
          {
            locale: c.locale,
            theme: c.theme === 'igot' ? 'igot' : 'none',
            darkMode: c.darkMode,
            fontSize: pick(c.fontSize, PIXEL_FONT_SIZES, '14px'),
            user: c.user,
            playerData: c.playerData,
          },
          page.hostname,
        ),
    };
  }
  return {
    target: appOrigin,
    message: (requestId, c) =>
      contextMessage(
        requestId,
        {
          ...c,
          theme: pick(c.theme, THEME_NAMES, 'blue'),
          fontSize: pick(c.fontSize, FONT_SIZES, 'medium'),
        },
        page.pathname,
      ),
  };
}
