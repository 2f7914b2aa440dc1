/**
 * Runs the `harness` commander program and owns the exit codes —
 * 0 for success and help, 2 for anything the user can fix on the command line (bad flag, busy
 * port), `check-api`'s count of failed checks, 1 for everything else. Errors are always one line
 * on stderr.
 */
import { CommanderError } from 'commander';
import { type Io, processIo, type Running } from './io.ts';
import { buildProgram, maskTokens, oneLine } from './program.ts';
import { stopOnSignals } from './shutdown.ts';
import { UsageError } from './usage-error.ts';

/** Exit code for a command-line problem. */
export const USAGE_EXIT = 2;

/** Runs the CLI on `argv` (user arguments only) and resolves with the exit code to use, or null while servers run. */
export async function main(
  argv: string[],
  io: Io = processIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number | null> {
  let running: Running | undefined;
  let exitCode = 0;
  const program = buildProgram(
    io,
    env,
    (r) => {
      running = r;
    },
    (code) => {
      exitCode = code;
    },
  );
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : USAGE_EXIT;
    const message = oneLine(err instanceof Error ? err.message : String(err));
    io.err(`harness: error: ${maskTokens(message)}`);
    return err instanceof UsageError ? USAGE_EXIT : 1;
  }
  if (!running) return exitCode;
  stopOnSignals(running, io.out);
  return null;
}
