/**
 * A stand-in for server/src/auth/: tokens are `fake.<base64url JSON claims>`, unsigned, so the
 * HTTP layer's tests can name any learner. The wid header must equal the token's wid, and the
 * learner's rootOrg/org come from the headers, as with the real authenticator.
 */
import type { Authenticator } from '../../server/src/parts.ts';

/** A fake token carrying these claims. */
export const fakeToken = (claims: Record<string, unknown>): string =>
  `fake.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;

const one = (v: string | string[] | undefined): string =>
  (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();

/** The fake authenticator; `calls` counts authenticate calls. */
export function fakeAuthenticator(): Authenticator & { calls: number } {
  const a = {
    calls: 0,
    async authenticate(headers: Record<string, string | string[] | undefined>) {
      a.calls++;
      const bearer = /^Bearer\s+(\S+)$/i.exec(one(headers.authorization))?.[1];
      const token = bearer ?? one(headers['x-authenticated-user-token']);
      const refuse = (error: string) => ({ ok: false as const, status: 401 as const, error });
      if (!token.startsWith('fake.')) return refuse('Unauthorized: the token is not valid');
      let claims: Record<string, unknown>;
      try {
        claims = JSON.parse(Buffer.from(token.slice(5), 'base64url').toString('utf8')) as Record<
          string,
          unknown
        >;
      } catch {
        return refuse('Unauthorized: the token is not valid');
      }
      const wid = one(headers.wid);
      if (wid === '') return refuse('Unauthorized: wid header is required');
      if (wid !== claims.wid) return refuse("Unauthorized: wid header does not match the token's wid");
      return {
        ok: true as const,
        learner: { rootOrg: one(headers.rootorg), org: one(headers.org), wid },
        claims,
      };
    },
    close() {},
  };
  return a;
}
