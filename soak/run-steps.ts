/**
 * Carries out the plan: each learner action through the UI in the frame the learner is in, each
 * reload, the API's kill -9 and restart, the moves between frames and the offline spells, with a
 * progress line every tenth add. An add just before a reload or the kill
 * returns as soon as its text is in the outbox, so the reload or crash catches it on its way. An
 * edit or delete with nothing on screen to take (every card still saving, or the list failed while
 * the API was down) is deferred and tried again later; a conflict panel is answered "Keep mine".
 */
import type { ApiProcess } from './api-process.ts';
import { createLearner, newStats } from './learner.ts';
import type { Ledger } from './ledger.ts';
import type { OfflineSpells } from './offline.ts';
import type { PlanShape, Step } from './plan.ts';
import type { World } from './stack.ts';
import { journal } from './ui.ts';
import type { Wire } from './wire-log.ts';

/** What running the steps needs. */
export type StepDeps = {
  world: World;
  api: ApiProcess;
  ledger: Ledger;
  plan: Step[];
  shape: PlanShape;
  random: () => number;
  wire: Wire;
  /** The offline spells' switch, or null when the run has none. */
  spells: OfflineSpells | null;
  say(line: string): void;
  mark(what: string): void;
};

/** Runs every step; resolves with a one-line summary of what the learner did. */
export async function runSteps(d: StepDeps): Promise<{ summary: string }> {
  const stats = newStats();
  const learners = d.world.tabs.map((tab) => createLearner(tab, d.ledger, d.random, stats));
  for (const l of learners) await l.home();
  let at = 0;
  let learner = learners[0]!;
  const inOther = { adds: 0, edits: 0, deletes: 0 };
  let added = 0;
  let edited = 0;
  let deleted = 0;
  let apiUp = true;
  const deferred: Step[] = [];

  const act = async (step: Step): Promise<boolean> => {
    if (step.kind === 'edit') {
      if (!(await learner.edit())) return false;
      edited += 1;
      if (at) inOther.edits += 1;
    } else if (step.kind === 'delete') {
      if (!(await learner.remove(step.undo))) return false;
      if (!step.undo) deleted += 1;
      if (at) inOther.deletes += 1;
    }
    return true;
  };

  const slow: { what: string; ms: number }[] = [];
  for (let i = 0; i < d.plan.length; i++) {
    const step = d.plan[i]!;
    const next = d.plan[i + 1]?.kind;
    const began = performance.now();
    switch (step.kind) {
      case 'add':
        await learner.add(next === 'reload' || next === 'kill');
        added += 1;
        if (at) inOther.adds += 1;
        if (added % 10 === 0 || added === d.shape.notes) {
          const queued = (await journal(await d.world.frame())).outbox.length;
          d.say(
            `${added}/${d.shape.notes} added · ${edited} edited · ${deleted} deleted · ${queued} queued in the outbox · ${d.wire.writes.length} writes sent`,
          );
        }
        break;
      case 'reload': {
        const queued = await learner.reload();
        const offline = d.spells?.active ?? false;
        const where = `tab ${d.world.tabs[at]!.name}`;
        d.mark(
          `reload of ${where} with ${queued} write(s) queued${apiUp ? '' : ' (API down)'}${offline ? ' (offline)' : ''}`,
        );
        if (offline && d.spells) {
          const frame = await d.world.tabs[at]!.frame();
          const shown = await d.spells.checkKeptCopy(frame, `${where} after add ${added}`);
          d.say(
            shown
              ? `${where} shows its kept notes with the offline notice`
              : `${where}: NO offline notice over kept notes within 15 s`,
          );
        }
        break;
      }
      case 'tab':
        if (step.to < learners.length && step.to !== at) {
          at = step.to;
          learner = learners[at]!;
          await d.world.tabs[at]!.front();
          d.mark(`the learner goes on in tab ${d.world.tabs[at]!.name}`);
        }
        break;
      case 'offline':
        if (d.spells) {
          await d.spells.start(step.seconds);
          d.mark(`offline: the API unreachable for ${step.seconds} s (after add ${added})`);
        }
        break;
      case 'online':
        if (d.spells?.active) {
          const waited = await d.spells.end();
          d.mark(`online again (waited ${(waited / 1000).toFixed(1)} s for the spell to run out)`);
        }
        break;
      case 'kill':
        await d.api.kill();
        apiUp = false;
        d.mark(`API killed with SIGKILL (after add ${added})`);
        break;
      case 'restart':
        await d.api.start();
        apiUp = true;
        d.mark(`API restarted on port ${d.api.port}, same database`);
        break;
      case 'more':
        await learner.more();
        break;
      default:
        if (!(await act(step))) {
          deferred.push(step);
          learner.stats.deferred += 1;
        }
    }
    const took = performance.now() - began;
    if (took > 3000 && !['reload', 'restart', 'online'].includes(step.kind))
      slow.push({
        what: `${step.kind} after add ${added}${apiUp ? '' : ' (API down)'}${d.spells?.active ? ' (offline)' : ''}`,
        ms: took,
      });
    await learner.resolveConflicts();
    // A deferred edit or delete gets another chance once the API is up again.
    if (apiUp && deferred.length && step.kind === 'add' && (await act(deferred[0]!))) deferred.shift();
  }
  if (d.spells?.active) {
    await d.spells.end();
    d.mark('online again (the plan ended during a spell)');
  }
  for (let attempt = 0; deferred.length && attempt < 60; attempt++) {
    if (await act(deferred[0]!)) deferred.shift();
    else {
      await learner.more();
      await new Promise((r) => setTimeout(r, 1000));
    }
    await learner.resolveConflicts();
  }
  const s = stats;
  const summary = [
    `${added} added, ${edited} edited, ${deleted} deleted (${s.undone} more taken back with Undo)`,
    learners.length > 1
      ? `in tab B: ${inOther.adds} adds, ${inOther.edits} edits, ${inOther.deletes} deletes`
      : '',
    s.deferred
      ? `${s.deferred} edits/deletes waited for a card${deferred.length ? `, ${deferred.length} never found one` : ''}`
      : '',
    s.retries ? `Retry pressed ${s.retries}×` : '',
    s.more ? `Show more ${s.more}×` : '',
    slow.length
      ? `${slow.length} steps took over 3 s (slowest: ${slow
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 3)
          .map((x) => `${x.what} ${(x.ms / 1000).toFixed(1)} s`)
          .join(', ')})`
      : '',
    s.conflicts.length ? `${s.conflicts.length} conflict(s) shown: ${s.conflicts.join(' | ')}` : '',
  ].filter(Boolean);
  return { summary: summary.join(' · ') };
}
