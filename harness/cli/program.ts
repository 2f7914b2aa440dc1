/**
 * The `harness` commander program: `serve`, `api`, `token` and `check-api`, with errors reported
 * as one line (`harness: error: …`) and turned into exceptions instead of `process.exit`, so
 * `cli.ts` decides exit codes and tests can drive the program in-process.
 */
import { Command } from 'commander';
import { apiCommand } from './api-command.ts';
import { checkApiCommand } from './check-api-command.ts';
import type { Io, Running } from './io.ts';
import { serveCommand } from './serve-command.ts';
import { tokenCommand } from './token-command.ts';

/** Folds commander's possibly multi-line message ("… (Did you mean …?)") into one line. */
export const oneLine = (message: string): string => message.trim().replace(/\s*\n\s*/g, ' ');

/** Masks anything shaped like a JWT, so a mistyped `--tokn=eyJ…` is never echoed by an error. */
export const maskTokens = (text: string): string =>
  text.replace(/[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, '‹token›');

const EXAMPLES = `
Examples:
  $ harness serve                      # app + notes API + mock portal; open http://localhost:4200
  $ harness api --port 0               # just the notes API (the service in dev mode) on a free port
  $ harness token --user lukas         # a signed token for a seeded learner
  $ harness check-api http://127.0.0.1:4301/api/v1 --token "$(harness token)"   # the API contract's checks
  $ harness serve --help               # every serve flag, with examples`;

/**
 * Builds the program; `onRunning` receives whatever a long-running command started, `onExit` the
 * exit code a command chose (check-api: its failed checks).
 */
export function buildProgram(
  io: Io,
  env: NodeJS.ProcessEnv,
  onRunning: (r: Running) => void,
  onExit: (code: number) => void = () => undefined,
): Command {
  const program = new Command('harness')
    .description(
      'Dev harness for the Notes app: a mock portal, the app server and the notes service in dev mode',
    )
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.out(text.replace(/\n$/, '')),
      writeErr: (text) => io.err(text.replace(/\n$/, '')),
      outputError: (text, write) => write(`harness: ${maskTokens(oneLine(text))}\n`),
    })
    .addHelpText('after', EXAMPLES);
  for (const cmd of [
    serveCommand(io, env, onRunning),
    apiCommand(io, env, onRunning),
    tokenCommand(io, env),
    checkApiCommand(io, env, onExit),
  ]) {
    cmd.copyInheritedSettings(program);
    program.addCommand(cmd);
  }
  return program;
}
