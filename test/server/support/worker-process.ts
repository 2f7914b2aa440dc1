/**
 * Runs store-worker.ts in a child process: wait until it has opened the store, let several go at
 * once, collect their JSON lines, or kill one with SIGKILL mid-stream.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const script = fileURLToPath(new URL('./store-worker.ts', import.meta.url));

/** A running worker. */
export type Worker = {
  child: ChildProcess;
  /** Every JSON line printed so far (the `ready` line excluded). */
  lines: Record<string, unknown>[];
  /** Resolves once the store is open. */
  ready: Promise<void>;
  /** Starts the job. */
  go(): void;
  /** Resolves with the lines when the worker exits 0; rejects with its stderr otherwise. */
  done: Promise<Record<string, unknown>[]>;
  /** Resolves when at least `n` result lines have been printed. */
  atLeast(n: number): Promise<void>;
};

/** Starts a worker on `job` (see store-worker.ts). */
export function startWorker(job: Record<string, unknown>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(job)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let stderr = '';
  let buffer = '';
  let markReady: () => void = () => {};
  let failReady: (e: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdout!.on('data', (d: Buffer) => {
    buffer += d.toString();
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
      buffer = buffer.slice(nl + 1);
      if (line.ready === true) markReady();
      else lines.push(line);
      for (const w of waiters.filter((w) => lines.length >= w.n)) w.resolve();
      nl = buffer.indexOf('\n');
    }
  });
  const done = new Promise<Record<string, unknown>[]>((resolve, reject) => {
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(lines);
      else {
        const e = new Error(`worker ${job.action} exited ${code ?? signal}: ${stderr.trim().slice(-2000)}`);
        failReady(e);
        reject(e);
      }
    });
  });
  done.catch(() => {});
  return {
    child,
    lines,
    ready,
    go: () => child.stdin!.end('go\n'),
    done,
    atLeast: (n) =>
      lines.length >= n
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ n, resolve });
            done.then(() => reject(new Error(`worker ended after ${lines.length} lines`)), reject);
          }),
  };
}
