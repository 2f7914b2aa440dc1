/**
 * Ctrl-C and SIGTERM handling for long-running commands: stop every server, then exit 0. A
 * second signal, or a close that hangs, forces the exit so the terminal is never stuck.
 */

/** The process surface this needs, so tests can pass a fake. */
export type SignalTarget = {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  exit(code: number): void;
};

/** Stops `running` on the first SIGINT/SIGTERM and exits 0; `log` announces it. */
export function stopOnSignals(
  running: { close(): Promise<void> },
  log: (line: string) => void,
  target: SignalTarget = process,
  forceAfterMs = 5000,
): void {
  let stopping = false;
  const stop = (): void => {
    if (stopping) {
      target.exit(0);
      return;
    }
    stopping = true;
    log('harness: stopping…');
    const force = setTimeout(() => target.exit(0), forceAfterMs);
    force.unref();
    running
      .close()
      .catch(() => {})
      .finally(() => {
        clearTimeout(force);
        target.exit(0);
      });
    target.once('SIGINT', stop);
    target.once('SIGTERM', stop);
  };
  target.once('SIGINT', stop);
  target.once('SIGTERM', stop);
}
