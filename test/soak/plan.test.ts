/**
 * The soak's plan with its two frames and offline spells (issue 13, item 7): every spell ends
 * after it starts and holds a reload and writes, the learner's writes are shared between the two
 * frames, the actions are the same whatever else is on, and the old plan is kept when both are off.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makePlan, type PlanShape, type Step } from '../../soak/plan.ts';
import { MAX_SPELLS, SPELL_SECONDS } from '../../soak/plan-events.ts';
import { seededRandom } from '../support/seeded-random.ts';

const SHAPE: PlanShape = { notes: 200, edits: 60, deletes: 40, frames: 2, offlineSpells: 3 };
const plan = (shape: PlanShape, seed = 7) => makePlan(shape, seededRandom(seed));
const count = (steps: Step[], kind: Step['kind']) => steps.filter((s) => s.kind === kind).length;

/** The spells as [index of offline, index of its online]. */
function spells(steps: Step[]): [number, number][] {
  const out: [number, number][] = [];
  let open = -1;
  steps.forEach((s, i) => {
    if (s.kind === 'offline') {
      assert.is(open, -1, `spell at step ${i} starts inside another`);
      open = i;
    }
    if (s.kind === 'online') {
      assert.ok(open >= 0, `online at step ${i} without a spell`);
      out.push([open, i]);
      open = -1;
    }
  });
  assert.is(open, -1, 'every spell ends');
  return out;
}

test('three spells by default, each 10–30 s, with adds and a reload inside', () => {
  const steps = plan(SHAPE);
  const found = spells(steps);
  assert.is(found.length, 3);
  for (const [from, to] of found) {
    const inside = steps.slice(from + 1, to);
    const start = steps[from] as { kind: 'offline'; seconds: number };
    assert.ok(start.seconds >= SPELL_SECONDS.min && start.seconds <= SPELL_SECONDS.max);
    assert.ok(count(inside, 'add') >= 2, 'writes during the spell');
    assert.ok(count(inside, 'reload') >= 1, 'a reload during the spell');
    assert.is(count(inside, 'kill') + count(inside, 'restart'), 0, 'clear of the API crash');
  }
});

test('spells pair up for every count allowed and many sizes; a one-add spell still holds its reload', () => {
  for (const notes of [30, 50, 120, 200, 500])
    for (let n = 0; n <= MAX_SPELLS; n++) {
      const steps = plan({ notes, edits: 10, deletes: 5, offlineSpells: n });
      const found = spells(steps);
      assert.is(found.length, n, `${n} spells with ${notes} notes`);
      for (const [from, to] of found) assert.ok(count(steps.slice(from, to), 'reload') >= 1);
    }
});

test('the frames take turns, starting and ending in the second, about a third of the adds there', () => {
  const steps = plan(SHAPE);
  const tabs = steps.filter((s): s is { kind: 'tab'; to: 0 | 1 } => s.kind === 'tab').map((s) => s.to);
  assert.equal(tabs, [1, 0, 1, 0, 1]);
  let at = 0;
  let inB = 0;
  for (const s of steps) {
    if (s.kind === 'tab') at = s.to;
    if (s.kind === 'add' && at === 1) inB += 1;
  }
  assert.ok(inB >= 60 && inB <= 90, `${inB} of 200 adds in the second frame`);
});

test('the learner does the same number of adds, edits and deletes whatever is on', () => {
  for (const extra of [
    {},
    { frames: 2 as const },
    { offlineSpells: 5 },
    { frames: 2 as const, offlineSpells: 3 },
  ]) {
    const steps = plan({ notes: 100, edits: 30, deletes: 20, ...extra });
    assert.is(count(steps, 'add'), 100);
    assert.is(count(steps, 'edit'), 30);
    assert.is(count(steps, 'delete'), 20);
    assert.is(count(steps, 'kill'), 1);
    assert.is(count(steps, 'restart'), 1);
  }
});

test('both off: no frame changes or spells, and the plan of before (three reloads)', () => {
  const steps = plan({ notes: 200, edits: 60, deletes: 40 });
  assert.is(count(steps, 'tab') + count(steps, 'offline') + count(steps, 'online'), 0);
  assert.is(count(steps, 'reload'), 3);
  assert.equal(steps, plan({ notes: 200, edits: 60, deletes: 40, frames: 1, offlineSpells: 0 }));
});

test('the same seed makes the same plan; another seed other spell lengths', () => {
  assert.equal(plan(SHAPE, 11), plan(SHAPE, 11));
  const lengths = (seed: number) =>
    plan({ ...SHAPE, offlineSpells: MAX_SPELLS }, seed)
      .filter((s) => s.kind === 'offline')
      .map((s) => (s as { seconds: number }).seconds);
  assert.not.equal(lengths(1), lengths(2));
});

test.run();
