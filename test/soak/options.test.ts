/**
 * The soak's options for its two frames, offline spells and dropped files: on by default, each
 * turned off by flag or environment, a bad value one usage error (exit 2) instead of a run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseOptions, UsageError } from '../../soak/options.ts';

const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseOptions(argv, env, '/tmp');

test('defaults: two frames, three offline spells, dropped files on', () => {
  const o = parse([]);
  assert.is(o.frames, 2);
  assert.is(o.offlineSpells, 3);
  assert.is(o.dropFiles, true);
});

test('flags turn them on and off, inline or as the next argument', () => {
  const o = parse(['--frames', '1', '--offline=0', '--drop-files', 'off']);
  assert.is(o.frames, 1);
  assert.is(o.offlineSpells, 0);
  assert.is(o.dropFiles, false);
});

test('the environment sets them; a flag wins over it', () => {
  const env = { SOAK_FRAMES: '1', SOAK_OFFLINE: '5', SOAK_DROP_FILES: 'no' };
  const o = parse([], env);
  assert.equal([o.frames, o.offlineSpells, o.dropFiles], [1, 5, false]);
  assert.is(parse(['--offline', '2', '--drop-files', 'yes'], env).offlineSpells, 2);
  assert.is(parse(['--drop-files', 'true'], env).dropFiles, true);
});

test('bad values are usage errors', () => {
  for (const argv of [
    ['--frames', '3'],
    ['--frames', '0'],
    ['--offline', '-1'],
    ['--offline', '11'],
    ['--offline', '1.5'],
    ['--drop-files', 'maybe'],
    ['--drop-files'],
  ])
    assert.throws(
      () => parse(argv),
      (e: unknown) => e instanceof UsageError,
      argv.join(' '),
    );
});

test.run();
