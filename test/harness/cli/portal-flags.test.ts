import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Io } from '../../../harness/cli/io.ts';
import { main, USAGE_EXIT } from '../../../harness/cli/main.ts';
import { type ServeFlags, serveCommand, settingsFrom } from '../../../harness/cli/serve-command.ts';

const quiet = { out: () => undefined, err: () => undefined };

/** The settings `serve` would run with for `args` (nothing is started). */
async function settingsOf(args: string[]) {
  let seen: ServeFlags | undefined;
  const cmd = serveCommand(quiet, {}, () => undefined).action((flags: ServeFlags) => {
    seen = flags;
  });
  const dir = mkdtempSync(join(tmpdir(), 'notes-portal-flags-'));
  try {
    await cmd.parseAsync([...args, '--data', join(dir, 'd.jsonl')], { from: 'user' });
    return settingsFrom(seen!, {}, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (l) => out.push(l), err: (l) => err.push(l) };
  return { io, out, err };
};

test('by default the portal is the default one, learner asha, tokens without a set lifetime', async () => {
  const s = await settingsOf([]);
  assert.is(s.parent, 'default');
  assert.is(s.user.name, 'asha');
  assert.is(s.tokenTtl, undefined);
});

test('--parent sunbird-cb signs in ravi (org = rootOrg), unless --user says otherwise', async () => {
  const s = await settingsOf(['--parent', 'sunbird-cb']);
  assert.is(s.parent, 'sunbird-cb');
  assert.is(s.user.name, 'ravi');
  assert.is(s.user.org, s.user.rootOrg);
  assert.is((await settingsOf(['--parent', 'sunbird-cb', '--user', 'lukas'])).user.name, 'lukas');
  assert.is((await settingsOf(['--parent', ' default '])).parent, 'default');
});

test('--token-ttl takes whole seconds, 1 or more', async () => {
  assert.is((await settingsOf(['--token-ttl', '30'])).tokenTtl, 30);
  assert.is((await settingsOf(['--token-ttl', '1'])).tokenTtl, 1);
});

test('a bad --parent or --token-ttl is one stderr line and exit 2, before anything starts', async () => {
  const cases = [
    ['--parent', 'sunbird'],
    ['--parent', ''],
    ['--parent'],
    ['--token-ttl', '0'],
    ['--token-ttl', '-3'],
    ['--token-ttl', '1.5'],
    ['--token-ttl', 'soon'],
    ['--token-ttl', ''],
    ['--token-ttl'],
  ];
  for (const args of cases) {
    const c = capture();
    assert.is(await main(['serve', ...args], c.io, {}), USAGE_EXIT, args.join(' '));
    assert.equal(c.out, [], args.join(' '));
    assert.is(c.err.length, 1, `${args.join(' ')}: ${c.err.join(' | ')}`);
    assert.match(c.err[0]!, /^harness: error: .*--(parent|token-ttl)/, args.join(' '));
  }
  const c = capture();
  await main(['serve', '--parent', 'sunbird'], c.io, {});
  assert.match(c.err[0]!, /Use one parent: default, sunbird-cb\./);
});

test('serve --help lists both flags, with examples', async () => {
  const c = capture();
  assert.is(await main(['serve', '--help'], c.io, {}), 0);
  const help = c.out.join('\n');
  assert.match(help, /--parent <kind>/);
  assert.match(help, /--token-ttl <seconds>/);
  assert.match(help, /\$ harness serve --parent sunbird-cb --token-ttl 30 /);
  assert.match(help, /\$ harness serve --token-ttl 90 /);
});

test.run();
