/** Types for minify-cache.mjs (plain JavaScript so build.mjs can run it on bare node). */
import type { MinifyOptions } from 'terser';
export function cachedMinify(code: string, options: MinifyOptions, dir?: string): Promise<string | undefined>;
