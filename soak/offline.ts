/**
 * Offline spells: the notes API unreachable for 10–30 s while the learner goes on writing and
 * reloads. Every `/api/v1/` request of every tab is aborted as a lost link (`internetdisconnected`,
 * a network error — not the proxy's 502 of a dead API); the portal, the app's files and the portal's
 * token endpoint stay reachable, so a reload during the spell loads the app and shows the copy kept
 * on the device. `context.setOffline` was not used: it would also block the portal page itself
 * (a reload could not load it at all) and the app's files, which is a different test. At the end
 * of a spell the route goes and every frame hears `online`, as when a link comes back.
 */
import type { Frame, Route } from 'playwright-core';
import type { World } from './stack.ts';
import { until } from './ui.ts';

/** The offline notice the app shows over its kept copy (docs/decisions.md, "Kept on this device"). */
export const OFFLINE_NOTICE = /Offline — showing notes saved on this device, updated/;

/** The API's glob, on any origin. */
const API = '**/api/v1/**';

/** Spells over `world`: start, end, and what they saw. */
export function offlineSpells(world: World) {
  let deadline = 0;
  let active = false;
  const stats = {
    spells: 0,
    aborted: 0,
    seconds: 0,
    reloads: 0,
    noticeShown: 0,
    noticeMissing: [] as string[],
  };
  const abort = (route: Route) => {
    stats.aborted += 1;
    return route.abort('internetdisconnected');
  };
  return {
    stats,
    get active() {
      return active;
    },
    /** Cuts the API off for at least `seconds` (a second start while cut off only makes it longer). */
    async start(seconds: number): Promise<void> {
      deadline = Math.max(deadline, Date.now() + seconds * 1000);
      if (active) return;
      active = true;
      stats.spells += 1;
      stats.seconds += seconds;
      await world.context.route(API, abort);
    },
    /** Waits out the rest of the spell, lets the API through again and tells every frame `online`. */
    async end(): Promise<number> {
      if (!active) return 0;
      const rest = Math.max(0, deadline - Date.now());
      if (rest) await new Promise((r) => setTimeout(r, rest));
      await world.context.unroute(API, abort);
      active = false;
      for (const tab of world.tabs) {
        const frame = await tab.frame().catch(() => null);
        await frame?.evaluate(() => window.dispatchEvent(new Event('online'))).catch(() => undefined);
      }
      return rest;
    },
    /**
     * After a reload during a spell: waits (up to 15 s) for the frame to show its notes with the
     * offline notice; records whether it did.
     */
    async checkKeptCopy(frame: Frame, what: string): Promise<boolean> {
      stats.reloads += 1;
      const shown = await until(
        () =>
          frame.evaluate(
            (source) =>
              new RegExp(source).test(document.body.innerText) &&
              document.querySelectorAll('main article').length > 0,
            OFFLINE_NOTICE.source,
          ),
        15_000,
        200,
      );
      if (shown) stats.noticeShown += 1;
      else stats.noticeMissing.push(what);
      return shown;
    },
  };
}

/** The spells of one run. */
export type OfflineSpells = ReturnType<typeof offlineSpells>;
