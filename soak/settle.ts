/**
 * The end of the soak's writing: waits (bounded) until the app says it is done — nothing queued in
 * the learner's journal (one for both frames: they share storage), no note marked "Not saved yet"
 * or "Saving…" in any frame, no delete still in its Undo window, no conflict open — checked twice
 * a second apart so a write between two looks isn't missed. Prints the state every 10 s while it
 * waits.
 */
import type { World } from './stack.ts';
import { journal, pendingOnScreen, type QueuedWrite } from './ui.ts';

/** Whether it settled, and the last state seen (for the report). */
export type Settled = { ok: boolean; state: string; drafts: number; queued: QueuedWrite[] };

async function look(world: World) {
  const frames = await Promise.all(world.tabs.map((t) => t.frame()));
  const [j, ...screens] = await Promise.all([journal(frames[0]!), ...frames.map(pendingOnScreen)]);
  const sum = (pick: (s: (typeof screens)[number]) => number) => screens.reduce((n, s) => n + pick(s), 0);
  const screen = {
    unsaved: sum((s) => s.unsaved),
    saving: sum((s) => s.saving),
    conflicts: sum((s) => s.conflicts),
    undo: screens.some((s) => s.undo),
  };
  const busy = j.outbox.length + screen.unsaved + screen.saving + screen.conflicts + (screen.undo ? 1 : 0);
  const count = new Map<string, number>();
  for (const i of j.outbox) count.set(i.kind, (count.get(i.kind) ?? 0) + 1);
  const kinds = [...count].map(([kind, n]) => `${n} ${kind}`).join(', ');
  const where = screens.length > 1 ? ` (by frame: ${screens.map((s) => s.saving).join('/')})` : '';
  const state = `${j.outbox.length} queued${kinds ? ` (${kinds})` : ''}, ${screen.unsaved} "Not saved yet", ${screen.saving} "Saving…"${where}, ${screen.undo ? 'Undo showing, ' : ''}${screen.conflicts} conflicts, ${j.drafts} drafts, ${j.conflicts} stored conflicts`;
  return { busy: busy + j.conflicts, state, drafts: j.drafts, queued: j.outbox };
}

/** Waits at most `ms` for the outbox to empty. */
export async function settle(world: World, ms: number, say: (line: string) => void): Promise<Settled> {
  const end = Date.now() + ms;
  let nextSay = Date.now() + 10_000;
  let calm = 0;
  let last = await look(world);
  say(`waiting for the outbox to empty: ${last.state}`);
  while (Date.now() < end) {
    last = await look(world).catch(() => ({
      busy: 1,
      state: '(frame not readable)',
      drafts: 0,
      queued: last.queued,
    }));
    calm = last.busy === 0 ? calm + 1 : 0;
    if (calm >= 2) {
      say(`outbox empty: ${last.state}`);
      return { ok: true, state: last.state, drafts: last.drafts, queued: last.queued };
    }
    if (Date.now() > nextSay) {
      say(`still waiting: ${last.state}`);
      nextSay += 10_000;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { ok: false, state: last.state, drafts: last.drafts, queued: last.queued };
}
