import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEV_SECRET } from '../../harness/api/auth.ts';
import { main } from '../../harness/cli/main.ts';
import { ROOT, spawnHarness } from './support/spawn-harness.ts';

const it = suite<{ dir: string }>('harness bin');

it.before((ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'notes-cli-'));
});
it.after((ctx) => rmSync(ctx.dir, { recursive: true, force: true }));

// Most cases run the CLI in this process (the same `main` the bin calls, with its output captured);
// a real process is spawned only where the bin itself is what is tested: its exit code and stderr,
// a server stopped by SIGTERM, the fault flags on a running API, and the working directory.

/** Runs the bin as a child process, like a developer would. */
const spawnRun = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const proc = spawnHarness(args, env);
  const code = await proc.exited;
  return { code, out: proc.stdout(), err: proc.stderr() };
};

/** Runs the CLI's `main` in-process; output is joined as the bin would print it. */
const run = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l) }, env);
  const text = (lines: string[]) => lines.map((l) => `${l}\n`).join('');
  return { code, out: text(out), err: text(err) };
};

const payloadOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

const signedWith = (token: string, secret: string): boolean => {
  const [head, body, sig] = token.split('.');
  return createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url') === sig;
};

it('a bad flag gets exit code 2 and exactly one line on stderr, nothing on stdout', async () => {
  const cases = [
    ['serve', '--app-port', '70000'],
    ['serve', '--origin', 'http://localhost:4200/notes'],
    ['serve', '--bogus'],
    ['api', '--fail-rate', '1.5'],
    ['token', '--user', 'nobody'],
    ['serv'],
  ];
  for (const args of cases) {
    const { code, out, err } = await run(args);
    assert.is(code, 2, args.join(' '));
    assert.is(out, '', args.join(' '));
    assert.match(err, /^harness: error: [^\n]+\n$/, args.join(' '));
  }
  // The bin turns that into the process's exit code and stderr: one flag error, one unknown command.
  const spawned = await Promise.all([spawnRun(['serve', '--bogus']), spawnRun(['serv'])]);
  for (const { code, out, err } of spawned) {
    assert.is(code, 2);
    assert.is(out, '');
    assert.match(err, /^harness: error: [^\n]+\n$/);
  }
});

it('a busy port gets exit code 2 and one line naming the flag', async ({ dir }) => {
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = String((blocker.address() as { port: number }).port);
  try {
    const api = await run(['api', '--port', port, '--data', join(dir, 'busy.jsonl')]);
    assert.is(api.code, 2);
    assert.match(api.err, /^harness: error: .*already in use.*--port\n$/);
    const serve = await run(['serve', '--api-port', port, '--data', join(dir, 'busy2.jsonl')]);
    assert.is(serve.code, 2);
    assert.match(serve.err, /^harness: error: .*already in use.*--api-port\n$/);
  } finally {
    blocker.close();
  }
});

it("the old mock API's JSON-lines data file as --data: exit 2, one line, the file untouched", async ({
  dir,
}) => {
  const old = join(dir, 'old', 'data.jsonl');
  const bytes = '{"format":"notes-harness","version":2}\n{"op":"del","owner":{},"noteId":"x"}\n';
  for (const args of [
    ['api', '--port', '0', '--data', old],
    ['serve', '--api-port', '0', '--app-port', '0', '--data', old],
  ]) {
    rmSync(join(dir, 'old'), { recursive: true, force: true });
    mkdirSync(join(dir, 'old'));
    writeFileSync(old, bytes);
    const { code, out, err } = await run(args);
    assert.is(code, 2, args[0]);
    assert.match(
      err,
      /^harness: error: .*data\.jsonl is a JSON-lines data file of the old mock API.*left untouched.*\n$/,
    );
    assert.is(err.split('\n').length, 2, 'one line');
    assert.not.match(out, /listening/);
    assert.is(readFileSync(old, 'utf8'), bytes);
    assert.equal(readdirSync(join(dir, 'old')), ['data.jsonl']);
  }
});

it('token prints one signed 3-part JWT for the chosen learner and nothing else', async () => {
  const { code, out, err } = await spawnRun(['token', '--user', 'lukas']);
  assert.is(code, 0);
  assert.is(err, '');
  assert.match(out, /^[\w-]+\.[\w-]+\.[\w-]+\n$/);
  const token = out.trim();
  assert.is(payloadOf(token).wid, 'wid-lukas-2c9e');
  assert.ok(signedWith(token, DEV_SECRET), 'signed with the dev secret by default');
});

it('token honours --secret over HARNESS_SECRET over the dev secret, and --expires-in', async () => {
  const fromEnv = (await run(['token'], { HARNESS_SECRET: 'env-secret' })).out.trim();
  assert.ok(signedWith(fromEnv, 'env-secret'));
  const fromFlag = (
    await run(['token', '--secret', 'flag-secret', '--expires-in', '60'], { HARNESS_SECRET: 'env-secret' })
  ).out.trim();
  assert.ok(signedWith(fromFlag, 'flag-secret'));
  const claims = payloadOf(fromFlag);
  assert.is(Number(claims.exp) - Number(claims.iat), 60);
});

it('api --port 0 prints one URL line, answers a token-bearing call, logs it, and stops on SIGTERM', async ({
  dir,
}) => {
  const token = (await run(['token'])).out.trim();
  const proc = spawnHarness(['api', '--port', '0', '--data', join(dir, 'api.jsonl')]);
  try {
    const [line, url] = await proc.waitForStdout(/^.*(http:\/\/127\.0\.0\.1:\d+).*\n/);
    assert.is(proc.stdout(), line, 'exactly one line before any call');
    const res = await fetch(`${url}/api/v1/notes/recent`, {
      headers: {
        Authorization: `Bearer ${token}`,
        rootorg: 'wingspan',
        org: 'wingspan-learning',
        domain: 'lex-dev.infosysapps.com',
        wid: 'wid-asha-7f3a',
      },
    });
    assert.is(res.status, 200);
    const notes = (await res.json()) as { noteId: string }[];
    assert.ok(Array.isArray(notes) && notes.length > 0, 'seeded notes come back');
    await proc.waitForStdout(/^GET \/api\/v1\/notes\/recent 200 \d+ms$/m);
    assert.not.ok(proc.stdout().includes(token), 'the token is never printed');
  } finally {
    assert.is(await proc.stop(), 0);
  }
});

it('api --fail-rate 1 --latency 300 runs: answers come after the delay, all 503, some after the work', async ({
  dir,
}) => {
  const token = (await run(['token'])).out.trim();
  const headers = {
    Authorization: `Bearer ${token}`,
    rootorg: 'wingspan',
    org: 'wingspan-learning',
    domain: 'lex-dev.infosysapps.com',
    wid: 'wid-asha-7f3a',
  };
  // At rate 1 every call fails, about half of them after doing the work (the answer is "lost").
  const failing = spawnHarness([
    'api',
    '--port',
    '0',
    '--fail-rate',
    '1',
    '--latency',
    '300',
    '--data',
    join(dir, 'g.jsonl'),
  ]);
  try {
    const [, url] = await failing.waitForStdout(/(http:\/\/127\.0\.0\.1:\d+)/);
    const t0 = performance.now();
    const first = await fetch(`${url}/api/v1/notes/recent`, { headers });
    assert.ok(performance.now() - t0 >= 290, 'the latency applies');
    assert.is(first.status, 503);
    const statuses = await Promise.all(
      Array.from({ length: 24 }, () =>
        fetch(`${url}/api/v1/notes/recent`, { headers }).then((r) => r.status),
      ),
    );
    assert.equal([...new Set(statuses)], [503]);
    await failing.waitForStdout(/^GET \/api\/v1\/notes\/recent 503 \(lost 200\) \d+ms$/m);
    await failing.waitForStdout(/^GET \/api\/v1\/notes\/recent 503 \d+ms$/m);
  } finally {
    assert.is(await failing.stop(), 0);
  }
});

it('--help on every command shows examples and exits 0', async () => {
  for (const args of [['--help'], ['serve', '--help'], ['api', '--help'], ['token', '--help']]) {
    const { code, out } = await run(args);
    assert.is(code, 0, args.join(' '));
    assert.match(out, /Examples:\n\s+\$ harness /, args.join(' '));
  }
});

it('runs from any working directory (paths resolve from the bin, not the cwd)', ({ dir }) => {
  const res = spawnSync(process.execPath, [join(ROOT, 'harness/bin.mjs'), 'token'], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.is(res.status, 0, res.stderr);
  assert.match(res.stdout, /^[\w-]+\.[\w-]+\.[\w-]+\n$/);
});

it.run();
