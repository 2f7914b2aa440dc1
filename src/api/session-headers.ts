/** The values behind the five request headers (docs/api.md), taken from the parent context. */
export type SessionHeaders = { token: string; rootOrg: string; org: string; domain: string; wid: string };

/** The five headers' names as a server reads them (case does not matter in HTTP). */
export const SESSION_HEADER_NAMES = ['authorization', 'rootorg', 'org', 'domain', 'wid'] as const;

/**
 * The five session headers of a request (docs/api.md). One definition for the HTTP client and the
 * early start (src/boot/), so the request the early start sends is the one the app would send.
 */
export function sessionHeaders(s: SessionHeaders): Record<string, string> {
  return { Authorization: `Bearer ${s.token}`, rootorg: s.rootOrg, org: s.org, domain: s.domain, wid: s.wid };
}
