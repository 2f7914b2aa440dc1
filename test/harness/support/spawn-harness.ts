/**
 * Runs `node harness/bin.mjs …` as a child process the way a developer would, collecting its
 * output, so CLI and browser tests exercise the real bin (tsx registration, exit codes, signals).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A running (or finished) harness process. */
export type HarnessProcess = {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout; rejects if the process exits first or `guardMs` passes. */
  waitForStdout(pattern: RegExp, guardMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Sends SIGTERM (if still running) and resolves with the exit code. */
  stop(): Promise<number | null>;
};

/** Spawns the harness bin with `args` in the repository root. */
export function spawnHarness(args: string[], env: NodeJS.ProcessEnv = {}): HarnessProcess {
  const child = spawn(process.execPath, ['harness/bin.mjs', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let running = true;
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      running = false;
      resolve(code);
    }),
  );
  const waitForStdout = (pattern: RegExp, guardMs = 60_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const m = out.match(pattern);
        if (m) {
          done();
          resolve(m);
        }
        return Boolean(m);
      };
      const fail = (why: string) => () => {
        done();
        reject(new Error(`${why} waiting for ${pattern}\nstdout: ${out}\nstderr: ${err}`));
      };
      const onExit = fail('harness exited');
      const guard = setTimeout(fail('gave up'), guardMs);
      const onData = (): void => {
        check();
      };
      const done = (): void => {
        clearTimeout(guard);
        child.stdout?.off('data', onData);
        child.off('close', onExit);
      };
      if (check()) return;
      if (!running) return onExit();
      child.stdout?.on('data', onData);
      child.once('close', onExit);
    });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitForStdout,
    exited,
    stop: () => {
      if (running) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A port that was free on `host` a moment ago (for flags that cannot take 0, like `--origin`). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
