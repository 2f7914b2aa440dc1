/**
 * Builds the ParentContext the mock portal sends, and masks tokens for display. Pure functions
 * over the control state, so what the page sends is easy to read and to test.
 */
import {
  type FontSize,
  type ParentMessage,
  type PlayerData,
  type RequestId,
  SUB_APPLICATION_NAME,
  type ThemeName,
  type WireParentContext,
} from '../../../src/protocol/messages.ts';
import type { SeedUser } from '../../api/seed.ts';
import { themeLabel } from '../../shared/choices.ts';

/** The current value of every context control, plus the current learner's token. */
export type ControlState = {
  locale: string;
  theme: ThemeName;
  darkMode: boolean;
  fontSize: FontSize;
  user: SeedUser;
  token: string;
  playerData: PlayerData | null;
};

/**
 * The full context a portal would send. The theme goes out in its spaced form ("light green"),
 * as portals name themes, so the app's normalisation is exercised too.
 */
export function buildParentContext(state: ControlState, parentPath: string): WireParentContext {
  const { user } = state;
  const context: WireParentContext = {
    rootOrg: user.rootOrg,
    org: user.org,
    url: parentPath,
    locale: state.locale,
    theme: { name: themeLabel(state.theme) },
    darkMode: state.darkMode,
    fontSize: state.fontSize,
    fontClass: 'custom-typography',
    user: {
      token: state.token,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      userId: user.wid,
      roles: ['learner'],
    },
  };
  if (state.playerData) context.playerData = { ...state.playerData };
  return context;
}

/** The message posted to the app for `requestId`. */
export const contextMessage = (
  requestId: RequestId,
  state: ControlState,
  parentPath: string,
): ParentMessage => ({
  subApplicationName: SUB_APPLICATION_NAME,
  requestId,
  parentContext: buildParentContext(state, parentPath),
});

/** `eyJhbGciOi…` → `eyJh…(masked)`: enough to tell tokens apart, useless to replay. */
export const maskToken = (token: string): string => `${token.slice(0, 4)}…(masked)`;

/** A deep copy of any message with every string under a `token` key masked, for the log. */
export function maskTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskTokens);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = key.toLowerCase() === 'token' && typeof v === 'string' ? maskToken(v) : maskTokens(v);
  }
  return out;
}
