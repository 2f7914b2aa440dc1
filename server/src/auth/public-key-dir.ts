/**
 * `--public-keys DIR`: Sunbird's way of trusting the portal's signing keys. Each file holds one public
 * key and its name is the key's `kid` (Sunbird's KeyManager keys its map by the bare file name). A name
 * ending in `.pem` also answers to the name without it. Read once at start; a change needs a restart.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Largest key file read: a 16384-bit RSA key in PEM is under 4 kB, a certificate chain a few more. */
const MAX_KEY_FILE_BYTES = 64 * 1024;

/** Public keys by `kid`. */
export type PublicKeyMap = ReadonlyMap<string, KeyObject>;

/**
 * The key in one file: PEM (`PUBLIC KEY`, `RSA PUBLIC KEY` or a `CERTIFICATE`), or the bare base64 of an
 * SPKI, as Sunbird's own key files often are. A private key is refused: it does not belong on this server.
 */
function parseKey(text: string, name: string): KeyObject {
  if (/PRIVATE KEY-----/.test(text))
    throw new Error(`public-keys: ${name} holds a private key; put only the public key in the directory`);
  const trimmed = text.trim();
  const pem = trimmed.startsWith('-----BEGIN')
    ? trimmed
    : `-----BEGIN PUBLIC KEY-----\n${trimmed.replace(/\s+/g, '')}\n-----END PUBLIC KEY-----\n`;
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new Error(`public-keys: ${name} is not a readable PEM public key`);
  }
  const type = key.asymmetricKeyType;
  if (type !== 'rsa' && type !== 'ec' && type !== 'ed25519')
    throw new Error(`public-keys: ${name} is a ${type ?? 'unknown'} key; use an RSA, EC or Ed25519 key`);
  return key;
}

/**
 * Reads every non-hidden file directly in `dir` (hidden ones, such as Kubernetes' `..data` links and
 * `.gitkeep`, are skipped). Throws a clear Error when the directory is missing or empty, a file is not
 * a public key, or two files claim one `kid`.
 */
export function loadPublicKeyDir(dir: string): PublicKeyMap {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    throw new Error(`public-keys: cannot read the directory ${dir}`);
  }
  const keys = new Map<string, KeyObject>();
  const add = (kid: string, key: KeyObject, file: string): void => {
    if (keys.has(kid)) throw new Error(`public-keys: two files give the kid "${kid}" (${file} is one)`);
    keys.set(kid, key);
  };
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    let size: number;
    try {
      const stat = statSync(path);
      if (!stat.isFile()) continue;
      size = stat.size;
    } catch {
      throw new Error(`public-keys: cannot read ${name}`);
    }
    if (size > MAX_KEY_FILE_BYTES) throw new Error(`public-keys: ${name} is too large to be a public key`);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      throw new Error(`public-keys: cannot read ${name}`);
    }
    const key = parseKey(text, name);
    add(name, key, name);
    if (name.toLowerCase().endsWith('.pem') && name.length > 4) add(name.slice(0, -4), key, name);
  }
  if (keys.size === 0) throw new Error(`public-keys: ${dir} holds no key files`);
  return keys;
}
