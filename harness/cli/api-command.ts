/**
 * `harness api`: the notes service in dev mode behind the fault proxy, for tests and other
 * frontends. Prints one line with its URL once listening, then one line per call.
 */
import { Command, Option } from 'commander';
import type { Io, Running } from './io.ts';
import { parseHost, parsePort } from './option-parsers.ts';
import { defaultDataFile, ensureParentDir, oldDataFileNote } from './paths.ts';
import { requireSecretFor, resolveSecret } from './secret.ts';
import { addSharedOptions, faultsFrom, type SharedFlags } from './shared-options.ts';
import { listenProblem, UsageError } from './usage-error.ts';

/** Parsed `api` flags. */
export type ApiFlags = SharedFlags & { port: number; host: string };

const EXAMPLES = `
Examples:
  $ harness api                          # http://127.0.0.1:4301, notes in .harness/notes.db
  $ harness api --port 0                 # any free port; the first line says which
  $ harness api --data /tmp/notes.db --latency 400 --fail-rate 0.1
  $ HARNESS_SECRET=s3cret harness api --host ::1`;

/** Builds the `api` command; `onRunning` receives the server so Ctrl-C can stop it. */
export function apiCommand(io: Io, env: NodeJS.ProcessEnv, onRunning: (r: Running) => void): Command {
  const cmd = new Command('api')
    .description('start the notes service in dev mode alone (everything under /api/v1)')
    .addOption(new Option('--port <n>', 'port (0 = any free port)').argParser(parsePort).default(4301))
    .addOption(new Option('--host <host>', 'address to listen on').argParser(parseHost).default('127.0.0.1'));
  return addSharedOptions(cmd)
    .addHelpText('after', EXAMPLES)
    .action(async (flags: ApiFlags) => onRunning(await runApi(flags, io, env)));
}

/**
 * Starts the API; a busy port, or a non-loopback `--host` with the public dev secret, becomes a
 * UsageError (exit 2).
 */
export async function runApi(flags: ApiFlags, io: Io, env: NodeJS.ProcessEnv): Promise<Running> {
  const { secret, source } = resolveSecret(flags.secret, env);
  requireSecretFor(flags.host, source, '--host');
  const dataFile = flags.data ?? defaultDataFile();
  ensureParentDir(dataFile);
  const note = flags.data === undefined ? oldDataFileNote(dataFile) : null;
  if (note) io.err(note);
  // Loaded on use, so `harness token` and `--help` don't load the service (Fastify, SQLite).
  const { OldDataFileError, startApi } = await import('../api/server.ts');
  const api = await startApi({
    host: flags.host,
    port: flags.port,
    dataFile,
    secret,
    faults: faultsFrom(flags),
    log: (line) => io.out(line),
    filesUrl: flags.filesUrl,
  }).catch((err: unknown) => {
    if (err instanceof OldDataFileError) throw new UsageError(err.message);
    throw listenProblem(err, 'notes API', `${flags.host}:${flags.port}`, '--port') ?? err;
  });
  io.out(`Notes service (dev mode) listening on ${api.url}`);
  return api;
}
