import { cleanLocaleTag } from '../i18n/locales.ts';
import { learnerIdOf } from '../protocol/learner-id.ts';
import type { FontClass, FontSize, ParentContext, PlayerData, User } from '../protocol/messages.ts';
import { FONT_CLASSES, FONT_SIZES } from '../protocol/messages.ts';
import { decodeTokenClaims } from '../session/token-claims.ts';
import { normaliseThemeName } from '../theme/theme-classes.ts';

/** Outcome of validating an incoming context: the coerced value, or why it was refused. */
export type ContextResult = { ok: true; context: ParentContext } | { ok: false; error: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const oneOf = <T extends string>(v: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(v as T) ? (v as T) : fallback;
const finite = (v: unknown, min: number): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= min ? v : undefined;

/**
 * The learner with the token's claims filling what is missing (docs/wire-contract.md): `email`,
 * `given_name`, `family_name`, and the learner id the service reads (`wid`, else the tail of `sub`,
 * src/protocol/learner-id.ts) → userId. Empty fields count as missing.
 * Used for a context's own token and for one the portal hands over later (AUTH_RESPONSE).
 */
export function userWithToken(user: User, token: string): User {
  const claims = decodeTokenClaims(token) ?? {};
  const fill = (own: string, ...claimed: unknown[]) => own || claimed.map(text).find(Boolean) || '';
  return {
    token,
    email: fill(user.email, claims.email),
    firstName: fill(user.firstName, claims.given_name),
    lastName: fill(user.lastName, claims.family_name),
    userId: fill(user.userId, learnerIdOf(claims)),
    roles: user.roles,
  };
}

/**
 * The learner from the wire object. Every field is optional (the live portal sends no token, an
 * undefined `lastName`, a `''` userId): `token` is `''` until the portal hands one over.
 */
export function parseUser(raw: unknown): User {
  const wire = isObj(raw) ? raw : {};
  const own = (v: unknown) => text(v) ?? '';
  const user: User = {
    token: '',
    email: own(wire.email),
    firstName: own(wire.firstName),
    lastName: own(wire.lastName),
    userId: own(wire.userId),
    roles: Array.isArray(wire.roles) ? wire.roles.filter((r): r is string => typeof r === 'string') : [],
  };
  const token = text(wire.token);
  return token && token.length <= MAX_TOKEN_CHARS ? userWithToken(user, token) : user;
}

/** Longer than any real bearer token: refused as no token at all rather than stored. */
export const MAX_TOKEN_CHARS = 16384;

/**
 * A font size as the portal sends it: a name (`large`), or pixels as the real portal does
 * (`'18px'`): 10/12/14/16/18 px → x-small…x-large, any other pixel size to the nearest.
 */
export function parseFontSize(raw: unknown): FontSize {
  const px = /^\d+(\.\d+)?px$/.test(String(raw)) ? Number.parseFloat(String(raw)) : -1;
  const index =
    px < 0 ? FONT_SIZES.indexOf(raw as FontSize) : Math.round((Math.min(Math.max(px, 10), 18) - 10) / 2);
  return FONT_SIZES[index] ?? 'medium';
}

/** Keeps only well-typed player fields; without a `resourceId` there is nothing to anchor notes to. */
export function parsePlayerData(raw: unknown): PlayerData | null {
  if (!isObj(raw) || !text(raw.resourceId)) return null;
  const data: PlayerData = { resourceId: raw.resourceId as string };
  for (const key of [
    'moduleId',
    'courseId',
    'resourceTitle',
    'moduleTitle',
    'courseTitle',
    'mimeType',
    'appRef',
  ] as const) {
    const value = text(raw[key]);
    if (value !== undefined) data[key] = value;
  }
  const currentTime = finite(raw.currentTime, 0);
  if (currentTime !== undefined) data.currentTime = currentTime;
  const page = finite(raw.page, 1);
  if (page !== undefined && Number.isInteger(page)) data.page = page;
  return data;
}

/**
 * The one place an incoming `parentContext` is validated and coerced (docs/wire-contract.md table) before it
 * reaches any signal. Only `rootOrg` is required; optional parts missing or wrong → their
 * defaults (`org` → rootOrg); unknown fields (the portal's `domainName`, `heartbeatFrequency`…)
 * are ignored. A context without a token is accepted: the early start asks the portal for one.
 */
export function parseParentContext(raw: unknown): ContextResult {
  if (!isObj(raw)) return { ok: false, error: 'parentContext is not an object' };
  const rootOrg = text(raw.rootOrg);
  if (!rootOrg) return { ok: false, error: 'parentContext.rootOrg is missing' };
  const theme = isObj(raw.theme) ? raw.theme.name : undefined; // `''`: the portal has no theme
  return {
    ok: true,
    context: {
      rootOrg,
      org: text(raw.org) ?? rootOrg, // the real portal sends none

      url: typeof raw.url === 'string' ? raw.url : '',
      locale: cleanLocaleTag(raw.locale),
      theme: { name: normaliseThemeName(theme) },
      darkMode: raw.darkMode === true,
      fontSize: parseFontSize(raw.fontSize),
      fontClass: oneOf<FontClass>(raw.fontClass, FONT_CLASSES, 'custom-typography'),
      user: parseUser(raw.user),
      playerData: parsePlayerData(raw.playerData),
    },
  };
}
