/**
 * Where the things done to the learner's world fall among the adds: reloads, the API's crash and
 * restart, the moves between the learner's two frames, and the offline spells. Kept apart from the
 * order of the learner's own actions (plan.ts) so each can be read — and tested — on its own.
 */
import type { PlanShape, Step } from './plan.ts';

/** The shortest and longest offline spell, in seconds (issue 13: the API unreachable 10–30 s). */
export const SPELL_SECONDS = { min: 10, max: 30 } as const;

/**
 * Where spells start, as shares of the adds, in the order they are used: the first three stay
 * clear of the API's crash (40–55 %) and of the reloads at 25/50/75 %, so each fault is seen alone.
 */
const SPELL_STARTS = [0.15, 0.65, 0.85, 0.3, 0.92, 0.05, 0.6, 0.8, 0.35, 0.7];

/** The most offline spells a plan can hold. */
export const MAX_SPELLS = SPELL_STARTS.length;

/**
 * Shares of the adds where the learner changes frame: to the second at 8 %, back at 22 %, and so
 * on — about a third of the adds (and of the edits and deletes falling among them) in the second.
 */
const TAB_CHANGES: { at: number; to: 0 | 1 }[] = [
  { at: 0.08, to: 1 },
  { at: 0.22, to: 0 },
  { at: 0.58, to: 1 },
  { at: 0.72, to: 0 },
  { at: 0.9, to: 1 },
];

/**
 * The events after each add (by its number, from 1), in the order they happen there: a spell's
 * end and a frame change first, then reloads and the API's crash, a spell's start last. Each spell
 * lasts a few adds (2 % of them, at least one) with a reload of the frame in use halfway through;
 * its length in seconds comes from `random`.
 */
export function worldEvents(shape: PlanShape, random: () => number): Map<number, Step[]> {
  const at = (share: number) => Math.max(1, Math.round(shape.notes * share));
  const early = new Map<number, Step[]>();
  const late = new Map<number, Step[]>();
  const put = (map: Map<number, Step[]>, i: number, step: Step) => map.set(i, [...(map.get(i) ?? []), step]);
  put(late, at(0.25), { kind: 'reload' });
  put(late, at(0.4), { kind: 'kill' });
  put(late, at(0.5), { kind: 'reload' });
  put(late, at(0.55), { kind: 'restart' });
  put(late, at(0.75), { kind: 'reload' });
  if ((shape.frames ?? 1) === 2) for (const c of TAB_CHANGES) put(early, at(c.at), { kind: 'tab', to: c.to });
  const spells = Math.min(shape.offlineSpells ?? 0, MAX_SPELLS);
  const span = Math.max(1, Math.round(shape.notes * 0.02));
  for (const share of SPELL_STARTS.slice(0, spells)) {
    const start = at(share);
    const range = SPELL_SECONDS.max - SPELL_SECONDS.min + 1;
    const seconds = SPELL_SECONDS.min + Math.floor(random() * range);
    put(late, start, { kind: 'offline', seconds });
    put(late, start + Math.floor(span / 2), { kind: 'reload' });
    put(early, start + span, { kind: 'online' });
  }
  const out = new Map<number, Step[]>();
  for (const i of new Set([...early.keys(), ...late.keys()]))
    out.set(i, [...(early.get(i) ?? []), ...(late.get(i) ?? [])]);
  return out;
}
