import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenForUser } from '../../../harness/api/seed.ts';
import type { Identity } from '../../../harness/check-api/client.ts';
import { redactor, runChecks } from '../../../harness/check-api/runner.ts';
import { seeded, TEST_SECRET } from '../api/support/api-fixture.ts';

const it = suite('check-api runner');

const identity = (token: string): Identity => ({ token, wid: 'w', rootorg: 'r', org: 'o', domain: 'd' });
const token = tokenForUser(seeded(0), TEST_SECRET);

it('an API that echoes the Authorization header never gets the token printed, and the run stops at reach', async () => {
  const fetch = async (_: unknown, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('authorization') ?? '';
    return new Response(JSON.stringify({ error: `refused ${auth}` }), { status: 401 });
  };
  const out: string[] = [];
  const tally = await runChecks({
    base: 'http://api.test/api/v1',
    identity: identity(token),
    fetch,
    out: (l) => out.push(l),
  });
  assert.equal(tally, { passed: 0, failed: 1, skipped: 0 });
  assert.is(out.length, 4, out.join('\n'));
  assert.match(out[1]!, /^FAIL {2}reach: .*expected 200, saw 401 .*refused Bearer ‹token›/);
  assert.is(out[2], 'stopped: the API must answer the token before anything else can be checked');
  assert.is(out[3], '1 check: 0 passed, 1 failed, 0 skipped');
  for (const part of [token, ...token.split('.')]) assert.not.ok(out.join('\n').includes(part));
});

it('a 404 at a URL without /api/vN asks whether URL is the API base', async () => {
  const fetch = async () => new Response('{"error":"no such route"}', { status: 404 });
  const out: string[] = [];
  await runChecks({ base: 'http://api.test', identity: identity(token), fetch, out: (l) => out.push(l) });
  assert.match(out[1]!, /expected 200 \(is URL the API base, such as …\/api\/v1\?\), saw 404/);
});

it('redactor: cuts tokens and their parts, and keeps a line one line', () => {
  const redact = redactor(['aaaaaaaaaa.bbbbbbbbbb.cccccccccc', 'short']);
  assert.is(redact('x aaaaaaaaaa.bbbbbbbbbb.cccccccccc y'), 'x ‹token› y');
  assert.is(redact('sig cccccccccc\nnext'), 'sig ‹token› next');
  assert.is(redact('short stays'), 'short stays', 'parts under 8 characters are not secrets on their own');
});

it.run();
