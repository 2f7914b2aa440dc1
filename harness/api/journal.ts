/**
 * The append-only change log with group commit: every change is one line, and a change is
 * acknowledged only after the fsync covering it. Changes that arrive while an fsync is running
 * wait together and share the next one, so throughput scales with concurrency.
 */
import { open } from 'node:fs/promises';

/** Appends durable lines to the data file. */
export type Journal = {
  /** Resolves once `line` is on disk; rejects if the write or fsync failed. */
  append(line: string): Promise<void>;
  /** Waits for pending appends, then closes the file. Later appends reject. */
  close(): Promise<void>;
};

type Waiter = { line: string; resolve: () => void; reject: (e: Error) => void };

/** Opens `path` for appending. After any write failure the journal refuses all further appends. */
export async function openJournal(path: string): Promise<Journal> {
  const fh = await open(path, 'a');
  let queue: Waiter[] = [];
  let flushing: Promise<void> | null = null;
  let failure: Error | null = null;
  let closed = false;

  const flush = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        if (failure) throw failure;
        await fh.appendFile(batch.map((w) => w.line).join(''));
        await fh.datasync();
        for (const w of batch) w.resolve();
      } catch (e) {
        failure = new Error(
          `Could not write the data file ${path}: ${e instanceof Error ? e.message : String(e)}`,
        );
        for (const w of batch) w.reject(failure);
      }
    }
    flushing = null;
  };

  return {
    append(line) {
      if (closed) return Promise.reject(new Error('The data file is closed'));
      if (failure) return Promise.reject(failure);
      return new Promise<void>((resolve, reject) => {
        queue.push({ line, resolve, reject });
        flushing ??= flush();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      while (flushing) await flushing;
      await fh.close();
    },
  };
}
