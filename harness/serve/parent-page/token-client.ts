/**
 * Fetches a fresh token for a seeded learner from the parent server, so switching `User` sends
 * a token minted just now rather than one that may have expired while the page sat open.
 */
import { TOKEN_PATH } from './page-config.ts';

/** A fresh token for `name`; rejects with a short reason (never the token) on any failure. */
export async function freshToken(name: string, fetchFn: typeof fetch = fetch): Promise<string> {
  const res = await fetchFn(`${TOKEN_PATH}?user=${encodeURIComponent(name)}`, { cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { token?: unknown };
  if (typeof body.token !== 'string') throw new Error('no token in the answer');
  return body.token;
}
