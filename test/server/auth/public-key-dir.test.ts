/**
 * `--public-keys DIR`, Sunbird's convention: one public key per file, the file name is the kid (with
 * or without `.pem`), read at start; anything else in the directory is a clear start-up error.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPublicKeyDir } from '../../../server/src/auth/public-key-dir.ts';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const pkcs1 = rsa.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();

const withDir = (files: Record<string, string>, run: (dir: string) => void) => {
  const dir = mkdtempSync(join(tmpdir(), 'notes-keydir-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const error = (dir: string): string => {
  try {
    loadPublicKeyDir(dir);
  } catch (err) {
    return (err as Error).message;
  }
  return 'loaded';
};

test('file names are kids; a .pem name also answers without it; bare base64 SPKI and PKCS#1 PEM read', () => {
  const bare = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  withDir(
    { access_v1_key1: pem, 'access_v1_key2.pem': pem, key3: bare, key4: pkcs1, '.gitkeep': '' },
    (dir) => {
      mkdirSync(join(dir, '..data'));
      const keys = loadPublicKeyDir(dir);
      assert.equal([...keys.keys()].sort(), [
        'access_v1_key1',
        'access_v1_key2',
        'access_v1_key2.pem',
        'key3',
        'key4',
      ]);
      for (const key of keys.values()) assert.is(key.asymmetricKeyType, 'rsa');
    },
  );
});

test('a missing or empty directory, an unreadable PEM, a private key and a doubled kid stop the start', () => {
  assert.match(error('/nonexistent/notes-keys'), /cannot read the directory/);
  withDir({}, (dir) => assert.match(error(dir), /holds no key files/));
  withDir({ '.hidden': pem }, (dir) => assert.match(error(dir), /holds no key files/));
  withDir({ k1: 'not a key' }, (dir) => assert.match(error(dir), /k1 is not a readable PEM public key/));
  withDir({ README: '# keys' }, (dir) => assert.match(error(dir), /README is not a readable PEM/));
  const privatePem = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  withDir({ k1: privatePem }, (dir) => assert.match(error(dir), /k1 holds a private key/));
  withDir({ k1: pem, 'k1.pem': pem }, (dir) => assert.match(error(dir), /two files give the kid "k1"/));
  withDir({ k1: 'x'.repeat(70_000) }, (dir) => assert.match(error(dir), /too large/));
});

test('an Ed25519 and an EC key are read; a DH-style or unknown key type is not a signing key', () => {
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
    type: 'spki',
    format: 'pem',
  });
  const ed = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' });
  const x = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'pem' });
  withDir({ ec: ec.toString(), ed: ed.toString() }, (dir) => assert.is(loadPublicKeyDir(dir).size, 2));
  withDir({ x: x.toString() }, (dir) => assert.match(error(dir), /x is a x25519 key/));
});

test.run();
