/**
 * The learner a token names, read from its payload without verifying it (the API under test
 * verifies; this only picks the `wid` header to send): the `wid` claim, else the part of `sub`
 * after its last `:` (Keycloak's federated ids), by the rule the app and the service share.
 */
import { learnerIdOf } from '../../src/protocol/learner-id.ts';

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
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  return learnerIdOf(payload as Record<string, unknown>) || null;
}
