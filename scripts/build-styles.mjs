// Stylesheets fetched after the first load, for build.mjs: each theme other than the default, and
// each lazy screen's own CSS, as hashed files. Built before the JavaScript so their names can be
// compiled into it (a changed stylesheet changes the script that names it: caches stay correct).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { hash8 } from './compile-locales.mjs';

const TARGET = ['chrome100', 'firefox100', 'safari15'];

/**
 * Themes: `src/theme/themes/<name>.css` → `assets/theme-<name>-<HASH>.css`, one hash over all of
 * them, so the app carries one short string instead of a URL per theme. Screens:
 * `src/ui/screens/<screen>/<screen>.css` → `assets/screen-<screen>-<hash>.css`, a URL each, and
 * the editing chunk's `src/ui/notes/edit-parts.css` as `edit`.
 * Returns `{ themes: { base, hash }, screens: { screen: url } }`.
 */
export async function buildStyles(root, out, basePath) {
  const themeDir = join(root, 'src/theme/themes');
  const themes = readdirSync(themeDir)
    .filter((f) => f.endsWith('.css'))
    .sort()
    .map((f) => ({
      name: basename(f, '.css'),
      css: esbuild.transformSync(readFileSync(join(themeDir, f), 'utf8'), {
        loader: 'css',
        minify: true,
        target: TARGET,
      }).code,
    }));
  const hash = hash8(themes.map((t) => `${t.name}\n${t.css}`).join('\n'));
  for (const t of themes) writeFileSync(join(out, 'assets', `theme-${t.name}-${hash}.css`), t.css);

  const screenDir = join(root, 'src/ui/screens');
  const entryPoints = {};
  for (const screen of readdirSync(screenDir).sort()) {
    const file = join(screenDir, screen, `${screen}.css`);
    if (existsSync(file)) entryPoints[`screen-${screen}`] = file;
  }
  entryPoints['screen-edit'] = join(root, 'src/ui/notes/edit-parts.css'); // the editing chunk's
  const screens = {};
  if (Object.keys(entryPoints).length) {
    const result = await esbuild.build({
      entryPoints,
      outdir: join(out, 'assets'),
      entryNames: '[name]-[hash]',
      bundle: true,
      minify: true,
      metafile: true,
      logLevel: 'warning',
      target: TARGET,
    });
    for (const [file, output] of Object.entries(result.metafile.outputs)) {
      const name = Object.keys(entryPoints).find(
        (k) => join(root, output.entryPoint ?? '') === entryPoints[k],
      );
      if (name)
        screens[name.slice(7)] = `${basePath}${relative(out, join(root, file)).split('\\').join('/')}`;
    }
  }
  return { themes: { base: `${basePath}assets/theme-`, hash }, screens };
}
