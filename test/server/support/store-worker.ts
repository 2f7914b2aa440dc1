/**
 * A separate process that works on a store, for the cross-process tests (test/server/store/
 * processes.test.ts). It takes one JSON job as its argument, waits for a line on stdin (so
 * several workers start together), does the job and prints one JSON line per result:
 * - `open`: opens (migrating) and closes; prints {opened: true};
 * - `adds`: concurrent adds [{key, noteId, text}]; prints {key, noteId, created} for each;
 * - `updates`: `count` concurrent updates of noteId at `version`; prints {kind} for each;
 * - `stream`: adds one after another forever with key `s-<i>`; prints {i} once each add returned;
 * - `rates`: concurrent review ratings [{key, rating}] of noteId at reviewedOn; prints {key, reps, due}.
 */
import { createInterface } from 'node:readline';
import { type Learner, openStore } from '../../../server/src/store/notes-store.ts';
import type { Note } from '../../../src/protocol/api-types.ts';

type Job =
  | { action: 'open'; url: string }
  | { action: 'adds'; url: string; learner: Learner; adds: { key: string; noteId: string; text: string }[] }
  | {
      action: 'updates';
      url: string;
      learner: Learner;
      noteId: string;
      version: number;
      count: number;
      tag: string;
    }
  | { action: 'stream'; url: string; learner: Learner }
  | {
      action: 'rates';
      url: string;
      learner: Learner;
      noteId: string;
      reviewedOn: string;
      rates: { key: string; rating: 1 | 2 | 3 | 4 }[];
    };

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

const noteFor = (noteId: string, text: string): Note => {
  const at = new Date().toISOString();
  return {
    noteId,
    refId: 'res-proc',
    moduleId: null,
    courseId: 'course-proc',
    refTitle: 'Processes',
    moduleTitle: null,
    courseTitle: 'Processes',
    domain: 'portal.example',
    appRef: null,
    displayName: 'Worker',
    content: `<p>${text}</p>`,
    text,
    anchor: null,
    tags: [],
    createdOn: at,
    updatedOn: at,
    version: 1,
  };
};

const go = new Promise<void>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.once('line', () => {
    lines.close();
    process.stdin.destroy(); // nothing more to read; don't let stdin keep the process alive
    resolve();
  });
});

const store = await openStore(job.url, { poolSize: 30 });
say({ ready: true });
await go;
if (job.action === 'open') {
  say({ opened: true });
} else if (job.action === 'adds') {
  await Promise.all(
    job.adds.map(async (a) => {
      const { note, created } = await store.add(job.learner, noteFor(a.noteId, a.text), a.key);
      say({ key: a.key, noteId: note.noteId, created });
    }),
  );
} else if (job.action === 'updates') {
  const { learner, noteId, version, tag } = job;
  await Promise.all(
    Array.from({ length: job.count }, async (_, i) => {
      const outcome = await store.update(learner, noteId, version, (c) => ({
        ...c,
        text: `${tag}-${i}`,
        version: c.version + 1,
        updatedOn: new Date().toISOString(),
      }));
      say({ kind: outcome.kind });
    }),
  );
} else if (job.action === 'rates') {
  const { learner, noteId, reviewedOn } = job;
  await Promise.all(
    job.rates.map(async (r) => {
      const outcome = await store.rate(
        learner,
        { noteId, rating: r.rating, reviewedOn: new Date(reviewedOn) },
        r.key,
      );
      const card = outcome.kind === 'ok' ? outcome.note.review : null;
      say({ key: r.key, kind: outcome.kind, reps: card?.reps ?? null, card: JSON.stringify(card) });
    }),
  );
} else if (job.action === 'stream') {
  for (let i = 0; ; i++) {
    await store.add(job.learner, noteFor(crypto.randomUUID(), `stream ${i}`), `s-${i}`);
    say({ i });
  }
}
await store.close();
