/**
 * Which parent origins the app accepts and which ones the app server's CSP `frame-ancestors`
 * already lets embed it. The harness needs both to decide what to do with `--origin`: an allowed
 * origin the CSP misses is added; a refused one is never added (see harness/README.md).
 */
import {
  type AppConfig,
  DEFAULT_CONFIG,
  frameAncestors,
  LOCAL_HOSTNAMES,
} from '../../src/config/app-config.ts';

/** The allow-list the harness assumes the build used: `NOTES_ALLOWED_DOMAINS` (comma list) or the default. */
export function harnessAppConfig(env: NodeJS.ProcessEnv = process.env): Pick<AppConfig, 'allowedDomains'> {
  const fromEnv = (env.NOTES_ALLOWED_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d !== '');
  return { allowedDomains: fromEnv.length > 0 ? fromEnv : DEFAULT_CONFIG.allowedDomains };
}

const parse = (origin: string): URL | null => {
  try {
    return new URL(origin);
  } catch {
    return null;
  }
};

/** DESIGN §2 rules by parsed parts: https on an allowed domain or subdomain, or http(s) on a local host. */
export function isAllowedParentOrigin(origin: string, config: Pick<AppConfig, 'allowedDomains'>): boolean {
  const url = parse(origin);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  if (LOCAL_HOSTNAMES.includes(url.hostname)) return true;
  if (url.protocol !== 'https:') return false;
  return config.allowedDomains.some((d) => url.hostname === d || url.hostname.endsWith(`.${d}`));
}

const SOURCE = /^(https?):\/\/(\*\.)?([^:/[\]]+|\[[^\]]+\])(?::(\*|\d+))?$/;
const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Whether one CSP host-source (`scheme://[*.]host[:port|:*]`) matches an origin. */
export function sourceMatches(source: string, origin: string): boolean {
  const m = SOURCE.exec(source);
  const url = parse(origin);
  if (!m || !url) return false;
  const [, scheme, wildcard, host, port] = m;
  if (`${scheme}:` !== url.protocol) return false;
  const hostOk = wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
  const actualPort = url.port || DEFAULT_PORT[url.protocol];
  const portOk = port === '*' || (port ?? DEFAULT_PORT[url.protocol]) === actualPort;
  return hostOk && portOk;
}

/**
 * CSP host-sources cannot name IPv6 literals (`http://[::1]:*` is rejected by browsers with a
 * console error), so those are dropped: a `[::1]` parent cannot frame the app whatever we send.
 */
export const isExpressibleSource = (source: string): boolean => !source.includes('[');

/** What the app server's `frame-ancestors` should be for a given `--origin`, and whether the app refuses it. */
export type FramePolicy = { sources: string[]; allowed: boolean };

/**
 * The configured list, plus `--origin` only when the app would accept it but no source covers it
 * (e.g. `https://infosysapps.com:8443`). A refused origin is never added: a real deployment would
 * not list it, so the harness shows exactly what a learner on that portal would get.
 */
export function framePolicyFor(origin: string, config: Pick<AppConfig, 'allowedDomains'>): FramePolicy {
  const sources = frameAncestors(config).filter(isExpressibleSource);
  const allowed = isAllowedParentOrigin(origin, config);
  const extra = new URL(origin).origin;
  if (allowed && isExpressibleSource(extra) && !sources.some((s) => sourceMatches(s, origin)))
    sources.push(extra);
  return { sources, allowed };
}
