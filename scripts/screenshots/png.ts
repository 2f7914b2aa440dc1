/**
 * A check on a written screenshot without any image library: the file must start with the PNG
 * signature and an IHDR chunk of the expected size, so a truncated or empty file counts as a
 * failed shot rather than a broken image in the README.
 */
import { readFile } from 'node:fs/promises';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width, height and bytes of a PNG file. */
export type PngInfo = { width: number; height: number; bytes: number };

/** Reads the header of `file`; throws with the reason when it is not a PNG of `expected` size. */
export async function checkPng(file: string, expected: { width: number; height: number }): Promise<PngInfo> {
  const data = await readFile(file);
  if (
    data.length < 33 ||
    !data.subarray(0, 8).equals(SIGNATURE) ||
    data.toString('latin1', 12, 16) !== 'IHDR'
  ) {
    throw new Error(`${file} is not a PNG (${data.length} bytes)`);
  }
  const info = { width: data.readUInt32BE(16), height: data.readUInt32BE(20), bytes: data.length };
  if (info.width !== expected.width || info.height !== expected.height) {
    throw new Error(`${file} is ${info.width}×${info.height}, expected ${expected.width}×${expected.height}`);
  }
  return info;
}
