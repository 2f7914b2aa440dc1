/**
 * `harness check-api URL`: runs the notes API contract's checks (harness/check-api/) against any
 * notes API as the test learner a token names, one line per check; the exit code is the number of
 * failed checks, capped at 100. The token comes from `--token` or `NOTES_CHECK_TOKEN` and is never
 * printed: commander never sees it as a parsed value, and every output line is redacted.
 */
import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import type { Fetch, Identity } from '../check-api/client.ts';
import { widFromToken } from '../check-api/token-claims.ts';
import type { Io } from './io.ts';
import { parseSeconds } from './option-parsers.ts';
import { UsageError } from './usage-error.ts';

/** Parsed `check-api` flags (tokens unparsed, so a bad one is never quoted in an error). */
export type CheckApiFlags = {
  token?: string;
  otherToken?: string;
  wid?: string;
  rootorg: string;
  org?: string;
  domain?: string;
  timeout: number;
};

/** The highest exit code: more failures still exit 100. */
export const MAX_EXIT = 100;

/** The default rootorg: a scope of its own, so the checks never share one with real notes. */
export const DEFAULT_ROOTORG = 'check-api';

const EXAMPLES = `
URL is the API base, the address that /notes/fetch is appended to (e.g. http://127.0.0.1:4301/api/v1).
The learner is (rootorg, org, wid): wid from --wid, else the token's wid claim, else the part of sub
after its last ':'; rootorg defaults to ${DEFAULT_ROOTORG}, org to the rootorg, domain to URL's host name.
Every note the run adds is deleted at the end; the one uploaded PNG stays (the API cannot delete files).
Exit code: the number of failed checks (at most ${MAX_EXIT}); 2 for a bad command line.

Examples:
  $ harness check-api http://127.0.0.1:4301/api/v1 --token "$(harness token)"
  $ NOTES_CHECK_TOKEN=$TOKEN harness check-api https://portal.example/api/v1 --rootorg igot --org igot
  $ harness check-api http://127.0.0.1:4310/api/v1 --token "$T1" --other-token "$T2" --domain portal.example`;

/** The API base: an http(s) URL without credentials, query or fragment. */
export function parseApiBase(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new InvalidArgumentError('Use the API base URL, e.g. http://127.0.0.1:4301/api/v1.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArgumentError('Use an http:// or https:// URL.');
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(value))
    throw new InvalidArgumentError('Leave out user names, passwords, a query and a fragment.');
  return url.href.replace(/\/+$/, '');
}

/** A header value: non-empty, printable, not padded. */
function parseHeaderValue(value: string): string {
  const v = value.trim();
  if (v === '' || !/^[\x21-\x7e\u00a0-\u00ff][\x20-\x7e\u00a0-\u00ff]*$/.test(v))
    throw new InvalidArgumentError('Use a non-empty value of printable characters.');
  return v;
}

/** A token from a flag or the environment, checked without ever quoting it. */
function tokenFrom(flag: string | undefined, envValue: string | undefined, name: string): string | undefined {
  const raw = flag ?? (envValue?.trim() === '' ? undefined : envValue);
  if (raw === undefined) return undefined;
  const token = raw.trim().replace(/^Bearer\s+/i, '');
  if (!/^[\x21-\x7e]+$/.test(token))
    throw new UsageError(`${name} must be one token of printable ASCII characters (not shown here)`);
  return token;
}

/** The identities to run as, from the flags and the environment; a problem is a UsageError (exit 2). */
export function identitiesFrom(
  flags: CheckApiFlags,
  base: string,
  env: NodeJS.ProcessEnv,
): { identity: Identity; other?: Identity } {
  const token = tokenFrom(flags.token, env.NOTES_CHECK_TOKEN, '--token');
  if (token === undefined)
    throw new UsageError('give the test learner’s token with --token or NOTES_CHECK_TOKEN');
  const wid = flags.wid ?? widFromToken(token);
  if (wid === null) throw new UsageError('the token names no learner (no wid claim, no sub); give --wid');
  const rootorg = flags.rootorg;
  const common = { rootorg, org: flags.org ?? rootorg, domain: flags.domain ?? new URL(base).hostname };
  const identity: Identity = { token, wid, ...common };
  const otherToken = tokenFrom(flags.otherToken, env.NOTES_CHECK_OTHER_TOKEN, '--other-token');
  if (otherToken === undefined) return { identity };
  const otherWid = widFromToken(otherToken);
  if (otherWid === null) throw new UsageError('the --other-token names no learner (no wid claim, no sub)');
  if (otherWid === wid) throw new UsageError('--other-token must name another learner than --token');
  return { identity, other: { token: otherToken, wid: otherWid, ...common } };
}

/** Where Ctrl-C comes from (the process; a test's emitter). */
export type InterruptSource = {
  once(signal: 'SIGINT', listener: () => void): unknown;
  off(signal: 'SIGINT', listener: () => void): unknown;
};

/**
 * Builds the `check-api` command; `onExit` receives the exit code (failed checks, capped). The
 * first Ctrl-C stops the run after the check in progress and still cleans up; a second one quits.
 */
export function checkApiCommand(
  io: Io,
  env: NodeJS.ProcessEnv,
  onExit: (code: number) => void,
  fetch: Fetch = globalThis.fetch,
  signals: InterruptSource = process,
): Command {
  return new Command('check-api')
    .description('run the notes API contract’s checks against an API, as the test learner a token names')
    .addArgument(
      new Argument('<url>', 'the API base, e.g. http://127.0.0.1:4301/api/v1').argParser(parseApiBase),
    )
    .addOption(
      new Option('--token <token>', 'the test learner’s token (default: $NOTES_CHECK_TOKEN); never printed'),
    )
    .addOption(
      new Option(
        '--wid <wid>',
        'the wid header (default: the token’s wid, else its sub after the last ":")',
      ).argParser(parseHeaderValue),
    )
    .addOption(
      new Option('--rootorg <rootorg>', 'the rootorg header')
        .argParser(parseHeaderValue)
        .default(DEFAULT_ROOTORG),
    )
    .addOption(new Option('--org <org>', 'the org header (default: the rootorg)').argParser(parseHeaderValue))
    .addOption(
      new Option('--domain <host>', 'the domain header (default: the URL’s host name)').argParser(
        parseHeaderValue,
      ),
    )
    .addOption(
      new Option(
        '--other-token <token>',
        'a second learner’s token, for the isolation checks (default: $NOTES_CHECK_OTHER_TOKEN)',
      ),
    )
    .addOption(
      new Option('--timeout <seconds>', 'give up on a call after this long')
        .argParser(parseSeconds)
        .default(30),
    )
    .addHelpText('after', EXAMPLES)
    .action(async (base: string, flags: CheckApiFlags) => {
      const { identity, other } = identitiesFrom(flags, base, env);
      const stop = new AbortController();
      const interrupt = () => {
        io.err(
          'harness: stopping after this check, then deleting the notes the run added (Ctrl-C again quits)',
        );
        stop.abort();
      };
      signals.once('SIGINT', interrupt);
      try {
        const timeoutMs = flags.timeout * 1000;
        const { runChecks } = await import('../check-api/runner.ts');
        const tally = await runChecks({
          base,
          identity,
          other,
          fetch,
          out: io.out,
          timeoutMs,
          stop: stop.signal,
        });
        onExit(Math.min(tally.failed, MAX_EXIT));
      } finally {
        signals.off('SIGINT', interrupt);
      }
    });
}
