/**
 * Unsigned JWT-shaped tokens built the real way (base64url of UTF-8 JSON), for tests of the claim
 * decoder and of everything that fills the user from a token.
 */

/** base64url of a UTF-8 string, without padding, as JWTs are written. */
export const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

/** A header.payload.signature token whose payload is `payload` as JSON. */
export const makeJwt = (payload: unknown, signature = 'c2lnbmF0dXJl'): string =>
  `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.${signature}`;

/** A token whose payload segment is exactly `segment` (already encoded, possibly broken). */
export const jwtWithSegment = (segment: string): string => `eyJhbGciOiJIUzI1NiJ9.${segment}.c2ln`;
