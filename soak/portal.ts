/**
 * The portal the soak's learner works in, and who that learner is. Without `--token-ttl`: the
 * browser tests' stand-in portal, sending Asha's full context with a 12-hour token. With it: the
 * harness's own mock portal in sunbird-cb mode (`harness serve --parent sunbird-cb`), which sends no
 * token and answers every AUTH_REQUEST with a token minted just then that expires after the TTL, as
 * learner Ravi (org = rootOrg, since that portal sends no org) on his demo video. Either way the
 * portal is opened as `localhost`, cross-site to the app on 127.0.0.1 (the stand-in served on 127.0.0.1,
 * the harness's portal on `localhost` itself: it answers only its own Host).
 */
import { DEV_SECRET } from '../harness/api/auth.ts';
import { findSeededUser, PORTAL_LEARNER, type SeedUser } from '../harness/api/seed.ts';
import { bundleParentPage } from '../harness/serve/parent-bundle.ts';
import { startParentServer } from '../harness/serve/parent-server.ts';
import { parentPageConfig, tokenMinter } from '../harness/serve/parent-setup.ts';
import { ASHA, portalContext } from '../test/browser/support/learners.ts';
import { serveParent } from '../test/browser/support/parent-page.ts';

/** A started portal: the page to open, a script for the page's context (if any), and shutdown. */
export type SoakPortal = { url: string; initScript: string | null; close(): Promise<void> };

/** The learner the soak signs in: Ravi with `--token-ttl` (the sunbird-cb portal), else Asha. */
export function soakLearner(tokenTtl: number | null): SeedUser {
  if (tokenTtl === null) return ASHA;
  const ravi = findSeededUser(PORTAL_LEARNER);
  if (!ravi) throw new Error(`no seeded learner ${PORTAL_LEARNER}`);
  return ravi;
}

/** The page's address as the browser opens it: `localhost`, so the portal is cross-site to the app. */
const asLocalhost = (url: string): string => url.replace('127.0.0.1', 'localhost');

/** Starts the portal framing the app at `appOrigin`; `tokenTtl` null = the stand-in portal. */
export async function startSoakPortal(appOrigin: string, tokenTtl: number | null): Promise<SoakPortal> {
  if (tokenTtl === null) {
    const parent = await serveParent('127.0.0.1', `${appOrigin}/`, 900);
    return {
      url: `${asLocalhost(parent.origin)}/`,
      initScript: `window.__ctx = ${JSON.stringify(portalContext())};`,
      close: () => parent.close(),
    };
  }
  const learner = soakLearner(tokenTtl);
  const config = parentPageConfig(
    {
      parent: 'sunbird-cb',
      tokenTtl,
      secret: DEV_SECRET,
      locale: 'en',
      theme: 'blue',
      darkMode: false,
      fontSize: 'medium',
      route: '/',
      user: learner,
    },
    appOrigin,
  );
  // The learner is on a resource, so Add note has its place (the real portal would need playerData for that).
  const initial = { ...config.initial, playerData: true, frameWidth: 800 };
  // On `localhost` itself: the harness's portal answers only its own Host (421 otherwise, against
  // DNS rebinding), so it can't be opened under another name than it listens on. `localhost` is
  // loopback (127.0.0.1 in /etc/hosts here), as `harness serve`'s own portal on localhost:4200.
  const parent = await startParentServer({
    origin: 'http://localhost:0',
    config: { ...config, initial },
    assets: await bundleParentPage(),
    mintToken: tokenMinter(DEV_SECRET, tokenTtl),
  });
  return { url: parent.url, initScript: null, close: () => parent.close() };
}
