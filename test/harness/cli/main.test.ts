import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Io } from '../../../harness/cli/io.ts';
import { main, USAGE_EXIT } from '../../../harness/cli/main.ts';

type Captured = { io: Io; out: string[]; err: string[] };
const capture = (): Captured => {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err };
};

const it = suite('cli main');

it('every bad flag is one stderr line and exit 2, before anything starts', async () => {
  const cases = [
    ['serve', '--app-port', 'abc'],
    ['serve', '--api-port', '-1'],
    ['serve', '--origin', 'ftp://localhost:4200'],
    ['serve', '--origin', 'http://localhost:4200/app'],
    ['serve', '--locale', 'xx'],
    ['serve', '--theme', 'purple'],
    ['serve', '--font-size', 'huge'],
    ['serve', '--route', '/admin'],
    ['serve', '--route', '/course/a.b'],
    ['serve', '--route', '/course/'],
    ['serve', '--user', 'nobody'],
    ['serve', '--latency', '-5'],
    ['serve', '--fail-rate', '2'],
    ['serve', '--timeout-rate', 'x'],
    ['serve', '--secret', ''],
    ['serve', '--app-port'],
    ['serve', 'extra-arg'],
    ['api', '--port', '65536'],
    ['api', '--host', 'http://x'],
    ['token', '--expires-in', '0'],
    ['token', '--nope'],
    ['launch'],
  ];
  for (const argv of cases) {
    const c = capture();
    const code = await main(argv, c.io, {});
    assert.is(code, USAGE_EXIT, argv.join(' '));
    assert.equal(c.out, [], argv.join(' '));
    assert.is(c.err.length, 1, `${argv.join(' ')}: ${c.err.join(' | ')}`);
    assert.match(c.err[0]!, /^harness: error: \S/, argv.join(' '));
    assert.not.match(c.err[0]!, /\n/);
  }
});

it('a non-loopback host with the public dev secret is refused in one line, exit 2, before listening', async () => {
  for (const argv of [
    ['api', '--host', '0.0.0.0', '--port', '0'],
    ['api', '--host', '192.168.1.20', '--port', '0'],
    ['serve', '--origin', 'http://0.0.0.0:4200'],
  ]) {
    const c = capture();
    const code = await main(argv, c.io, {});
    assert.is(code, USAGE_EXIT, argv.join(' '));
    assert.is(c.err.length, 1, `${argv.join(' ')}: ${c.err.join(' | ')}`);
    assert.match(c.err[0]!, /^harness: error: .*dev secret.*--secret or HARNESS_SECRET/, c.err[0]);
    assert.equal(c.out, [], 'nothing started');
  }
});

it('an error message names the flag and what to use instead', async () => {
  const c = capture();
  await main(['serve', '--theme', 'purple'], c.io, {});
  assert.match(c.err[0]!, /--theme/);
  assert.match(c.err[0]!, /purple/);
});

it('help exits 0 and prints to stdout', async () => {
  const c = capture();
  assert.is(await main(['serve', '--help'], c.io, {}), 0);
  assert.match(c.out.join('\n'), /--origin <url>[\s\S]*Examples:/);
  assert.equal(c.err, []);
});

it('token prints exactly one line and exits 0', async () => {
  const c = capture();
  assert.is(await main(['token', '--user', 'amira'], c.io, {}), 0);
  assert.is(c.out.length, 1);
  assert.match(c.out[0]!, /^[\w-]+\.[\w-]+\.[\w-]+$/);
});

it('an https --origin is refused as a usage error (the mock parent is plain http)', async () => {
  const c = capture();
  const code = await main(
    ['serve', '--origin', 'https://localhost:4200', '--api-port', '0', '--app-port', '0'],
    c.io,
    {},
  );
  assert.is(code, USAGE_EXIT);
  assert.match(c.err[0]!, /^harness: error: --origin https:\/\/localhost:4200: .*plain http/);
});

it.run();
