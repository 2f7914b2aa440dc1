/**
 * Output channels handed to every command, so commands never touch `process.stdout` directly and
 * tests can capture exactly what a command prints.
 */

/** One line per call; the newline is added by the channel. */
export type Io = { out: (line: string) => void; err: (line: string) => void };

/** The real terminal. */
export const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Something a long-running command started and must stop on Ctrl-C. */
export type Running = { close(): Promise<void> };
