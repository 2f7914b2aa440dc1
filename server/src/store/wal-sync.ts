/**
 * Group commit for SQLite (README.md "Group commit"): the connection runs with synchronous=NORMAL,
 * so a COMMIT writes its WAL frames to the OS without waiting for the disk, and every write
 * transaction then waits here for an fdatasync of the WAL file that started after its commit. One
 * sync at a time runs on libuv's pool, and the commits made while it runs share the next one: a
 * write is on the disk before it is answered, as with synchronous=FULL, but N concurrent writes
 * cost one or two fsyncs instead of N, and the event loop keeps serving while the disk works.
 */
import { open } from 'node:fs/promises';

/** Resolves once every commit made before the call is on the disk. */
export type Durable = () => Promise<void>;

/** fdatasync of `path`; a missing file means a checkpoint moved its frames (synced) and removed it. */
async function syncFile(path: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return;
    throw e;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * A `Durable` for the WAL file at `walPath`. A caller arriving while a sync runs can't be covered
 * by it (that sync may have started before the caller's commit), so it waits for the next one,
 * which every caller arriving meanwhile shares.
 */
export function walSyncer(walPath: string, sync: (path: string) => Promise<void> = syncFile): Durable {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const current: Promise<void> = sync(walPath).finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return () => {
    if (running === null) return start();
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}
