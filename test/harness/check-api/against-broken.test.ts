import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenForUser } from '../../../harness/api/seed.ts';
import { type Breaks, startBrokenNotesApi } from '../../fakes/broken-notes-api.ts';
import { type Fixture, seeded, startFixture, TEST_SECRET } from '../api/support/api-fixture.ts';
import { linesOf, runHarness, snapshot } from './support.ts';

const it = suite<{ fx: Fixture }>('harness check-api against a broken API');
it.before.each(async (ctx) => {
  ctx.fx = await startFixture();
});
it.after.each(async (ctx) => {
  await ctx.fx.stop();
});

const asha = seeded(0);
const lukas = seeded(1);

const STALE = [
  'update: a stale version → 409',
  'update: 5 concurrent updates on one version → exactly one 200',
];
const IDEMPOTENCY = [
  'idempotency: the same key again → 200',
  'idempotency: the same key with another body → 200',
  'idempotency: after an edit, the key → 200',
  'idempotency: after a delete, the key → 200',
  'idempotency: two concurrent adds with one key',
  'idempotency: a key empty → 400',
  'idempotency: a key with a space → 400',
  'idempotency: a key 201 characters → 400',
  'idempotency: a key non-ASCII → 400',
  'idempotency: the refused keys stored nothing',
];
const LEAK = [
  'isolation: the same wid under another org sees none',
  'isolation: the same wid under another org cannot update or delete',
  'isolation: the same wid under another rootorg sees none',
  'isolation: the same wid under another rootorg cannot update or delete',
];

/** Runs check-api through a fake with `breaks`; returns the run and the failing lines. */
async function runBroken(fx: Fixture, breaks: Breaks) {
  const broken = await startBrokenNotesApi(fx.api.url, breaks);
  try {
    const argv = [
      'check-api',
      `${broken.url}/api/v1`,
      '--token',
      tokenForUser(asha, TEST_SECRET),
      '--other-token',
      tokenForUser(lukas, TEST_SECRET),
      '--rootorg',
      asha.rootOrg,
      '--org',
      asha.org,
    ];
    const run = await runHarness(argv);
    return { run, fails: linesOf(run.out, 'FAIL') };
  } finally {
    await broken.close();
  }
}

/** Each failing line is one wanted check (in order), and says what was expected and seen. */
function expectFailures(fails: string[], wanted: string[]): void {
  assert.is(fails.length, wanted.length, fails.join('\n'));
  wanted.forEach((start, i) => {
    assert.ok(fails[i]!.startsWith(`FAIL  ${start}`), `line ${i}: ${fails[i]} (wanted ${start})`);
    assert.match(fails[i]!, /: expected .+, saw .+/);
  });
}

it('ignored keys, stale updates that win and a shared org: exactly those checks fail; exit code = failed count; cleaned up', async ({
  fx,
}) => {
  const before = await snapshot(fx.api, asha);
  const { run, fails } = await runBroken(fx, {
    ignoreIdempotencyKey: true,
    staleUpdateOk: true,
    oneOrg: { rootorg: asha.rootOrg, org: asha.org },
  });
  expectFailures(fails, [...STALE, ...IDEMPOTENCY, ...LEAK]);
  assert.is(run.code, fails.length);
  assert.match(run.out.at(-1)!, new RegExp(`^\\d+ checks: \\d+ passed, ${fails.length} failed, 0 skipped$`));
  assert.ok(fails.some((l) => l.includes('expected [200,201], saw [201,201]')));
  assert.ok(fails.some((l) => l.includes('saw fetch by courseId: total 25')));
  assert.ok(
    run.out.some((l) => l === 'pass  cleanup: every note this run added is deleted, and none is left'),
  );
  assert.equal(
    await snapshot(fx.api, asha),
    before,
    'the notes the keyless retries stored were cleaned up too',
  );
});

it('only stale updates that win: the two update checks fail, exit code 2', async ({ fx }) => {
  const { run, fails } = await runBroken(fx, { staleUpdateOk: true });
  expectFailures(fails, STALE);
  assert.is(run.code, 2);
  assert.match(fails[1]!, /expected \[200,409,409,409,409\], saw \[200,200,200,200,200\]$/);
});

it('an API without review (the summary answers 404): the review group is skipped with one line, nothing fails', async ({
  fx,
}) => {
  const { run, fails } = await runBroken(fx, { noReview: true });
  assert.equal(fails, []);
  assert.is(run.code, 0);
  assert.equal(linesOf(run.out, 'skip'), [
    'skip  review: every review check: the API answered GET /notes/review/summary 404, so it has no review (the app shows no Review tab)',
  ]);
  assert.not.ok(run.out.some((l) => l.startsWith('pass  review:')));
});

it.run();
