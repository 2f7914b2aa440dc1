/**
 * Uploaded images on disk (--files-dir). Files are written durably (temp + fsync + rename) under
 * 128-bit random names, and read back only by names this module could have made, so a request
 * path can never reach outside the folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type ImageKind, typeForExt } from './image-sniff.ts';

/** Stored images: `save` returns the public name, `read` null for a name it never made. */
export type FilesDir = {
  save(bytes: Uint8Array, kind: ImageKind): Promise<string>;
  read(name: string): Promise<{ bytes: Buffer; type: string } | null>;
  /** Deletes a stored file; true when it was there. */
  remove(name: string): Promise<boolean>;
};

/** The names this module makes: 32 lower-case hex digits and the image's extension. */
export const STORED_NAME = /^([0-9a-f]{32})\.(png|jpg|gif|webp)$/;

/** A files folder; `randomId` is injectable so tests can predict names. */
export function openFilesDir(
  dir: string,
  randomId: () => string = () => randomBytes(16).toString('hex'),
): FilesDir {
  let made: Promise<unknown> | null = null;
  return {
    async save(bytes, kind) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      const name = `${randomId()}.${kind.ext}`;
      if (!STORED_NAME.test(name)) throw new Error('upload id must be 32 lower-case hex digits');
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
      const m = STORED_NAME.exec(name);
      const type = m ? typeForExt(m[2] ?? '') : null;
      if (!m || !type) return null;
      try {
        return { bytes: await readFile(join(dir, name)), type };
      } catch {
        return null;
      }
    },
    async remove(name) {
      if (!STORED_NAME.test(name)) return false;
      try {
        await rm(join(dir, name));
        return true;
      } catch {
        return false;
      }
    },
  };
}
