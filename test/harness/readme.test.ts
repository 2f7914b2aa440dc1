import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findSeededUser, tokenForUser } from '../../harness/api/seed.ts';
import { tokenCommand } from '../../harness/cli/token-command.ts';
import { type Fixture, startFixture, TEST_SECRET } from './api/support/api-fixture.ts';
import { type CurlExample, curlExampleIn, sectionOf } from './support/curl-example.ts';

const README = readFileSync(new URL('../../harness/README.md', import.meta.url), 'utf8');
const example = (): CurlExample => curlExampleIn(sectionOf(README, '`harness token`'));

const it = suite<{ fx: Fixture }>('harness/README.md: the curl example');
it.before(async (ctx) => {
  ctx.fx = await startFixture();
});
it.after(async (ctx) => {
  await ctx.fx.stop();
});

/** Sends exactly the example's headers (node:http adds only Host), `$TOKEN` filled in. */
const replay = (ex: CurlExample, origin: string, token: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(ex.url);
    const headers = ex.headers.map(([name, value]) => [name, value.replace('$TOKEN', token)]);
    const req = request(
      `${origin}${url.pathname}${url.search}`,
      { headers: Object.fromEntries(headers) },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });

it('sends all five headers the API requires, for a seeded learner, to the default API port', () => {
  const ex = example();
  assert.equal(ex.headers.map(([name]) => name.toLowerCase()).sort(), [
    'authorization',
    'domain',
    'org',
    'rootorg',
    'wid',
  ]);
  const user = findSeededUser(ex.user);
  assert.ok(user, `README names an unknown learner ${ex.user}`);
  const value = (name: string) => ex.headers.find(([n]) => n.toLowerCase() === name)?.[1];
  assert.is(value('authorization'), 'Bearer $TOKEN');
  assert.equal([value('wid'), value('rootorg'), value('org')], [user!.wid, user!.rootOrg, user!.org]);
  assert.is(new URL(ex.url).origin, 'http://127.0.0.1:4301');
});

it('the exact request gets 200 and the learner’s notes from a started API', async ({ fx }) => {
  const ex = example();
  const token = tokenForUser(findSeededUser(ex.user)!, TEST_SECRET);
  const res = await replay(ex, fx.api.url, token);
  assert.is(res.status, 200, res.body);
  const notes = JSON.parse(res.body) as { noteId: string }[];
  assert.ok(notes.length > 0);
  assert.ok(notes.every((n) => n.noteId.startsWith(`seed-${ex.user}-`)));
});

it('`harness token --help` shows the same example', () => {
  let help = '';
  const cmd = tokenCommand({ out: () => undefined, err: () => undefined }, {});
  cmd.configureOutput({ writeOut: (s) => (help += s) });
  cmd.outputHelp();
  assert.equal(curlExampleIn(help.replace(/^\s*\$ /gm, '')), example());
});

it.run();
