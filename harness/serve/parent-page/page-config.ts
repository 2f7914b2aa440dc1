/**
 * What the parent server hands the parent page (inlined as JSON in the HTML): the app's origin,
 * the starting control values, the seeded learners and their demo player data. Shared by the
 * server that writes it and the browser script that reads it.
 */
import type { FontSize, PlayerData, ThemeName } from '../../../src/protocol/messages.ts';
import type { SeedUser } from '../../api/seed.ts';
import type { Locale, ParentKind, Route } from '../../shared/choices.ts';

/** Id of the `<script type="application/json">` holding the config. */
export const CONFIG_ELEMENT_ID = 'harness-config';

/** Same-origin endpoint that mints a fresh token: `GET /harness/token?user=<name>` → `{ token }`. */
export const TOKEN_PATH = '/harness/token';

/** The control values the page starts with (from the `serve` flags). */
export type InitialControls = {
  locale: Locale;
  theme: ThemeName;
  darkMode: boolean;
  fontSize: FontSize;
  frameWidth: number;
  user: string;
  route: Route;
  /** Whether the learner starts "looking at" their demo resource. */
  playerData: boolean;
};

/** Everything the page script needs; no secret, only the first learner's token. */
export type ParentPageConfig = {
  /** Which portal the page plays; missing means `default`. */
  parent?: ParentKind;
  /** The lifetime of every token the server mints, in seconds, when `--token-ttl` set one. */
  tokenTtl?: number;
  appOrigin: string;
  initial: InitialControls;
  users: SeedUser[];
  token: string;
  playerData: Record<string, PlayerData>;
};

/** Reads the inlined config; throws a clear error if the page was served without it. */
export function readPageConfig(doc: Document): ParentPageConfig {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (!text) throw new Error('harness: the parent page has no config; serve it with `harness serve`');
  return JSON.parse(text) as ParentPageConfig;
}
