import { type AppConfig, LOCAL_HOSTNAMES } from '../config/app-config.ts';

/** Whether a message origin may talk to the app and, if so, which host it stands for. */
export type OriginVerdict = { ok: true; parentHost: string } | { ok: false };

const REJECT: OriginVerdict = { ok: false };

/**
 * Decides whether `origin` (a MessageEvent's origin) is an allowed parent, by its parsed scheme,
 * hostname and port — never by substring, so `https://infosysapps.com.evil.io` or
 * `https://evilinfosysapps.com` can't pass. Allowed: `https://` on an allowed domain or any
 * subdomain of one, on the default port; in a development build only (`localParents`),
 * `http(s)://` on a local host, any port, which counts as the development parent host (a
 * production build refuses them: any local web server could otherwise frame the app). Anything
 * unparsable (`null`, `file://`, paths) is rejected.
 */
export function checkOrigin(
  origin: unknown,
  config: Pick<AppConfig, 'allowedDomains' | 'devParentHost' | 'localParents'>,
): OriginVerdict {
  if (typeof origin !== 'string' || origin.length > 300) return REJECT;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return REJECT;
  }
  // An origin is exactly scheme://host[:port], already in the parser's own serialisation: anything
  // the parser had to repair (spaces, tabs, `https:/x`, `127.1`, full-width dots, paths, user info)
  // is not an origin a browser would send, so it is refused rather than trusted in repaired form.
  if (url.origin !== origin.toLowerCase()) return REJECT;
  const { protocol, hostname, port } = url;
  if (protocol !== 'https:' && protocol !== 'http:') return REJECT;
  if (LOCAL_HOSTNAMES.includes(hostname))
    return config.localParents ? { ok: true, parentHost: config.devParentHost } : REJECT;
  if (protocol !== 'https:' || port !== '') return REJECT;
  const allowed = config.allowedDomains.some((domain) => {
    const d = domain.toLowerCase();
    return hostname === d || (hostname.endsWith(`.${d}`) && hostname.length > d.length + 1);
  });
  return allowed ? { ok: true, parentHost: hostname } : REJECT;
}
