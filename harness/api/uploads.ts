/**
 * Uploaded images on disk, in a folder beside the data file. Files are written durably (temp +
 * fsync + rename) under random names, and read back only by names this module could have made,
 * so a request path can never reach outside the folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { API_BASE } from '../../src/protocol/api-types.ts';
import { type ImageKind, typeForExt } from './image-sniff.ts';

/** Public URL prefix of stored files (no auth: an `<img>` can't send headers). */
export const FILES_PATH = `${API_BASE}/files/`;

/** The folder uploads live in for a given data file. */
export const uploadsDirFor = (dataFile: string): string => `${dataFile}.files`;

/** Stored images: save returns the public file name; read returns null for unknown names. */
export type Uploads = {
  save(bytes: Uint8Array, kind: ImageKind): Promise<string>;
  read(name: string): Promise<{ bytes: Buffer; type: string } | null>;
};

const NAME = /^([0-9a-f]{32})\.(png|jpg|gif|webp)$/;

/** An upload folder; `randomId` is injectable so tests can predict names. */
export function createUploads(
  dir: string,
  randomId: () => string = () => randomBytes(16).toString('hex'),
): Uploads {
  let made: Promise<unknown> | null = null;
  return {
    async save(bytes, kind) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      const name = `${randomId()}.${kind.ext}`;
      if (!NAME.test(name)) throw new Error('upload id must be 32 lower-case hex digits');
      const tmp = join(dir, `.${name}.tmp`);
      const fh = await open(tmp, 'wx', 0o600);
      try {
        await fh.writeFile(bytes);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, join(dir, name));
      return name;
    },
    async read(name) {
      const m = NAME.exec(name);
      const type = m ? typeForExt(m[2] ?? '') : null;
      if (!m || !type) return null;
      try {
        return { bytes: await readFile(join(dir, name)), type };
      } catch {
        return null;
      }
    },
  };
}
