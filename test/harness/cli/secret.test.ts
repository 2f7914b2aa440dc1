import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEV_SECRET } from '../../../harness/api/auth.ts';
import { isLoopbackHost, requireSecretFor, resolveSecret } from '../../../harness/cli/secret.ts';
import { UsageError } from '../../../harness/cli/usage-error.ts';

test('--secret wins over HARNESS_SECRET, which wins over the dev secret', () => {
  assert.equal(resolveSecret('flag', { HARNESS_SECRET: 'env' }), { secret: 'flag', source: 'flag' });
  assert.equal(resolveSecret(undefined, { HARNESS_SECRET: 'env' }), { secret: 'env', source: 'env' });
  assert.equal(resolveSecret(undefined, {}), { secret: DEV_SECRET, source: 'dev' });
});

test('an empty or blank HARNESS_SECRET counts as unset', () => {
  assert.is(resolveSecret(undefined, { HARNESS_SECRET: '' }).source, 'dev');
  assert.is(resolveSecret(undefined, { HARNESS_SECRET: '  ' }).source, 'dev');
});

test('loopback hosts: localhost, 127.0.0.0/8 and ::1; anything else is on the network', () => {
  for (const h of ['localhost', 'LOCALHOST', '127.0.0.1', '127.0.0.2', '::1', '[::1]'])
    assert.ok(isLoopbackHost(h), h);
  for (const h of ['0.0.0.0', '::', '192.168.1.20', 'example.org', '127.0.0.1.nip.io', 'localhost.evil.io'])
    assert.not.ok(isLoopbackHost(h), h);
});

test('the dev secret only on a loopback host; an explicit secret anywhere', () => {
  requireSecretFor('127.0.0.1', 'dev', '--host');
  requireSecretFor('0.0.0.0', 'flag', '--host');
  requireSecretFor('0.0.0.0', 'env', '--host');
  assert.throws(
    () => requireSecretFor('0.0.0.0', 'dev', '--host'),
    (e: unknown) => e instanceof UsageError && /--host 0\.0\.0\.0/.test(e.message),
  );
});

test.run();
