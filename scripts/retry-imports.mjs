// Makes every chunk import of the split build retry-friendly (docs/decisions.md "A dropped
// request"): `import("/assets/x.js")` becomes a call of the page's one chunk importer
// (src/platform/chunk-import.ts, on `globalThis.__notesImport`), which forgets a failure and asks
// for `x.js?retry=N` next. A lazy chunk's static imports of other chunks become top-level awaits of
// the same importer: a static import of a URL the browser remembers as failed could never succeed,
// and it would fail its importer with it. Plain JavaScript (build.mjs runs on bare node); types in
// retry-imports.d.mts.
import { InlineError, specifiers } from './inline-first-load.mjs';

/** The global the first-load code puts the chunk importer on (src/start.tsx). */
export const IMPORT_GLOBAL = '__notesImport';

/** `a as b, c` → `a:b,c`: the destructuring pattern of an import list (specifiers checks it). */
const pattern = (list, where) =>
  specifiers(list, where)
    .map(([from, to]) => (to === from ? from : `${from}:${to}`))
    .join(',');

/**
 * Rewrites `code`'s imports of absolute `.js` URLs (the build's chunks and bundles): dynamic ones
 * everywhere, static ones (`lazy`: a lazy chunk, an ES module that may await at its top) into
 * `const{…}=await __notesImport(url)`. Throws when a static import of another shape is left.
 * @param {string} code
 * @param {{ lazy: boolean, where: string }} options
 * @returns {string}
 */
export function retryImports(code, { lazy, where }) {
  const url = `["'](\\/[^"'\\s]*\\.js)["']`;
  const call = (u) => `${IMPORT_GLOBAL}(${JSON.stringify(u)})`;
  let out = code.replace(new RegExp(`\\bimport\\(\\s*${url}\\s*\\)`, 'g'), (_, u) => call(u));
  if (!lazy) return out;
  out = out.replace(new RegExp(`\\bimport\\s*\\{([^}]*)\\}\\s*from\\s*${url}\\s*;?`, 'g'), (_, list, u) => {
    const names = pattern(list, where);
    return `${names ? `const{${names}}=` : ''}await ${call(u)};`;
  });
  out = out.replace(new RegExp(`\\bimport\\s*${url}\\s*;?`, 'g'), (_, u) => `await ${call(u)};`);
  if (new RegExp(`\\bfrom\\s*${url}|\\bimport\\s*\\*`).test(out))
    throw new InlineError(`${where}: a static import retry-imports does not know is left`);
  return out;
}
