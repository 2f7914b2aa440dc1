/**
 * The command line, exactly as issue 25 gives it, through the real bin: --help, one line and exit
 * 2 for a bad flag, a bad value or a missing setting; serve prints its URL and migrates; migrate,
 * backup, retire (with the files) and copy.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../../server/src/cli/main.ts';
import { devToken, TEST_SECRET } from '../support/app-fixture.ts';
import { devServeArgs, spawnServer } from '../support/spawn-server.ts';

const it = suite<{ dir: string }>('notes-server command line');
it.before((ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'notes-cli-'));
});
it.after((ctx) => {
  rmSync(ctx.dir, { recursive: true, force: true });
});

const run = async (args: string[], env: Record<string, string> = {}) => {
  const p = spawnServer(args, env);
  const code = await p.exited;
  return { code, out: p.stdout, err: p.stderr };
};

it('--help lists the commands and the serve flags; exit 0', async () => {
  const r = await run(['--help']);
  assert.is(r.code, 0);
  const text = r.out.join('\n');
  for (const word of [
    'serve',
    'migrate',
    'backup',
    'retire',
    'copy',
    '--database',
    '--port',
    '--jwks-url',
    '--public-keys',
    '--allowed-origins',
    '--files-dir',
    '--dev',
    '--azp',
    '--clock-tolerance',
    'NOTES_DATABASE',
    'NOTES_AZP',
    'NOTES_CLOCK_TOLERANCE',
  ])
    assert.ok(text.includes(word), word);
});

/** The CLI in this process (the bin is run.ts around the same `main`), with NOTES_* env replaced. */
const runHere = async (args: string[], env: Record<string, string> = {}) => {
  const saved = Object.entries(process.env).filter(([k]) => k.startsWith('NOTES_'));
  for (const [k] of saved) delete process.env[k];
  Object.assign(process.env, env);
  const out: string[] = [];
  const err: string[] = [];
  try {
    const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  } finally {
    for (const k of Object.keys(env)) delete process.env[k];
    Object.assign(process.env, Object.fromEntries(saved));
  }
};

it('through the bin: a bad flag, a bad value, a missing setting — one line, exit 2', async () => {
  for (const args of [
    ['--bogus'],
    ['--port', 'not-a-port', '--dev', '--secret', 's'],
    ['--jwks-url', 'http://127.0.0.1:9/c'],
  ]) {
    const r = await run(args);
    assert.is(r.code, 2, args.join(' '));
    assert.is(r.err.length, 1, JSON.stringify(r.err));
    assert.ok((r.err[0] ?? '').trim() !== '');
    assert.equal(r.out, []);
  }
});

it('a bad flag, a bad value or a missing setting: exactly one non-empty line, exit 2', async ({ dir }) => {
  const keys = ['--issuer', 'https://sso.example/realms/x', '--jwks-url', 'http://127.0.0.1:9/certs'];
  const cases: [string[], Record<string, string>, RegExp][] = [
    [['--bogus'], {}, /unknown option '--bogus'/],
    [['--port', 'not-a-port', '--dev', '--secret', 's'], {}, /--port/],
    [['--dev', '--secret', 's'], { NOTES_PORT: '70000' }, /port/],
    [[...keys, '--algorithms', 'HS256'], {}, /HS256/],
    [[...keys, '--algorithms', 'none'], {}, /none/],
    [['--jwks-url', 'http://127.0.0.1:9/certs'], {}, /--issuer is required/],
    [['--issuer', 'x'], {}, /key source/],
    [['--secret', 's', ...keys], {}, /--dev only/],
    [['--dev'], {}, /--secret/],
    [[...keys, '--allowed-origins', 'not an origin'], {}, /allowed-origins/],
    [[...keys, '--clock-tolerance', '61'], {}, /--clock-tolerance.*0 to 60/],
    [[...keys, '--clock-tolerance', 'soon'], {}, /--clock-tolerance.*whole number/],
    [keys, { NOTES_CLOCK_TOLERANCE: '1.5' }, /whole number of seconds/],
    [[...keys, '--azp', ' '], {}, /--azp.*client id/],
    [['--dev', '--secret', 's', '--azp', 'portal'], {}, /--dev takes only --secret/],
    [['retire', '--database', join(dir, 'r.db'), '--learner', 'only/two'], {}, /ROOTORG\/ORG\/WID/],
    [['backup'], {}, /file/],
    [['copy', '--from', 'a.db'], {}, /--to/],
  ];
  for (const [args, env, why] of cases) {
    const r = await runHere(args, env);
    assert.is(r.code, 2, `${args.join(' ')} → ${r.code} ${r.err.join('|')}`);
    assert.is(r.err.length, 1, `${args.join(' ')}: ${JSON.stringify(r.err)}`);
    assert.ok((r.err[0] ?? '').trim() !== '');
    assert.match(r.err[0] ?? '', why);
    assert.equal(r.out, []);
  }
});

it('a database that does not answer: one line without its password, exit 1', async ({ dir }) => {
  const r = await runHere([
    '--dev',
    '--secret',
    's',
    '--port',
    '0',
    '--files-dir',
    join(dir, 'nf'),
    '--database',
    'postgres://notes:S3cretPw@127.0.0.1:9/notes',
  ]);
  assert.is(r.code, 1, r.err.join('|'));
  assert.is(r.err.length, 1);
  assert.not.match(r.err[0] ?? '', /S3cretPw/);
  assert.equal(r.out, []);
});

it('serve: migrates, prints one line with its URL, answers; flags win over env; SIGTERM exits 0', async ({
  dir,
}) => {
  const db = join(dir, 'serve.db');
  const p = spawnServer(
    ['--dev', '--secret', TEST_SECRET, '--port', '0', '--files-dir', join(dir, 'files')],
    {
      NOTES_DATABASE: db,
      NOTES_PORT: '1',
      NOTES_HOST: '127.0.0.1',
    },
  );
  try {
    const url = await p.url;
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.is(p.stdout.length, 1);
    assert.ok(existsSync(db), 'NOTES_DATABASE used');
    const ready = await fetch(`${url}/readyz`);
    assert.is(ready.status, 200);
    const headers = {
      authorization: `Bearer ${devToken('w1')}`,
      wid: 'w1',
      rootorg: 'r',
      org: 'o',
      domain: 'd',
    };
    const add = await fetch(`${url}/api/v1/notes/add`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ refId: 'r1', content: '<p>hi</p>' }),
    });
    assert.is(add.status, 201);
    p.child.kill('SIGTERM');
    assert.is(await p.exited, 0);
    const again = await run(['migrate', '--database', db]);
    assert.equal([again.code, again.out], [0, [again.out[0] ?? '']]);
    assert.match(again.out[0] ?? '', /current/);
  } finally {
    await p.stop();
  }
});

it('retire erases the learner’s notes and files and says how many; backup; copy', async ({ dir }) => {
  const db = join(dir, 'ops.db');
  const files = join(dir, 'ops-files');
  const p = spawnServer(devServeArgs(db, files));
  try {
    const url = await p.url;
    const headers = {
      authorization: `Bearer ${devToken('w9')}`,
      wid: 'w9',
      rootorg: 'r',
      org: 'o',
      domain: 'd',
    };
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${url}/api/v1/notes/add`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ refId: `r${i}`, content: '<p>x</p>' }),
      });
      assert.is(r.status, 201);
    }
    const png = new Blob([
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
    ]);
    const fd = new FormData();
    fd.append('file', png, 'a.png');
    const up = await fetch(`${url}/api/v1/file/upload`, { method: 'POST', headers, body: fd });
    assert.is(up.status, 200);
    const served = ((await up.json()) as { url: string }).url;
    const backup = await run(['backup', '--database', db, join(dir, 'copy.db')]);
    assert.is(backup.code, 0, backup.err.join('|'));
    assert.match(backup.out[0] ?? '', /backed up/);
    const retire = await run(['retire', '--database', db, '--learner', 'r/o/w9', '--files-dir', files]);
    assert.equal([retire.code, retire.out], [0, ['erased 3 notes, 1 file']]);
    assert.is((await fetch(`${url}${served}`)).status, 404, 'the file is gone');
    const list = await fetch(`${url}/api/v1/notes/fetch`, { method: 'POST', headers, body: '{}' });
    assert.is(((await list.json()) as { total: number }).total, 0, 'serve reads the truth from the database');
    const copy = await run(['copy', '--from', join(dir, 'copy.db'), '--to', join(dir, 'copied.db')]);
    assert.is(copy.code, 0, copy.err.join('|'));
    assert.match(copy.out[0] ?? '', /3 notes/);
  } finally {
    p.child.kill('SIGTERM');
    await p.exited;
  }
});

it.run();
