/**
 * Bundles the mock portal's TypeScript with esbuild when the server starts, so the page script
 * imports the real wire contract (src/protocol/messages.ts) and can never drift from it.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const PAGE_DIR = fileURLToPath(new URL('./parent-page/', import.meta.url));

/** The page's script and stylesheet, ready to serve. */
export type ParentAssets = { js: string; css: string };

/** Bundles `parent-page/main.ts` (ES2022 module, not minified so it is readable in dev tools). */
export async function bundleParentPage(): Promise<ParentAssets> {
  const result = await build({
    entryPoints: [`${PAGE_DIR}main.ts`],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
  });
  await stop(); // the bundle is built once; an idle esbuild service would keep pinging for nothing
  const js = result.outputFiles[0]?.text;
  if (js === undefined) throw new Error('harness: esbuild produced no parent page script');
  const css = await readFile(`${PAGE_DIR}styles.css`, 'utf8');
  return { js, css };
}
