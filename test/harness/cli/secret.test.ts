import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEV_SECRET } from '../../../harness/api/auth.ts';
import { resolveSecret } from '../../../harness/cli/secret.ts';

test('--secret wins over HARNESS_SECRET, which wins over the dev secret', () => {
  assert.equal(resolveSecret('flag', { HARNESS_SECRET: 'env' }), { secret: 'flag', source: 'flag' });
  assert.equal(resolveSecret(undefined, { HARNESS_SECRET: 'env' }), { secret: 'env', source: 'env' });
  assert.equal(resolveSecret(undefined, {}), { secret: DEV_SECRET, source: 'dev' });
});

test('an empty or blank HARNESS_SECRET counts as unset', () => {
  assert.is(resolveSecret(undefined, { HARNESS_SECRET: '' }).source, 'dev');
  assert.is(resolveSecret(undefined, { HARNESS_SECRET: '  ' }).source, 'dev');
});

test.run();
