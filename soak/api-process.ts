/**
 * The harness API (the notes service in dev mode behind the fault proxy) as a real child process
 * (`node harness/bin.mjs api …`), so the soak can end it the hard way — SIGKILL, no shutdown code,
 * whatever it was writing cut off — and start it again on the same port and database, as a
 * crashed and restarted server would be. Every line it prints is
 * kept with the time it arrived, for the report.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** One line the API printed: when (ms since the soak started), which run of it, and the line. */
export type ApiLine = { at: number; run: number; line: string };

/** How to start it. */
export type ApiSettings = {
  root: string;
  dataFile: string;
  failRate: number;
  latency: number;
  started: number;
};

/** A free TCP port on 127.0.0.1 (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The API's process: start, kill -9, start again; its log; and a clean stop at the end. */
export function apiProcess(settings: ApiSettings, port: number) {
  const log: ApiLine[] = [];
  let child: ChildProcess | null = null;
  let run = 0;
  const now = () => Math.round(performance.now() - settings.started);

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      run += 1;
      const thisRun = run;
      const args = [
        join(settings.root, 'harness/bin.mjs'),
        'api',
        '--port',
        String(port),
        '--data',
        settings.dataFile,
        '--fail-rate',
        String(settings.failRate),
        '--latency',
        String(settings.latency),
      ];
      const proc = spawn(process.execPath, args, { cwd: settings.root, stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      let ready = false;
      let pending = '';
      const take = (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines.filter(Boolean)) {
          log.push({ at: now(), run: thisRun, line });
          if (!ready && line.startsWith('Notes service (dev mode) listening on')) {
            ready = true;
            resolve();
          }
        }
      };
      proc.stdout?.on('data', take);
      proc.stderr?.on('data', take);
      proc.once('exit', (code, signal) => {
        log.push({ at: now(), run: thisRun, line: `(process exited: ${signal ?? `code ${code}`})` });
        if (!ready)
          reject(
            new Error(`the notes API exited before listening (${signal ?? code}): ${log.at(-2)?.line ?? ''}`),
          );
      });
    });

  return {
    port,
    log,
    url: `http://127.0.0.1:${port}`,
    start,
    /** SIGKILL: no chance to finish a write or close the file. Resolves once the process is gone. */
    kill(): Promise<void> {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
      const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      log.push({ at: now(), run, line: `(soak: kill -9 ${proc.pid})` });
      proc.kill('SIGKILL');
      return gone;
    },
    /** Ends it politely (SIGTERM, then SIGKILL after 3 s). */
    async stop(): Promise<void> {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** The API's process handle. */
export type ApiProcess = ReturnType<typeof apiProcess>;
