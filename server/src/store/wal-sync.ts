/**
 * Group commit for SQLite (README.md "Group commit"): the connection runs with synchronous=NORMAL,
 * so a COMMIT writes its WAL frames to the OS without waiting for the disk, and every write
 * transaction then waits here for an fdatasync of the WAL file that started after its commit. One
 * sync at a time runs on libuv's pool, and the commits made while it runs share the next one: a
 * write is on the disk before it is answered, as with synchronous=FULL, but N concurrent writes
 * cost one or two fsyncs instead of N, and the event loop keeps serving while the disk works.
 */
import { type FileHandle, open } from 'node:fs/promises';

/** Resolves once every commit made before the call is on the disk. */
export type Durable = () => Promise<void>;

/**
 * fdatasync of the file at `path`, through a handle opened once and kept: the WAL file stays while
 * the service's connection is open (SQLite starts it over in place, never removes it until the last
 * connection closes), so an open and a close per sync would be two more trips to the thread pool.
 * A file not there yet (no commit so far) needs no sync; a failed sync drops the handle, so the next
 * one opens the file afresh.
 */
export function keptFileSync(path: string): { sync(): Promise<void>; close(): Promise<void> } {
  let handle: Promise<FileHandle | null> | null = null;
  const opened = async (): Promise<FileHandle | null> => {
    try {
      return await open(path, 'r');
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return null;
      throw e;
    }
  };
  const sync = async () => {
    handle ??= opened();
    let h: FileHandle | null;
    try {
      h = await handle;
    } catch (e) {
      handle = null;
      throw e;
    }
    if (h === null) {
      handle = null;
      return;
    }
    try {
      await h.datasync();
    } catch (e) {
      handle = null;
      await h.close().catch(() => {});
      throw e;
    }
  };
  const close = async () => {
    const h = await handle?.catch(() => null);
    handle = null;
    await h?.close().catch(() => {});
  };
  return { sync, close };
}

/**
 * A `Durable` for the WAL file at `walPath`, synced by `sync` (keptFileSync's, in the service). A caller arriving while a sync runs can't be covered
 * by it (that sync may have started before the caller's commit), so it waits for the next one,
 * which every caller arriving meanwhile shares.
 */
export function walSyncer(walPath: string, sync: (path: string) => Promise<void>): Durable {
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
