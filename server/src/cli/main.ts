/**
 * The `notes-server` command line (issue 25, exactly): `[serve]` with its flags and NOTES_* env
 * (a flag wins), `migrate`, `backup FILE`, `retire --learner R/O/W`, `copy --from --to`, `--help`.
 * A bad flag, a bad value or a missing required setting prints one line and exits 2; a failure
 * at run time (the database unreachable, a busy port) one line and exit 1.
 */
import { Command, CommanderError, Option } from 'commander';
import { DEFAULT_LEEWAY_SECONDS, MAX_LEEWAY_SECONDS } from '../auth/auth-config.ts';
import { StoreError } from '../store/notes-store.ts';
import { backupCommand, copyCommand, migrateCommand, retireCommand } from './operations.ts';
import { type ServeOptions, serve } from './serve.ts';
import { UsageError } from './usage-error.ts';
import {
  parseAlgorithms,
  parseAzp,
  parseClockTolerance,
  parseLearner,
  parseOrigins,
  parsePort,
} from './values.ts';

/** Where the CLI writes; the bin passes the process's streams, tests their own. */
export type Io = { out: (line: string) => void; err: (line: string) => void };

/** Where uploads go when neither --files-dir nor NOTES_FILES_DIR says. */
export const DEFAULT_FILES_DIR = 'notes-files';

/** Where the database is when neither --database nor NOTES_DATABASE says. */
export const DEFAULT_DATABASE = 'notes.db';

const database = () =>
  new Option('--database <file|url>', 'a SQLite file, or postgres://user:pass@host/db')
    .env('NOTES_DATABASE')
    .default(DEFAULT_DATABASE);
const filesDir = () =>
  new Option('--files-dir <dir>', 'where uploaded images are stored')
    .env('NOTES_FILES_DIR')
    .default(DEFAULT_FILES_DIR);

/** The first line of a message, without commander's "error: " prefix. */
const oneLine = (message: string): string =>
  (message.split('\n').find((l) => l.trim() !== '') ?? 'error').replace(/^error: /, '').trim();

function program(io: Io, setCode: (code: number) => void): Command {
  const root = new Command('notes-server')
    .description('The notes service: the API the Notes app calls, on SQLite or PostgreSQL.')
    .exitOverride()
    .showSuggestionAfterError(false)
    .configureOutput({
      writeOut: (s) => io.out(s.replace(/\n$/, '')),
      writeErr: () => {},
      outputError: () => {},
    });

  const serveCommand = root
    .command('serve', { isDefault: true })
    .description('run the service (the default command)')
    .addOption(database())
    .addOption(new Option('--port <n>', 'TCP port').env('NOTES_PORT').default(4310).argParser(parsePort))
    .addOption(new Option('--host <addr>', 'address to listen on').env('NOTES_HOST').default('127.0.0.1'))
    .addOption(
      new Option('--issuer <iss>', "the tokens' exact iss (required outside --dev)").env('NOTES_ISSUER'),
    )
    .addOption(
      new Option(
        '--jwks-url <url>',
        "the portal's key set, e.g. Keycloak's …/protocol/openid-connect/certs",
      ).env('NOTES_JWKS_URL'),
    )
    .addOption(new Option('--public-keys <dir>', 'PEM files named by kid (Sunbird)').env('NOTES_PUBLIC_KEYS'))
    .addOption(new Option('--audience <aud>', "required in the tokens' aud").env('NOTES_AUDIENCE'))
    .addOption(
      new Option('--azp <client>', "when given, the tokens' azp must equal it (the portal's client id)")
        .env('NOTES_AZP')
        .argParser(parseAzp),
    )
    .addOption(
      new Option(
        '--clock-tolerance <seconds>',
        `clock skew allowed on the tokens' exp and nbf, 0-${MAX_LEEWAY_SECONDS} (default ${DEFAULT_LEEWAY_SECONDS})`,
      )
        .env('NOTES_CLOCK_TOLERANCE')
        .argParser(parseClockTolerance),
    )
    .addOption(
      new Option(
        '--algorithms <list>',
        'allowed asymmetric algorithms (default RS256,PS256,ES256)',
      ).argParser(parseAlgorithms),
    )
    .addOption(
      new Option('--allowed-origins <list>', 'origins allowed to call cross-origin (CORS)')
        .env('NOTES_ALLOWED_ORIGINS')
        .argParser(parseOrigins),
    )
    .addOption(filesDir())
    .option('--dev', 'development: accept HS256 tokens signed with --secret (the harness)')
    .option('--secret <s>', 'the HS256 secret, with --dev only')
    .action(async (o: ServeOptions) => {
      setCode(await serve(o, io.out));
    });

  root.addHelpText('after', () => `\nnotes-server [serve] (the default):\n${serveCommand.helpInformation()}`);

  root
    .command('migrate')
    .description('bring the database schema up to date (serve does this at start too)')
    .addOption(database())
    .action(async (o: { database: string }) => migrateCommand(o.database, io.out));

  root
    .command('backup')
    .description('SQLite: an online backup into FILE; PostgreSQL: prints the pg_dump command')
    .argument('<file>', 'the backup file to write (must not exist)')
    .addOption(database())
    .action(async (file: string, o: { database: string }) => backupCommand(o.database, file, io.out));

  root
    .command('retire')
    .description("erase a learner's notes, keys and files (a deleted account)")
    .addOption(database())
    .requiredOption('--learner <rootorg/org/wid>', 'the learner', parseLearner)
    .addOption(filesDir())
    .action(async (o: { database: string; learner: ReturnType<typeof parseLearner>; filesDir: string }) =>
      retireCommand(o.database, o.learner, o.filesDir, io.out),
    );

  root
    .command('copy')
    .description('copy everything into another, empty database (e.g. SQLite → PostgreSQL)')
    .requiredOption('--from <file|url>', 'the database to copy')
    .requiredOption('--to <file|url>', 'the empty database to fill')
    .action(async (o: { from: string; to: string }) => copyCommand(o.from, o.to, io.out));

  for (const c of [root, ...root.commands]) {
    c.exitOverride()
      .showSuggestionAfterError(false)
      .configureOutput({
        writeOut: (s) => io.out(s.replace(/\n$/, '')),
        writeErr: () => {},
        outputError: () => {},
      });
  }
  return root;
}

/** Runs the CLI on `argv` (without node and the script); resolves with the exit code. */
export async function main(argv: string[], io: Io): Promise<number> {
  let code = 0;
  try {
    await program(io, (c) => {
      code = c;
    }).parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return 0;
      io.err(`notes-server: ${oneLine(e.message)}`);
      return 2;
    }
    if (e instanceof UsageError) {
      io.err(`notes-server: ${oneLine(e.message)}`);
      return 2;
    }
    const message = e instanceof Error ? e.message : String(e);
    io.err(`notes-server: ${oneLine(e instanceof StoreError ? message : message || 'failed')}`);
    return 1;
  }
}
