/**
 * Picks the token-signing secret: `--secret`, else `HARNESS_SECRET`, else the documented dev
 * secret. One rule for every command, so `harness token` and `harness api` always agree.
 */
import { DEV_SECRET } from '../api/auth.ts';

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
