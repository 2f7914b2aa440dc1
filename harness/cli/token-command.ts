/**
 * `harness token`: a signed token for a seeded learner, for curl sessions against the harness's notes API.
 * Prints the token and nothing else on stdout so `$(harness token)` works.
 */
import { Command, Option } from 'commander';
import { SEEDED_USERS, type SeedUser, tokenForUser } from '../api/seed.ts';
import type { Io } from './io.ts';
import { parseSeconds, parseSecret, parseUser } from './option-parsers.ts';
import { resolveSecret } from './secret.ts';

/** Parsed `token` flags. */
export type TokenFlags = { user?: SeedUser; secret?: string; expiresIn?: number };

const EXAMPLES = `
Examples:
  $ harness token
  $ harness token --user lukas --expires-in 600
  $ TOKEN=$(harness token --user amira)
    curl -H "Authorization: Bearer $TOKEN" -H "wid: wid-amira-91d4" -H "rootorg: wingspan" \\
         -H "org: olympics-academy" -H "domain: lex-dev.infosysapps.com" \\
         http://127.0.0.1:4301/api/v1/notes/recent`;

/** Builds the `token` command; `run` does the work so tests can call it without a process. */
export function tokenCommand(io: Io, env: NodeJS.ProcessEnv): Command {
  return new Command('token')
    .description('print a signed token (HS256 JWT) for a seeded learner; nothing else goes to stdout')
    .addOption(
      new Option('--user <name>', `seeded learner (${SEEDED_USERS.map((u) => u.name).join(', ')})`).argParser(
        parseUser,
      ),
    )
    .addOption(
      new Option('--secret <s>', 'signing secret (default: $HARNESS_SECRET, else the dev secret)').argParser(
        parseSecret,
      ),
    )
    .addOption(
      new Option('--expires-in <seconds>', 'lifetime in seconds (default: 12 hours)').argParser(parseSeconds),
    )
    .addHelpText('after', EXAMPLES)
    .action((flags: TokenFlags) => runToken(flags, io, env));
}

/** Prints the token for `flags.user` (default: the first seeded learner). */
export function runToken(flags: TokenFlags, io: Io, env: NodeJS.ProcessEnv): void {
  const user = flags.user ?? SEEDED_USERS[0]!;
  const { secret } = resolveSecret(flags.secret, env);
  io.out(tokenForUser(user, secret, flags.expiresIn));
}
