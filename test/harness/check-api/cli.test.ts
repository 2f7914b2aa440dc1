import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signToken } from '../../../harness/api/auth.ts';
import { tokenForUser } from '../../../harness/api/seed.ts';
import { checkApiCommand, MAX_EXIT } from '../../../harness/cli/check-api-command.ts';
import { USAGE_EXIT } from '../../../harness/cli/main.ts';
import { seeded, TEST_SECRET } from '../api/support/api-fixture.ts';
import { spawnHarness } from '../support/spawn-harness.ts';
import { runHarness } from './support.ts';

const it = suite('harness check-api: the command line');

const token = tokenForUser(seeded(0), TEST_SECRET);
const URL_OK = 'http://127.0.0.1:9/api/v1';

it('a bad command line is one stderr line and exit 2, before any call', async () => {
  const cases: [string[], NodeJS.ProcessEnv][] = [
    [['check-api'], {}],
    [['check-api', URL_OK], {}],
    [['check-api', URL_OK], { NOTES_CHECK_TOKEN: '  ' }],
    [['check-api', 'ftp://example.test/api/v1', '--token', token], {}],
    [['check-api', 'not a url', '--token', token], {}],
    [['check-api', 'https://user:pw@example.test/api/v1', '--token', token], {}],
    [['check-api', URL_OK, '--token', token, '--timeout', '0'], {}],
    [['check-api', URL_OK, '--token', token, '--rootorg', ''], {}],
    [['check-api', URL_OK, '--token', token, '--bogus'], {}],
    [['check-api', URL_OK, '--token', 'opaque-token-without-claims'], {}],
    [['check-api', URL_OK, '--token', 'two words'], {}],
    [['check-api', URL_OK, '--token', token, '--other-token', token], {}],
    [['check-api', URL_OK, '--token', token, '--other-token', 'opaque'], {}],
    [['check-api', URL_OK, `--tokn=${token}`], {}],
  ];
  for (const [argv, env] of cases) {
    const run = await runHarness(argv, env);
    const what = argv.join(' ');
    assert.is(run.code, USAGE_EXIT, what);
    assert.equal(run.out, [], what);
    assert.is(run.err.length, 1, `${what}: ${run.err.join(' | ')}`);
    assert.match(run.err[0]!, /^harness: error: \S/, what);
    assert.not.ok(run.err[0]!.includes(token.split('.')[2]!), `${what} printed the token`);
  }
});

it('an opaque token works with --wid; a Keycloak sub names the learner without a wid claim', async () => {
  const keycloak = signToken({ sub: 'f:5a8a3f2b-realm:4c7d-learner-id' }, TEST_SECRET);
  for (const [argv, wid] of [
    [['check-api', URL_OK, '--token', 'opaque-token', '--wid', 'w-1', '--timeout', '1'], 'w-1'],
    [['check-api', URL_OK, '--token', keycloak, '--timeout', '1'], '4c7d-learner-id'],
  ] as const) {
    const run = await runHarness([...argv]);
    assert.match(run.out[0]!, `as check-api/check-api/${wid},`);
    assert.is(run.code, 1, 'only the reach check ran, and failed: nothing listens on port 9');
  }
});

it('the real bin: no token → exit 2 and one line; --help shows the examples', async () => {
  const proc = spawnHarness(['check-api', URL_OK], { NOTES_CHECK_TOKEN: '' });
  assert.is(await proc.exited, 2);
  assert.is(proc.stdout(), '');
  assert.match(
    proc.stderr(),
    /^harness: error: give the test learner’s token with --token or NOTES_CHECK_TOKEN\n$/,
  );
  const help = await runHarness(['check-api', '--help']);
  assert.is(help.code, 0);
  const text = help.out.join('\n');
  assert.match(text, /harness check-api http:\/\/127\.0\.0\.1:4301\/api\/v1 --token/);
  assert.match(text, /URL is the API base/);
  assert.match(text, /cannot delete files/);
});

it(`the exit code is the number of failed checks, at most ${MAX_EXIT}`, async () => {
  // An "API" that answers every call 200 [] passes the reach check and fails nearly every other.
  const fetch = async () =>
    new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  const out: string[] = [];
  let code = -1;
  const cmd = checkApiCommand(
    { out: (l) => out.push(l), err: () => undefined },
    {},
    (c) => (code = c),
    fetch,
  );
  cmd.exitOverride();
  await cmd.parseAsync([URL_OK, '--token', token], { from: 'user' });
  const failed = out.filter((l) => l.startsWith('FAIL  ')).length;
  assert.ok(failed > MAX_EXIT, `${failed} failed`);
  assert.is(code, MAX_EXIT);
  assert.match(out.at(-1)!, `, ${failed} failed,`);
});

it.run();
