import { EventEmitter } from 'node:events';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenForUser } from '../../../harness/api/seed.ts';
import { checkApiCommand } from '../../../harness/cli/check-api-command.ts';
import { type Fixture, seeded, startFixture, TEST_SECRET } from '../api/support/api-fixture.ts';
import { linesOf, runHarness, snapshot } from './support.ts';

const it = suite<{ fx: Fixture }>('harness check-api against the mock API');
it.before.each(async (ctx) => {
  ctx.fx = await startFixture();
});
it.after.each(async (ctx) => {
  await ctx.fx.stop();
});

const asha = seeded(0);
const lukas = seeded(1);

it('passes every check, exit 0, and leaves both learners’ notes as they were', async ({ fx }) => {
  const token = tokenForUser(asha, TEST_SECRET);
  const other = tokenForUser(lukas, TEST_SECRET);
  const before = [await snapshot(fx.api, asha), await snapshot(fx.api, lukas, asha.rootOrg, asha.org)];
  assert.ok(before[0]!.length > 0, 'the seeded learner has notes to keep');
  const base = `${fx.api.url}/api/v1`;
  const argv = [
    'check-api',
    base,
    '--token',
    token,
    '--other-token',
    other,
    '--rootorg',
    asha.rootOrg,
    '--org',
    asha.org,
  ];
  const run = await runHarness(argv);
  const fails = linesOf(run.out, 'FAIL');
  assert.equal(fails, [], fails.join('\n'));
  assert.is(run.code, 0);
  assert.equal(run.err, []);
  assert.equal(linesOf(run.out, 'skip'), []);
  const passed = linesOf(run.out, 'pass').length;
  assert.ok(passed >= 130, `${passed} checks passed`);
  assert.is(run.out.at(-1), `${passed} checks: ${passed} passed, 0 failed, 0 skipped`);
  assert.match(run.out[0]!, `as ${asha.rootOrg}/${asha.org}/${asha.wid}`);
  assert.ok(
    run.out.some((l) =>
      /^note {2}1 uploaded file\(s\) stay on the server .*\/api\/v1\/files\/[0-9a-f]{32}\.png$/.test(l),
    ),
  );
  const text = run.out.join('\n');
  for (const secret of [token, other, token.split('.')[2]!])
    assert.not.ok(text.includes(secret), 'a token was printed');
  const after = [await snapshot(fx.api, asha), await snapshot(fx.api, lukas, asha.rootOrg, asha.org)];
  assert.equal(after, before);
});

it('with the defaults (rootorg check-api, no second token): no failure, the other-learner checks skipped, nothing left', async ({
  fx,
}) => {
  const token = tokenForUser(asha, TEST_SECRET);
  const seededBefore = await snapshot(fx.api, asha);
  const run = await runHarness(['check-api', `${fx.api.url}/api/v1/`], { NOTES_CHECK_TOKEN: token });
  assert.equal(linesOf(run.out, 'FAIL'), []);
  assert.is(run.code, 0);
  assert.match(run.out[0]!, `as check-api/check-api/${asha.wid}`);
  const skips = linesOf(run.out, 'skip');
  assert.is(skips.length, 3, skips.join('\n'));
  assert.ok(skips.every((l) => l.endsWith('give --other-token to check another learner')));
  assert.equal(await snapshot(fx.api, asha, 'check-api', 'check-api'), []);
  assert.equal(await snapshot(fx.api, asha), seededBefore);
});

it('Ctrl-C stops the run after the check in progress, still deletes what it added, and counts as a failure', async ({
  fx,
}) => {
  const before = await snapshot(fx.api, asha);
  const signals = new EventEmitter();
  const out: string[] = [];
  const err: string[] = [];
  let code = -1;
  const io = {
    out: (line: string) => {
      out.push(line);
      if (line.startsWith('pass  setup:')) signals.emit('SIGINT');
    },
    err: (line: string) => err.push(line),
  };
  const cmd = checkApiCommand(io, {}, (c) => (code = c), globalThis.fetch, signals);
  const token = tokenForUser(asha, TEST_SECRET);
  await cmd.parseAsync(
    [`${fx.api.url}/api/v1`, '--token', token, '--rootorg', asha.rootOrg, '--org', asha.org],
    {
      from: 'user',
    },
  );
  const at = out.findIndex((l) => l.startsWith('pass  setup:'));
  assert.is(out[at + 1], 'FAIL  interrupted: the run was stopped before every check ran');
  assert.ok(
    out.slice(at + 2).every((l) => !/^(pass|FAIL) {2}(fetch|paging|upload)/.test(l)),
    'no check after the stop',
  );
  assert.ok(out.includes('pass  cleanup: every note this run added is deleted, and none is left'));
  assert.is(code, 1);
  assert.equal(err, [
    'harness: stopping after this check, then deleting the notes the run added (Ctrl-C again quits)',
  ]);
  assert.is(signals.listenerCount('SIGINT'), 0, 'the handler is gone once the run ends');
  assert.equal(await snapshot(fx.api, asha), before);
});

it.run();
