/**
 * What the scripted learner will do, decided up front from the seed so a run can be repeated: the
 * order of adds, edits and deletes, and where the reloads and the API's crash fall. Which note an
 * edit or delete touches is chosen when it happens (only notes the UI lets the learner touch then).
 */
import { worldEvents } from './plan-events.ts';

/**
 * One step: a learner action, or something done to the world around them. `reload` reloads the
 * portal page (and the frame with it) right after the step before, while its write may still be on
 * its way; `kill` ends the API with SIGKILL; `restart` starts it again on the same port and file.
 * `tab` moves the learner to their other frame (0 the first tab, 1 the second); `offline` makes the
 * API unreachable for at least `seconds` (a network error, not a 5xx), until the next `online`.
 */
export type Step =
  | { kind: 'add' }
  | { kind: 'edit' }
  | { kind: 'delete'; undo: boolean }
  | { kind: 'reload' }
  | { kind: 'kill' }
  | { kind: 'restart' }
  | { kind: 'more' }
  | { kind: 'tab'; to: 0 | 1 }
  | { kind: 'offline'; seconds: number }
  | { kind: 'online' };

/** The plan's shape: the learner's actions, and (both off when left out) a second frame and offline spells. */
export type PlanShape = {
  notes: number;
  edits: number;
  deletes: number;
  frames?: 1 | 2;
  offlineSpells?: number;
};

/** Every tenth delete is taken back with Undo (the note must then stay). */
export const UNDO_EVERY = 10;

/**
 * Adds in order; after add number i (from the 5th on), the edits and deletes spread evenly over
 * the rest, in a shuffled order. Three reloads (at 25 %, 50 % and 75 % of the adds); the API is
 * killed at 40 % and restarted at 55 %, so the 50 % reload happens with writes queued and no API;
 * frame changes and offline spells as plan-events.ts places them. Now and then the learner asks
 * for more of the list (`more`), to reach older notes.
 */
export function makePlan(shape: PlanShape, random: () => number): Step[] {
  const lead = Math.min(5, shape.notes);
  const rest = shape.notes - lead;
  const others: Step[] = [
    ...Array.from({ length: shape.edits }, (): Step => ({ kind: 'edit' })),
    ...Array.from(
      { length: shape.deletes },
      (_, i): Step => ({ kind: 'delete', undo: (i + 1) % UNDO_EVERY === 0 }),
    ),
  ];
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [others[i], others[j]] = [others[j]!, others[i]!];
  }
  const events = worldEvents(shape, random);
  const steps: Step[] = [];
  let taken = 0;
  for (let i = 1; i <= shape.notes; i++) {
    steps.push({ kind: 'add' });
    steps.push(...(events.get(i) ?? []));
    if (i <= lead) continue;
    const due = rest > 0 ? Math.round((others.length * (i - lead)) / rest) : others.length;
    while (taken < due) {
      if (random() < 0.15) steps.push({ kind: 'more' });
      steps.push(others[taken++]!);
    }
  }
  // Fewer than 6 notes: whatever is left goes at the end.
  while (taken < others.length) steps.push(others[taken++]!);
  return steps;
}
