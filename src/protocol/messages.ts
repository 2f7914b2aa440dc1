/**
 * The parent ↔ app wire contract (DESIGN §2). Typed once here and imported by both `src/` and
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
 * App → parent when the learner activates a note's anchor ("Go to 03:12", "Go to p. 4"): asks the
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

/** Font sizes the portal may ask for (DESIGN §4). */
export const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** Typography families; `custom-typography` is the default font class (SPEC §9). */
export const FONT_CLASSES = ['custom-typography', 'serif-typography', 'mono-typography'] as const;
export type FontClass = (typeof FONT_CLASSES)[number];

/** The 16 theme names after normalisation (DESIGN §4); `blue` is the default. */
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

/** The signed-in learner as the parent sends it; only `token` is required on the wire. */
export type WireUser = {
  token: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  userId?: string;
  roles?: string[];
};

/** The learner after token claims filled the gaps (SPEC §3): every field present. */
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

/** The context as a parent sends it (before validation); see `ParentContext` for the parsed form. */
export type WireParentContext = {
  rootOrg: string;
  org: string;
  url?: string;
  locale?: string;
  theme?: { name: string };
  darkMode?: boolean;
  fontSize?: FontSize;
  fontClass?: FontClass;
  user: WireUser;
  playerData?: PlayerData;
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

/** Parent → app message. */
export type ParentMessage = {
  subApplicationName: typeof SUB_APPLICATION_NAME;
  requestId: RequestId;
  parentContext: WireParentContext;
};
