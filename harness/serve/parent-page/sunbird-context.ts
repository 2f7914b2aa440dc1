/**
 * The context exactly as the real host portal sends it (Sunbird CB, `subapplication-respond.service.ts`;
 * docs/wire-contract.md): no `org`, no token, `theme` 'iGOT Theme' or `''`, pixel font sizes, the viewer's router
 * URL with its query, `lastName` undefined, `userId` '', `roles` ['public'], the portal's extra fields
 * and `data: null`. Pure functions over the page's controls, so the shape is easy to test.
 */
import {
  type ParentMessage,
  type PixelFontSize,
  type PlayerData,
  type RequestId,
  SUB_APPLICATION_NAME,
  type WireParentContext,
} from '../../../src/protocol/messages.ts';
import type { SeedUser } from '../../api/seed.ts';

/** The portal's one theme, with the colour keys it sends beside the name. */
export const SUNBIRD_THEME = { name: 'iGOT Theme', accent: '#00A9F4', primary: '#ffffff', warn: '#f44336' };

/** The portal's router URL while a learner is in its HTML viewer. */
export const SUNBIRD_VIEWER_URL = '/viewer/html/do_1137?collectionId=do_1130&viewMode=RESUME';

/** The locales the portal sends. */
export const SUNBIRD_LOCALES = ['en', 'en-US', 'hi-IN'] as const;

/** The Theme control's values: the iGOT theme, or none (the portal then sends `''`). */
export type SunbirdTheme = 'igot' | 'none';

/** The controls the sunbird-cb page sends from. */
export type SunbirdControls = {
  locale: string;
  theme: SunbirdTheme;
  darkMode: boolean;
  fontSize: PixelFontSize;
  user: SeedUser;
  /** Not sent by the real portal; the page's Player data switch adds it to show the difference. */
  playerData: PlayerData | null;
};

/**
 * The portal's `firstName`: its user name (`ravi.kumar`), which it sends where a first name belongs.
 * Taken from the learner's e-mail address.
 */
export const portalFirstName = (user: SeedUser): string => user.email.split('@')[0] ?? user.firstName;

/** The context, keys in the portal's order; `domainName` is the portal page's hostname. */
export function buildSunbirdContext(c: SunbirdControls, domainName: string): WireParentContext {
  const context: WireParentContext = {
    domainName,
    url: SUNBIRD_VIEWER_URL,
    rootOrg: c.user.rootOrg,
    theme: c.theme === 'igot' ? { ...SUNBIRD_THEME } : '',
    fontSize: c.fontSize,
    locale: c.locale,
    darkMode: c.darkMode,
    subApplicationStartMode: 'RESUME',
    user: { firstName: portalFirstName(c.user), lastName: undefined, userId: '', roles: ['public'] },
    heartbeatFrequency: '200',
  };
  if (c.playerData) context.playerData = { ...c.playerData };
  return context;
}

/** The LOADED or CONTEXT_CHANGE answer as the portal posts it (to `'*'`), with its `data: null`. */
export const sunbirdMessage = (
  requestId: RequestId,
  c: SunbirdControls,
  domainName: string,
): ParentMessage => ({
  subApplicationName: SUB_APPLICATION_NAME,
  requestId,
  data: null,
  parentContext: buildSunbirdContext(c, domainName),
});
