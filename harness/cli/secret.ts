/**
 * Picks the token-signing secret: `--secret`, else `HARNESS_SECRET`, else the documented dev
 * secret. One rule for every command, so `harness token` and `harness api` always agree.
 */
import { DEV_SECRET } from '../api/auth.ts';
import { UsageError } from './usage-error.ts';

/** Where the secret came from, for a hint that never shows the secret itself. */
export type SecretSource = 'flag' | 'env' | 'dev';

/** The secret and its source. An empty env value counts as unset. */
export function resolveSecret(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { secret: string; source: SecretSource } {
  if (flag !== undefined) return { secret: flag, source: 'flag' };
  const fromEnv = env.HARNESS_SECRET;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return { secret: fromEnv, source: 'env' };
  return { secret: DEV_SECRET, source: 'dev' };
}

/** Whether `host` (a listen address or URL hostname) reaches this machine only: localhost, 127/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/**
 * Refuses to serve tokens signed with the public dev secret beyond this machine: on any other
 * host, anyone on the network could mint tokens for any learner. `flag` names the option that
 * chose the host, for the one-line error (exit 2).
 */
export function requireSecretFor(host: string, source: SecretSource, flag: string): void {
  if (source !== 'dev' || isLoopbackHost(host)) return;
  throw new UsageError(
    `${flag} ${host} is reachable from the network, and the public dev secret would let anyone there mint tokens; give --secret or HARNESS_SECRET`,
  );
}
