/**
 * The servers the screenshots are taken against, as `harness serve` starts them: the harness's
 * notes API (the service in dev mode) with the seeded learners (on a temporary database, so
 * `.harness/notes.db` is never touched) and the harness's app server serving the build — both through the browser tests'
 * `startStack` — plus the harness's own mock portal page. Each shot gets a portal server of its
 * own, so the page's controls show the settings the shot was taken with.
 */
import { DEV_SECRET } from '../../harness/api/auth.ts';
import { DEMO_PLAYER_DATA, findSeededUser, SEEDED_USERS, tokenForUser } from '../../harness/api/seed.ts';
import { bundleParentPage, type ParentAssets } from '../../harness/serve/parent-bundle.ts';
import type { InitialControls } from '../../harness/serve/parent-page/page-config.ts';
import { startParentServer } from '../../harness/serve/parent-server.ts';
import { type Stack, startStack } from '../../test/browser/support/app-stack.ts';

/** What `harness serve` starts the page with when no flag is given. */
export const DEFAULT_CONTROLS: InitialControls = {
  locale: 'en',
  theme: 'blue',
  darkMode: false,
  fontSize: 'medium',
  frameWidth: 800,
  user: 'asha',
  route: '/',
  playerData: true,
};

/** A mock portal page for one shot. */
export type PortalPage = { url: string; close(): Promise<void> };

/** The running API and app server, and a way to open portal pages onto them. */
export type Portal = {
  appOrigin: string;
  /** Starts a portal page (on `localhost`, a port of its own) whose controls start at `controls`. */
  open(controls: Partial<InitialControls>): Promise<PortalPage>;
  close(): Promise<void>;
};

const mintToken = (name: string): string | undefined => {
  const user = findSeededUser(name);
  return user ? tokenForUser(user, DEV_SECRET) : undefined;
};

/** Starts the API (seeded) and the app server for the build in `dist`. */
export async function startPortal(dist: string): Promise<Portal> {
  const assets: ParentAssets = await bundleParentPage();
  const stack: Stack = await startStack({ data: 'seeded', dist });
  return {
    appOrigin: stack.appOrigin,
    async open(controls) {
      const config = {
        appOrigin: stack.appOrigin,
        initial: { ...DEFAULT_CONTROLS, ...controls },
        users: SEEDED_USERS,
        playerData: DEMO_PLAYER_DATA,
      };
      const parent = await startParentServer({ origin: 'http://localhost:0', config, assets, mintToken });
      return { url: parent.url, close: () => parent.close() };
    },
    close: () => stack.close(),
  };
}
