import { cleanLocaleTag } from '../i18n/locales.ts';
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
 * Fills the learner from the wire object, taking what's missing from the token's claims
 * (`email`, `given_name`, `family_name`, `wid` → userId; SPEC §3). Null without a token.
 */
export function parseUser(raw: unknown): User | null {
  if (!isObj(raw) || !text(raw.token)) return null;
  const token = raw.token as string;
  const claims = decodeTokenClaims(token) ?? {};
  const pick = (own: unknown, claim: unknown) => text(own) ?? text(claim) ?? '';
  return {
    token,
    email: pick(raw.email, claims.email),
    firstName: pick(raw.firstName, claims.given_name),
    lastName: pick(raw.lastName, claims.family_name),
    userId: pick(raw.userId, claims.wid),
    roles: Array.isArray(raw.roles) ? raw.roles.filter((r): r is string => typeof r === 'string') : [],
  };
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
 * The one place an incoming `parentContext` is validated and coerced (DESIGN §2 table) before it
 * reaches any signal. Required parts missing → refused; optional parts wrong → their defaults.
 */
export function parseParentContext(raw: unknown): ContextResult {
  if (!isObj(raw)) return { ok: false, error: 'parentContext is not an object' };
  const rootOrg = text(raw.rootOrg);
  const org = text(raw.org);
  if (!rootOrg) return { ok: false, error: 'parentContext.rootOrg is missing' };
  if (!org) return { ok: false, error: 'parentContext.org is missing' };
  const user = parseUser(raw.user);
  if (!user) return { ok: false, error: 'parentContext.user.token is missing' };
  const theme = isObj(raw.theme) ? raw.theme.name : undefined;
  return {
    ok: true,
    context: {
      rootOrg,
      org,
      url: typeof raw.url === 'string' ? raw.url : '',
      locale: cleanLocaleTag(raw.locale),
      theme: { name: normaliseThemeName(theme) },
      darkMode: raw.darkMode === true,
      fontSize: oneOf<FontSize>(raw.fontSize, FONT_SIZES, 'medium'),
      fontClass: oneOf<FontClass>(raw.fontClass, FONT_CLASSES, 'custom-typography'),
      user,
      playerData: parsePlayerData(raw.playerData),
    },
  };
}
