/**
 * The end check of the two frames (issue 13, item 7): once the outbox has drained, each frame must
 * show the server's notes for the demo resource — no note the server has missing from the stretch
 * of the list the frame shows, no note the server doesn't have, no older text, nothing "Saving…".
 * `/` draws its whole list (no windowing), newest first, so a frame that loaded N notes shows the
 * server's newest ones down to the oldest it shows.
 */
import type { Frame } from 'playwright-core';
import { normal, type Stored, TOKEN } from './ledger.ts';
import type { Tab } from './tabs.ts';
import { until } from './ui.ts';

/** A card as the check reads it: the note id behind `note-<id>`, its text, whether it is marked pending. */
export type ShownCard = { noteId: string; text: string; pending: boolean };

/** How one frame's list differs from the server's (all empty: it shows the server's notes). */
export type FrameDiff = {
  shown: number;
  missing: Stored[];
  extra: ShownCard[];
  stale: { card: ShownCard; stored: Stored }[];
  pending: ShownCard[];
};

const tokens = (text: string): Set<string> => new Set([...text.matchAll(TOKEN)].map((m) => m[1]!));

/**
 * Whether a card shows a stored text: the same soak version tokens (a card may show its text twice,
 * as title and body), or, for a text without one, the text among the card's words.
 */
function sameVersion(card: string, stored: string): boolean {
  const want = tokens(stored);
  if (!want.size) return normal(card).includes(normal(stored));
  const got = tokens(card);
  return got.size === want.size && [...want].every((t) => got.has(t));
}

/**
 * Compares the cards a frame shows (top to bottom) with the server's list (newest first): the
 * stretch is the server's list down to the oldest note shown; `missing` are server notes in it not
 * shown, `extra` cards of notes the server doesn't have, `stale` cards showing another version
 * than the server's, `pending` cards still marked.
 */
export function compareShown(cards: ShownCard[], server: Stored[]): FrameDiff {
  const index = new Map(server.map((s, i) => [s.noteId, i]));
  const shownIds = new Set(cards.map((c) => c.noteId));
  const last = Math.max(-1, ...cards.map((c) => index.get(c.noteId) ?? -1));
  const stale: FrameDiff['stale'] = [];
  for (const card of cards) {
    const i = index.get(card.noteId);
    const stored = i === undefined ? undefined : server[i];
    if (stored && !sameVersion(card.text, stored.text)) stale.push({ card, stored });
  }
  return {
    shown: cards.length,
    missing: server.slice(0, last + 1).filter((s) => !shownIds.has(s.noteId)),
    extra: cards.filter((c) => !index.has(c.noteId)),
    stale,
    pending: cards.filter((c) => c.pending),
  };
}

/** Whether a comparison found nothing. */
export const sameAsServer = (d: FrameDiff): boolean =>
  !d.missing.length && !d.extra.length && !d.stale.length && !d.pending.length;

/** The cards of `/` in a frame, top to bottom. */
const shownCards = (frame: Frame): Promise<ShownCard[]> =>
  frame.evaluate(() =>
    [...document.querySelectorAll('main article')].map((a) => {
      const text = (a as HTMLElement).innerText;
      return {
        noteId: a.id.replace(/^note-/, ''),
        text,
        pending: /Saving…|Not saved yet/.test(text),
      };
    }),
  );

/** Waits (up to `ms`) for the tab's frame to show the server's notes; the last comparison either way. */
export async function checkFrame(tab: Tab, server: Stored[], ms: number): Promise<FrameDiff> {
  let diff: FrameDiff = { shown: 0, missing: [], extra: [], stale: [], pending: [] };
  await until(
    async () => {
      diff = compareShown(await shownCards(await tab.frame()), server);
      return sameAsServer(diff);
    },
    ms,
    500,
  );
  return diff;
}

/** A frame's result as report lines: one summary line, then each difference. */
export function frameLines(name: string, d: FrameDiff, total: number): string[] {
  const head = `frame ${name}: shows ${d.shown} of the ${total} stored notes`;
  if (sameAsServer(d)) return [`${head}, as the server has them`];
  const short = (t: string) => normal(t).slice(0, 90);
  return [
    `${head}: ${d.missing.length} missing, ${d.extra.length} not on the server, ${d.stale.length} with another text, ${d.pending.length} still marked pending`,
    ...d.missing.map((s) => `  missing: ${s.noteId} v${s.version}: ${short(s.text)}`),
    ...d.extra.map((c) => `  not on the server: ${c.noteId}: ${short(c.text)}`),
    ...d.stale.map(
      (x) =>
        `  other text: ${x.card.noteId} shows "${short(x.card.text)}", stored v${x.stored.version} "${short(x.stored.text)}"`,
    ),
    ...d.pending.map((c) => `  still pending: ${c.noteId}: ${short(c.text)}`),
  ];
}
