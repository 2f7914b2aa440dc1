/**
 * The learner a token names, read from its payload without verifying it (the API under test
 * verifies; this only picks the `wid` header to send): the `wid` claim, else the part of `sub`
 * after its last `:` (Keycloak's federated ids, `f:<realm-id>:<user-id>`), as the service does.
 */

/** The token's wid, or null when it is not a JWT or names no learner. */
export function widFromToken(token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]+$/.test(parts[1] ?? '')) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { wid, sub } = payload as { wid?: unknown; sub?: unknown };
  if (typeof wid === 'string' && wid.trim() !== '') return wid;
  if (typeof sub === 'string') {
    const last = sub.slice(sub.lastIndexOf(':') + 1);
    if (last.trim() !== '') return last;
  }
  return null;
}
