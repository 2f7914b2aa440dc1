/**
 * Builds a large SQLite notes file and times the store's reads on it (not a test: timings stay out
 * of pass/fail). `node --import tsx test/server/support/store-scale.ts FILE [notes] [learners]`:
 * 1,000,000 notes across 10,000 learners by default, one learner ("big") with 10,000 of them, the
 * generated kind in six languages. An existing FILE is reused. Prints the p50/p95 of that
 * learner's first page (limit 50), a search over their notes, a refId page, the course list and
 * a collection, each through NotesStore (wall and CPU time: on a loaded machine the CPU time is the
 * steadier figure), plus the file's size and the process's RSS.
 */
import { existsSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { connect, openSqliteFile } from '../../../server/src/store/connect.ts';
import { migrate } from '../../../server/src/store/migrate.ts';
import { openStore } from '../../../server/src/store/notes-store.ts';
import { noteColumns } from '../../../server/src/store/rows.ts';
import { generatedNotes } from './store-notes.ts';

const [file = '/tmp/notes-1m.db', total = '1000000', learnerCount = '10000'] = process.argv.slice(2);
const TOTAL = Number(total);
const LEARNERS = Number(learnerCount);
const BIG = 10_000;
const big = { rootOrg: 'bench', org: 'bench', wid: 'big' };

if (!existsSync(file)) {
  const started = performance.now();
  const db = await connect(file);
  await migrate(db);
  await db.kysely.destroy();
  const raw = openSqliteFile(file, { synchronous: 'normal' });
  const pool = generatedNotes(5000, 7);
  const learnerInsert = raw.prepare('insert into learners (id, root_org, org, wid) values (?, ?, ?, ?)');
  const cols = Object.keys(noteColumns(pool[0]!));
  const noteInsert = raw.prepare(
    `insert into notes (learner_id, ${cols.join(', ')}) values (?, ${cols.map(() => '?').join(', ')})`,
  );
  let made = 0;
  const perOther = Math.floor((TOTAL - BIG) / (LEARNERS - 1));
  const batch = raw.transaction((from: number, to: number) => {
    for (let l = from; l < to; l++) {
      const who = l === 1 ? big : { rootOrg: 'bench', org: `org-${l % 50}`, wid: `w-${l}` };
      learnerInsert.run(l, who.rootOrg, who.org, who.wid);
      const count = l === 1 ? BIG : perOther;
      for (let i = 0; i < count; i++) {
        const base = pool[(l * 31 + i) % pool.length]!;
        const at = new Date(
          Date.UTC(2025, 0, 1) + ((l * 7919 + i * 104729) % (365 * 86_400_000)),
        ).toISOString();
        const note = { ...base, noteId: `n-${l}-${i}`, createdOn: at, updatedOn: at };
        noteInsert.run(l, ...Object.values(noteColumns(note)));
        made++;
      }
    }
  });
  for (let l = 1; l <= LEARNERS; l += 200) batch(l, Math.min(l + 200, LEARNERS + 1));
  raw.exec('analyze');
  raw.close();
  console.log(`built ${made} notes in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const store = await openStore(file);
const time = async (label: string, runs: number, work: () => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await work();
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await work();
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    ms.push(performance.now() - t);
  }
  const at = (xs: number[], q: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!.toFixed(2);
  console.log(
    `${label}: wall p50 ${at(ms, 0.5)} / p95 ${at(ms, 0.95)} ms; CPU p50 ${at(cpu, 0.5)} / p95 ${at(cpu, 0.95)} ms`,
  );
};
const first = await store.fetch(big, { order: 'newest', limit: 50 });
console.log(`big learner: ${first.total} notes; file ${(statSync(file).size / 1e6).toFixed(0)} MB`);
await time('first page, newest, limit 50', 200, () => store.fetch(big, { order: 'newest', limit: 50 }));
await time('first page, updated, limit 50', 200, () => store.fetch(big, { order: 'updated', limit: 50 }));
await time('third page, oldest (cursor)', 200, async () => {
  let page = await store.fetch(big, { order: 'oldest', limit: 50 });
  page = await store.fetch(big, { order: 'oldest', limit: 50, cursor: page.nextCursor! });
  return store.fetch(big, { order: 'oldest', limit: 50, cursor: page.nextCursor! });
});
for (const query of ['gradient', 'रेखा', 'التعلم', 'straße', 'zzz-none']) {
  await time(`search "${query}" over 10,000 notes`, 100, () =>
    store.fetch(big, { order: 'newest', limit: 50, query }),
  );
}
await time('tag filter "exam"', 100, () => store.fetch(big, { order: 'newest', limit: 50, tags: ['exam'] }));
await time('refId page', 200, () => store.fetch(big, { order: 'newest', limit: 50, refId: 'r-1' }));
await time('course list (10,000 notes)', 50, () => store.courses(big));
await time('collection of a course', 50, () => store.collection(big, 'c-1', 'm-1'));
await time('a small learner’s first page', 200, () =>
  store.fetch({ rootOrg: 'bench', org: 'org-17', wid: 'w-4567' }, { order: 'newest', limit: 50 }),
);
console.log(`RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
await store.close();
