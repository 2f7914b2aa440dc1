/**
 * The parent ↔ app wire contract (docs/wire-contract.md). Typed once here and imported by both `src/` and
 * `harness/`, so the mock portal and the app can never drift apart.
 */

/** Name the app answers to; every message both ways carries it. */
export const SUB_APPLICATION_NAME = 'NOTES';

/** Request ids a parent may send (the app sends `LOADED` once, and `SEEK`: see SeekMessage). */
export type RequestId = 'LOADED' | 'CONTEXT_CHANGE';

/** The hello the app posts once at start-up — the only message allowed to target `'*'`. */
export type LoadedHello = { subApplicationName: typeof SUB_APPLICATION_NAME; requestId: 'LOADED' };

/** Builds the hello as a fresh object so nothing else can ride along with it. */
export const loadedHello = (): LoadedHello => ({
  subApplicationName: SUB_APPLICATION_NAME,
  requestId: 'LOADED',
});

/**
 * App → parent when the learner activates a note's anchor ("Go to 03:12", "Go to page 4"): asks the
 * portal's player to seek. Posted only to the accepted parent's origin, never `'*'`; it carries
 * no token and no note text. A portal that doesn't know it ignores it.
 */
export type SeekMessage = {
  subApplicationName: typeof SUB_APPLICATION_NAME;
  requestId: 'SEEK';
  refId: string;
  seconds?: number;
  page?: number;
};

/** Font sizes the portal may ask for (docs/themes-and-locales.md). */
export const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/**
 * The pixel sizes the real portal (Sunbird CB) sends instead, in the order of `FONT_SIZES`:
 * `'10px'` is x-small … `'18px'` x-large (other pixel sizes go to the nearest; docs/wire-contract.md).
 */
export const PIXEL_FONT_SIZES = ['10px', '12px', '14px', '16px', '18px'] as const;
export type PixelFontSize = (typeof PIXEL_FONT_SIZES)[number];

/** Typography families; `custom-typography` is the default font class (docs/constants.md). */
export const FONT_CLASSES = ['custom-typography', 'serif-typography', 'mono-typography'] as const;
export type FontClass = (typeof FONT_CLASSES)[number];

/** The 16 theme names after normalisation (docs/themes-and-locales.md); `blue` is the default. */
export const THEME_NAMES = [
  'blue',
  'light',
  'cobalt',
  'abyss',
  'light-green',
  'dark-mode',
  'red',
  'ocean-whisper-blue',
  'olympus-blue',
  'red-sky-white',
  'light-blue',
  'mist-blue',
  'dark-eclipse-white',
  'maastricht-blue',
  'night-blue',
  'gypsum-night',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/**
 * The signed-in learner as the parent sends it. Every field is optional: the live portal sends no
 * token (the app asks with AUTH_REQUEST), `lastName` often `undefined` and `userId` possibly `''`;
 * empty strings count as missing and the token's claims fill them.
 */
export type WireUser = {
  token?: string | undefined;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  userId?: string | undefined;
  roles?: string[];
};

/** The learner after token claims filled the gaps (docs/wire-contract.md): every field present. */
export type User = {
  token: string;
  email: string;
  firstName: string;
  lastName: string;
  userId: string;
  roles: string[];
};

/** What the learner is looking at in the portal's player, if anything. */
export type PlayerData = {
  resourceId: string;
  moduleId?: string;
  courseId?: string;
  resourceTitle?: string;
  moduleTitle?: string;
  courseTitle?: string;
  mimeType?: string;
  /** Playback position in seconds. */
  currentTime?: number;
  page?: number;
  appRef?: string;
};

/**
 * The context as a parent sends it (before validation); see `ParentContext` for the parsed form.
 * The last four fields are what the real portal (Sunbird CB) sends besides: the app ignores them.
 */
export type WireParentContext = {
  rootOrg: string;
  /** Missing or empty → rootOrg (the real portal never sends it). */
  org?: string;
  /** The portal's router URL; a query string is allowed (`/viewer/html/do_1137?collectionId=…`). */
  url?: string;
  locale?: string;
  /** `''` when the portal has no active theme; extra colour keys are ignored. */
  theme?: { name: string; [colour: string]: string } | '';
  darkMode?: boolean;
  fontSize?: FontSize | PixelFontSize | string;
  fontClass?: FontClass;
  user: WireUser;
  playerData?: PlayerData;
  domainName?: string;
  subApplicationStartMode?: string;
  heartbeatFrequency?: string;
};

/** A validated, coerced context: what reaches the session signals. */
export type ParentContext = {
  rootOrg: string;
  org: string;
  url: string;
  locale: string;
  theme: { name: ThemeName };
  darkMode: boolean;
  fontSize: FontSize;
  fontClass: FontClass;
  user: User;
  playerData: PlayerData | null;
};

/** Parent → app message. The real portal adds `data: null`, which the app ignores. */
export type ParentMessage = {
  subApplicationName: typeof SUB_APPLICATION_NAME;
  requestId: RequestId;
  parentContext: WireParentContext;
  data?: null;
};

/**
 * App → parent: asks the portal for a token (docs/wire-contract.md, "The token from the portal"): when the
 * context carried none, after a 401, or when the token expires within a minute. `id` is fresh
 * each time; posted only to the accepted parent's origin, only after a context was accepted.
 */
export type AuthRequest = {
  subApplicationName: typeof SUB_APPLICATION_NAME;
  type: 'AUTH_REQUEST';
  data: { id: string };
};

/** Builds an AUTH_REQUEST as a fresh object (nothing else rides along). */
export const authRequest = (id: string): AuthRequest => ({
  subApplicationName: SUB_APPLICATION_NAME,
  type: 'AUTH_REQUEST',
  data: { id },
});

/**
 * Parent → app: the portal's answer, posted to `'*'` by the real portal. The app uses `data.token`
 * only when the message comes from `window.parent`, at the accepted origin, with a pending `id`.
 */
export type AuthResponse = {
  app: 'WEB_PORTAL';
  type: 'AUTH_RESPONSE';
  state: string;
  plugin: string;
  data: { token: string; id: string };
};
