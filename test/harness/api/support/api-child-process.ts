/**
 * The mock API in a child process (api-child.ts), for the tests that kill it with SIGKILL
 * mid-write and check what a restart finds in the data file.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_SECRET } from './api-fixture.ts';

const CHILD = fileURLToPath(new URL('./api-child.ts', import.meta.url));

/** A running child: its URL once it listens, a hard kill, and a clean-up that waits for the exit. */
export type ApiChild = {
  url: Promise<string>;
  kill(): void;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** Kills it if it still runs, then waits for the exit (for `finally`). */
  stop(): Promise<void>;
};

/** Starts the API on `dataFile` in a child process. */
export function spawnApiChild(dataFile: string): ApiChild {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataFile, TEST_SECRET], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      if (buf.includes('\n')) resolve((JSON.parse(buf.split('\n')[0] ?? '') as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`child exited early (${code})`)));
  });
  const kill = () => void child.kill('SIGKILL');
  return {
    url,
    kill,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) kill();
      await exited;
    },
  };
}
