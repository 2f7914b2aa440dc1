/**
 * Runs the `notes-server` bin (server/bin.mjs) as a child process, the way a portal team or the
 * harness does: its stdout lines, its stderr lines (the JSON logs), its URL once it prints one,
 * and its exit code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_SECRET } from './app-fixture.ts';

const BIN = fileURLToPath(new URL('../../../server/bin.mjs', import.meta.url));

/** `serve` in dev mode with the tests' secret on a free port: the flags the crash and process tests share. */
export const devServeArgs = (database: string, filesDir: string): string[] => [
  '--dev',
  '--secret',
  TEST_SECRET,
  '--port',
  '0',
  '--database',
  database,
  '--files-dir',
  filesDir,
];

/** A running (or finished) bin. */
export type ServerProcess = {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** The first stdout line, once printed (rejects if the process exits first). */
  url: Promise<string>;
  /** The exit code (a signal counts as 128 + its number, like a shell). */
  exited: Promise<number>;
  /** SIGKILLs it if still running, and waits. */
  stop(): Promise<void>;
};

const SIGNALS: Record<string, number> = { SIGTERM: 15, SIGKILL: 9, SIGINT: 2 };

/** Starts the bin with `args`; `env` replaces the NOTES_* variables (others are inherited). */
export function spawnServer(args: string[], env: Record<string, string> = {}): ServerProcess {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('NOTES_')));
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const lines = (into: string[]) => {
    let buf = '';
    return (d: Buffer) => {
      buf += d.toString();
      const parts = buf.split('\n');
      buf = parts.pop() ?? '';
      into.push(...parts);
    };
  };
  child.stderr?.on('data', lines(stderr));
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? 128 + (SIGNALS[signal ?? ''] ?? 0))),
  );
  const url = new Promise<string>((resolve, reject) => {
    const onOut = lines(stdout);
    child.stdout?.on('data', (d: Buffer) => {
      onOut(d);
      if (stdout.length > 0) resolve(stdout[0] ?? '');
    });
    void exited.then((code) =>
      reject(new Error(`notes-server exited (${code}) before listening: ${stderr.join(' | ')}`)),
    );
  });
  url.catch(() => {});
  return {
    child,
    stdout,
    stderr,
    url,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
