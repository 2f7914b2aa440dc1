/**
 * Flags that `serve` and `api` share (data file, secret, fault injection), declared once so both
 * commands spell, validate and document them the same way.
 */
import { type Command, Option } from 'commander';
import type { Faults } from '../api/server.ts';
import { parseFile, parseMs, parseRate, parseSecret } from './option-parsers.ts';

/** Parsed shared flags. */
export type SharedFlags = {
  data?: string;
  secret?: string;
  latency: number;
  failRate: number;
  timeoutRate: number;
};

/** Adds `--data`, `--secret`, `--latency`, `--fail-rate` and `--timeout-rate` to a command. */
export function addSharedOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--data <file>',
        'notes data file (default: .harness/data.jsonl, or the OS temp dir)',
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
