/**
 * Lengths the authenticator enforces on request headers. The id and domain limits are the
 * contract's (src/protocol/limits.ts, docs/api.md), so a client sees the same 400s as from any API.
 */
import { MAX_TITLE_CHARS } from '../../../src/protocol/limits.ts';

/** Longest `rootorg`, `org` or `wid` header, in characters (docs/api.md: ids ≤ 256). */
export { MAX_ID_CHARS } from '../../../src/protocol/limits.ts';

/** Longest `domain` header, in characters (docs/api.md: titles ≤ 1000). */
export const MAX_DOMAIN_CHARS = MAX_TITLE_CHARS;

/**
 * Longest token read at all: 16 KiB. A Keycloak access token is 1–4 kB even with many roles; anything
 * longer is refused (401) before it is split, decoded or parsed.
 */
export const MAX_TOKEN_CHARS = 16 * 1024;
