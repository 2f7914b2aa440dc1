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
