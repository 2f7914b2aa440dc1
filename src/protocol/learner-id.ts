/**
 * The learner id a token's claims name: `wid`, else what follows the last `:` of `sub` (Keycloak's
 * federated ids, `f:<realm-id>:<user-id>`); `''` for none. The app fills `userId` (so the `wid`
 * header) from it and the service checks that header against it, so both read it here, exactly.
 */
export const learnerIdOf = ({ wid, sub }: Record<string, unknown>): string =>
  typeof wid === 'string' && wid ? wid : typeof sub === 'string' ? sub.slice(sub.lastIndexOf(':') + 1) : '';
