/**
 * Session header values for API tests, with a token distinctive enough that a leak into a URL or
 * an error message is caught by a plain substring check.
 */
import type { SessionHeaders } from '../../src/api/http-client.ts';

/** The session a test client sends. */
export const SESSION: SessionHeaders = {
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJ3aWQiOiJ3LTQyIn0.SeCrEt-SiGnAtUrE',
  rootOrg: 'Infosys',
  org: 'Infosys Ltd',
  domain: 'lex-dev.infosysapps.com',
  wid: 'w-42',
};

/** Exactly the headers the server must see for `SESSION`, lower-cased. */
export const SESSION_HEADERS: Record<string, string> = {
  authorization: `Bearer ${SESSION.token}`,
  rootorg: SESSION.rootOrg,
  org: SESSION.org,
  domain: SESSION.domain,
  wid: SESSION.wid,
};
