/**
 * The five headers an API call carries (docs/api.md), for authenticator tests.
 */

/** Headers for `token` as learner `wid` under ro/o; `overrides` replace or (with undefined) drop any. */
export function apiHeaders(
  token: string,
  wid: string,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const all: Record<string, string | undefined> = {
    authorization: `Bearer ${token}`,
    wid,
    rootorg: 'ro',
    org: 'o',
    domain: 'portal.example',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
}
