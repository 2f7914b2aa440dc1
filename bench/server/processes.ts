/**
 * The bench's server processes: spawned, waited for until they print their URL, sampled for memory
 * (RSS from /proc), and stopped with SIGTERM. Loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A running server: where it listens, its pid, and how to stop it. */
export type Running = { url: string; pid: number; stop(): Promise<void> };

/** Spawns `args` under node and resolves once a line with an http://127.0.0.1 URL appears. */
export function startServer(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 120_000,
): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let ready = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not print its URL within ${timeoutMs} ms: ${output.slice(-500)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      if (ready) return; // keep draining, stop keeping (the service logs every request)
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      ready = true;
      resolve({
        url: match[0],
        pid: child.pid ?? -1,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (!ready) output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before printing its URL: ${output.slice(-500)}`));
    });
  });
}

/** Resident and peak resident memory of `pid` in bytes (Linux /proc), or null when unreadable. */
export function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** Samples `pid`'s RSS every `everyMs` until stopped; returns the largest seen. */
export function sampleMemory(pid: number, everyMs = 250): { stop(): number } {
  let max = 0;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m && m.rss > max) max = m.rss;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const m = memoryOf(pid);
      return Math.max(max, m?.rss ?? 0);
    },
  };
}
