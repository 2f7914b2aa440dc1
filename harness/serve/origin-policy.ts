/**
 * Which parent origins the app accepts and which ones the app server's CSP `frame-ancestors`
 * lets embed it. The harness uses both to warn about a refused `--origin` (see harness/README.md).
 */
import { checkOrigin } from '../../src/bridge/origin.ts';
import { type AppConfig, DEFAULT_CONFIG, frameAncestors } from '../../src/config/app-config.ts';

/**
 * The settings the harness assumes the build used: `NOTES_ALLOWED_DOMAINS` (comma list) or the
 * default, and local parents (it builds with `--local-parents`: its mock portal is on localhost).
 */
export function harnessAppConfig(
  env: NodeJS.ProcessEnv = process.env,
): Pick<AppConfig, 'allowedDomains' | 'localParents'> {
  const fromEnv = (env.NOTES_ALLOWED_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d !== '');
  return { allowedDomains: fromEnv.length > 0 ? fromEnv : DEFAULT_CONFIG.allowedDomains, localParents: true };
}

/** What the app server's `frame-ancestors` should be for a given `--origin`, and whether the app refuses it. */
export type FramePolicy = { sources: string[]; allowed: boolean };

/**
 * The configured list, and whether the app itself would accept `origin` — decided by the app's own
 * check (`src/bridge/origin.ts`), so the harness and the app can't disagree. The list is exactly
 * what the app accepts (IPv6 literals aside, which CSP cannot express), so an allowed `--origin`
 * is always covered, and a refused one is never added: the harness shows exactly what a learner
 * on that portal would get.
 */
export function framePolicyFor(
  origin: string,
  config: Pick<AppConfig, 'allowedDomains' | 'localParents'>,
): FramePolicy {
  let normalised = origin;
  try {
    normalised = new URL(origin).origin;
  } catch {
    // an unparsable origin is refused by checkOrigin below
  }
  const allowed = checkOrigin(normalised, { ...config, devParentHost: DEFAULT_CONFIG.devParentHost }).ok;
  return { sources: frameAncestors(config), allowed };
}
