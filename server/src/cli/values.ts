/**
 * Parsers for the command line's values: each returns the value or throws commander's
 * InvalidArgumentError with one line saying what is wanted, so a bad flag or env value is one
 * line and exit 2.
 */
import { InvalidArgumentError } from 'commander';
import { originOf } from '../app.ts';
import { MAX_LEEWAY_SECONDS } from '../auth/auth-config.ts';
import type { Learner } from '../parts.ts';

/** A TCP port, 0–65535 (0: any free port). */
export function parsePort(raw: string): number {
  if (!/^\d{1,5}$/.test(raw.trim()) || Number(raw) > 65535)
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535.');
  return Number(raw);
}

/** A comma-separated list, blanks dropped. */
export const parseList = (raw: string): string[] =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** `--algorithms`: asymmetric JWS algorithms only (the authenticator checks the names again). */
export function parseAlgorithms(raw: string): string[] {
  const list = parseList(raw);
  if (list.length === 0) throw new InvalidArgumentError('list at least one algorithm, e.g. RS256,ES256.');
  const bad = list.find((a) => /^HS\d+$/i.test(a) || a.toLowerCase() === 'none');
  if (bad)
    throw new InvalidArgumentError(
      `${bad} is not allowed; only asymmetric algorithms (RS256, PS256, ES256…).`,
    );
  return list;
}

/** `--azp`: the client id the tokens must be issued to (Keycloak's `azp`), compared exactly. */
export function parseAzp(raw: string): string {
  if (raw.trim() === '')
    throw new InvalidArgumentError("an azp is the portal's client id (the tokens' azp claim), e.g. portal.");
  return raw;
}

/** `--clock-tolerance`: whole seconds of clock skew allowed on `exp` and `nbf`, at most 60. */
export function parseClockTolerance(raw: string): number {
  if (!/^\d{1,2}$/.test(raw.trim()) || Number(raw) > MAX_LEEWAY_SECONDS)
    throw new InvalidArgumentError(
      `a clock tolerance is a whole number of seconds from 0 to ${MAX_LEEWAY_SECONDS}.`,
    );
  return Number(raw);
}

/** `--allowed-origins`: http(s) origins, compared later by their parsed parts. */
export function parseOrigins(raw: string): string[] {
  const list = parseList(raw);
  for (const o of list) {
    const origin = originOf(o);
    if (!origin || !/^https?:/.test(origin) || origin !== o.replace(/\/$/, ''))
      throw new InvalidArgumentError(`${o} is not an origin like https://portal.example.org.`);
  }
  return list;
}

/** `--learner ROOTORG/ORG/WID`. */
export function parseLearner(raw: string): Learner {
  const parts = raw.split('/');
  if (parts.length !== 3 || parts.some((p) => p.trim() === ''))
    throw new InvalidArgumentError('a learner is ROOTORG/ORG/WID, three non-empty parts.');
  const [rootOrg = '', org = '', wid = ''] = parts;
  return { rootOrg, org, wid };
}
