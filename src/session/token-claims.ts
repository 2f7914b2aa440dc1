import { learnerIdOf } from '../protocol/learner-id.ts';

/** Claims read from a token's payload; every value is still untrusted and checked by its reader. */
export type TokenClaims = Record<string, unknown>;

/**
 * Decodes the payload of a JWT without verifying it (the API verifies; the app only uses the claims
 * to fill in missing user fields). base64url → bytes → UTF-8, so names like "Zoë" or "राहुल" come out
 * right (plain `atob` would give Latin-1 mojibake). Any malformed token gives `null`, never a throw.
 */
export function decodeTokenClaims(token: unknown): TokenClaims | null {
  if (typeof token !== 'string' || token.length > 16384) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) return null;
  try {
    const binary = atob(b64.padEnd(b64.length + ((4 - (b64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as TokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * Which learner a token names: its `wid` claim, else the tail of `sub`, as the service reads it
 * (src/protocol/learner-id.ts). `''` for a token whose payload can't be read, so an opaque token is
 * never taken for a learner change.
 */
export function learnerOf(token: string): string {
  return learnerIdOf(decodeTokenClaims(token) ?? {});
}

/**
 * True when the token's `exp` claim is less than `marginMs` after `nowMs`, so the app asks the
 * portal for a fresh one before sending (docs/wire-contract.md). For a token that lives less than twice the
 * margin (`exp − iat`), half its life counts instead, so a 20 s token is not "expiring" from the
 * moment it arrives. A token without a readable `exp` never counts as expiring: the API decides,
 * and a 401 still brings a fresh one.
 */
export function expiresWithin(token: string, nowMs: number, marginMs: number): boolean {
  const { exp, iat } = decodeTokenClaims(token) ?? {};
  const half = typeof iat === 'number' ? (Number(exp) - iat) * 500 : marginMs;
  return typeof exp === 'number' && exp * 1000 - nowMs < Math.min(marginMs, half);
}
