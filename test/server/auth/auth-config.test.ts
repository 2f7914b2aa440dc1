/**
 * A bad token configuration is a clear Error at start, naming the setting, never a weaker check later.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type AuthConfig, createAuthenticator } from '../../../server/src/auth/index.ts';

const keys = (over: Partial<Extract<AuthConfig, { mode: 'keys' }>>): AuthConfig => ({
  mode: 'keys',
  jwksUrl: 'https://sso.example.test/auth/realms/sunbird/protocol/openid-connect/certs',
  issuer: 'https://sso.example.test/auth/realms/sunbird',
  algorithms: ['RS256'],
  ...over,
});

const refusal = async (config: AuthConfig): Promise<string> => {
  try {
    const auth = await createAuthenticator(config);
    auth.close();
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
};

test('HMAC algorithms and none may not be listed', async () => {
  for (const alg of ['HS256', 'HS384', 'HS512', 'hs256'])
    assert.match(await refusal(keys({ algorithms: ['RS256', alg] })), /HMAC algorithm; only asymmetric/, alg);
  assert.match(await refusal(keys({ algorithms: ['none'] })), /"none" means unsigned/);
  assert.match(await refusal(keys({ algorithms: ['RS1'] })), /RS1 is not a supported algorithm/);
  assert.match(await refusal(keys({ algorithms: [] })), /at least one/);
});

test('the issuer is required and exactly one key source must be given', async () => {
  assert.match(await refusal(keys({ issuer: '' })), /issuer: required outside --dev/);
  assert.match(await refusal(keys({ issuer: '  ' })), /issuer: required/);
  assert.match(await refusal(keys({ jwksUrl: undefined })), /exactly one key source/);
  assert.match(await refusal(keys({ publicKeysDir: '/tmp' })), /exactly one key source/);
});

test('the JWKS URL must be an http(s) URL without credentials', async () => {
  assert.match(await refusal(keys({ jwksUrl: 'not a url' })), /jwks-url: not a URL/);
  assert.match(await refusal(keys({ jwksUrl: 'file:///etc/keys.json' })), /http\(s\)/);
  assert.match(
    await refusal(keys({ jwksUrl: 'https://u:p@sso.example.test/certs' })),
    /user name or password/,
  );
});

test('leeway is 0–60 s; audience and azp, when given, are not empty', async () => {
  assert.match(await refusal(keys({ leewaySeconds: 61 })), /leeway: must be between 0 and 60/);
  assert.match(await refusal(keys({ leewaySeconds: -1 })), /leeway/);
  assert.match(await refusal(keys({ leewaySeconds: Number.NaN })), /leeway/);
  assert.is(await refusal(keys({ leewaySeconds: 60 })), 'accepted');
  assert.match(await refusal(keys({ audience: '' })), /audience: must not be empty/);
  assert.match(await refusal(keys({ azp: '' })), /azp: must not be empty/);
  assert.match(await refusal(keys({ jwksTimeoutMs: -5 })), /jwks timeout/);
});

test('the default algorithm list is RS256, PS256 and ES256', async () => {
  assert.is(await refusal(keys({ algorithms: undefined })), 'accepted');
});

test('--dev needs a secret', async () => {
  assert.match(await refusal({ mode: 'dev', secret: '' }), /--dev needs a non-empty --secret/);
  assert.is(await refusal({ mode: 'dev', secret: 's' }), 'accepted');
});

test.run();
