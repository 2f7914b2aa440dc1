/**
 * Flags that `serve` and `api` share (data file, secret, fault injection), declared once so both
 * commands spell, validate and document them the same way.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { checkFilesUrl } from '../api/files-url.ts';
import type { Faults } from '../api/server.ts';
import { parseFile, parseMs, parseRate, parseSecret } from './option-parsers.ts';

/** Parsed shared flags. */
export type SharedFlags = {
  data?: string;
  secret?: string;
  latency: number;
  failRate: number;
  timeoutRate: number;
  filesUrl?: string;
};

/** A `--files-url` value (harness/api/files-url.ts), or commander's one-line error (exit 2). */
function parseFilesUrl(value: string): string {
  const url = checkFilesUrl(value.trim());
  if (url instanceof Error) throw new InvalidArgumentError(url.message);
  return url;
}

/**
 * Adds `--data`, `--secret`, `--latency`, `--fail-rate`, `--timeout-rate` and `--files-url` to a
 * command.
 */
export function addSharedOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--data <file>',
        'notes database, a SQLite file (default: .harness/notes.db, or the OS temp dir)',
      ).argParser(parseFile),
    )
    .addOption(
      new Option(
        '--secret <s>',
        'token-signing secret (default: $HARNESS_SECRET, else the dev secret)',
      ).argParser(parseSecret),
    )
    .addOption(
      new Option('--latency <ms>', 'delay every API answer by this many ms').argParser(parseMs).default(0),
    )
    .addOption(
      new Option('--fail-rate <r>', 'share of API calls answered 503 (0–1), half of them after the work')
        .argParser(parseRate)
        .default(0),
    )
    .addOption(
      new Option('--timeout-rate <r>', 'share of API calls never answered (0–1)')
        .argParser(parseRate)
        .default(0),
    )
    .addOption(
      new Option(
        '--files-url <prefix>',
        'what the upload answers before a file name: another path under /api/v1/ (served too), or a CDN URL (default /api/v1/files/)',
      ).argParser(parseFilesUrl),
    );
}

/**
 * The fault settings the flags ask for. Half of `--fail-rate` fails before the work and half after
 * it (the write is stored, the answer lost), so a client's retries meet their own earlier writes.
 */
export const faultsFrom = (flags: SharedFlags): Faults => ({
  latencyMs: flags.latency,
  failRate: flags.failRate / 2,
  lostRate: flags.failRate / 2,
  timeoutRate: flags.timeoutRate,
});
