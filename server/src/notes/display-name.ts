/**
 * The name the service stamps on a note whose body has none: the token's given and family names,
 * else its `name`, else the learner's wid (as the mock API does).
 */

/** A display name from verified claims; never empty. */
export function displayNameFrom(claims: Record<string, unknown>, wid: string): string {
  const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
  const name = `${str(claims.given_name)} ${str(claims.family_name)}`.trim();
  if (name !== '') return name;
  return str(claims.name) || wid;
}
