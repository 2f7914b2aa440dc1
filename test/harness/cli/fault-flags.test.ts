import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ApiFlags, apiCommand } from '../../../harness/cli/api-command.ts';
import { type ServeFlags, serveCommand, settingsFrom } from '../../../harness/cli/serve-command.ts';
import { faultsFrom } from '../../../harness/cli/shared-options.ts';

const io = { out: () => undefined, err: () => undefined };

/** Parses `args` with a command whose action only records the flags. */
async function flagsOf<T>(make: typeof apiCommand | typeof serveCommand, args: string[]): Promise<T> {
  let seen: unknown;
  const cmd = make(io, {}, () => undefined).action((flags: unknown) => {
    seen = flags;
  });
  await cmd.parseAsync(args, { from: 'user' });
  return seen as T;
}

test('api and serve both take --latency and --fail-rate (half before the work, half after)', async () => {
  const api = await flagsOf<ApiFlags>(apiCommand, ['--fail-rate', '0.2', '--latency', '300']);
  assert.equal(faultsFrom(api), { latencyMs: 300, failRate: 0.1, lostRate: 0.1, timeoutRate: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'notes-fault-flags-'));
  try {
    const serve = await flagsOf<ServeFlags>(serveCommand, [
      '--fail-rate',
      '0.3',
      '--latency',
      '800',
      '--timeout-rate',
      '0.05',
      '--data',
      join(dir, 'd.jsonl'),
    ]);
    assert.equal(settingsFrom(serve, {}, dir).faults, {
      latencyMs: 800,
      failRate: 0.15,
      lostRate: 0.15,
      timeoutRate: 0.05,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without the flags there are no faults', async () => {
  const api = await flagsOf<ApiFlags>(apiCommand, []);
  assert.equal(faultsFrom(api), { latencyMs: 0, failRate: 0, lostRate: 0, timeoutRate: 0 });
});

test.run();
