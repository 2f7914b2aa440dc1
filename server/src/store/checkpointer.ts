/**
 * SQLite's checkpoints off the request path (README.md "Checkpoints"). By default the connection
 * that commits past 1,000 WAL pages copies them back into the database file and fsyncs it, inside
 * that COMMIT: in the service that is the event loop, blocked for the copy and the sync every few
 * dozen adds. The service's connection turns that off (wal_autocheckpoint = 0) and this worker
 * thread, with its own connection to the same file, runs PASSIVE checkpoints instead: they copy
 * what no reader still needs and never wait for a lock, so requests go on meanwhile.
 *
 * A writer starts the WAL over from its beginning only when every page in it has been copied, which
 * under a steady stream of commits never happens by itself: the worker's copy always trails the
 * newest commit. So once the WAL holds RESTART_FRAMES pages, the service's own connection copies
 * the few the worker has not (a short copy and one fsync, between requests), and its next commit
 * starts the WAL over. journal_size_limit keeps the file from staying large after a burst.
 */

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** A running checkpointer: `stop` ends it (its connection closed) before the service closes its own. */
export type Checkpointer = { stop(): Promise<void> };

/** How often the worker looks for WAL pages to copy back, ms (a look with none to copy is cheap). */
const EVERY_MS = 100;

/** WAL pages (4 kB each) past which the service's connection catches up so the WAL can start over. */
const RESTART_FRAMES = 4000;

// The worker's code, plain CommonJS run with `eval`: a file beside this one would not be beside the
// bundle server/bin.mjs runs. It needs only the driver, whose path the parent resolves.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
let failures = 0;
const timer = setInterval(() => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    failures = 0;
    if (r && r.log >= workerData.restartFrames) parentPort.postMessage({ behind: r.log });
  } catch (e) {
    if (++failures === 1) parentPort.postMessage({ error: String(e && e.message || e) });
  }
}, workerData.every);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Starts checkpointing `db` (the service's connection to a SQLite file in WAL mode, its automatic
 * checkpoints off) on a worker thread. `onError` hears the first failure of a run of them (the next
 * checkpoint may succeed; until one does, the WAL only grows). `driver`: better-sqlite3's path.
 */
export function startCheckpointer(
  db: BetterSqlite3.Database,
  onError: (message: string) => void = (m) => process.stderr.write(`notes-server: checkpoint: ${m}\n`),
  driver: string = createRequire(import.meta.url).resolve('better-sqlite3'),
): Checkpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { driver, file: db.name, every: EVERY_MS, restartFrames: RESTART_FRAMES },
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8, stackSizeMb: 1 },
  });
  let catchingUp = false;
  const catchUp = () => {
    // Not inside a transaction of the service's (Kysely's spans awaits): try again after it.
    if (db.open && db.inTransaction) return void setTimeout(catchUp, 1);
    catchingUp = false;
    if (!db.open) return;
    try {
      db.pragma('wal_checkpoint(PASSIVE)'); // busy (the worker is copying): its next report retries
    } catch (e) {
      onError((e as Error).message);
    }
  };
  worker.on('message', (m: { error?: string; behind?: number }) => {
    if (m.error) onError(m.error);
    else if (m.behind !== undefined && !catchingUp) {
      catchingUp = true;
      setImmediate(catchUp);
    }
  });
  worker.on('error', (e) => onError(e.message));
  worker.unref(); // never what keeps the process alive (after the listeners, which would ref it again)
  let stopping: Promise<void> | undefined;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      // Gone on its own (it failed to start, or crashed): the service's connection checkpoints
      // again as SQLite does by default, so the WAL never grows without end.
      if (!stopping && db.open) {
        db.pragma('wal_autocheckpoint = 1000');
        onError('the checkpoint worker ended; checkpoints are back in the commits');
      }
      resolve();
    }),
  );
  return {
    stop() {
      stopping ??= (async () => {
        worker.postMessage('stop');
        const timeout = setTimeout(() => void worker.terminate(), 10_000);
        await exited;
        clearTimeout(timeout);
      })();
      return stopping;
    },
  };
}
