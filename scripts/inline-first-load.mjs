// Turns the split build's first-load chunk into code that can live inline in index.html (docs/budgets.md:
// the first note in one round trip). An inline script has no URL, so lazy chunks can't import it
// as a module the way esbuild wrote them (`import{a as b}from"/assets/chunk-….js"`): that would
// fetch and run a second copy. Instead the first-load code ends by publishing what lazy chunks
// use on one global, and each lazy chunk reads its imports from there. The lazy chunks only ever
// run after the first-load code (they are imported by it), so the values are always in place.
// Plain JavaScript (build.mjs runs on bare node); types in inline-first-load.d.mts.
import { createHash } from 'node:crypto';
import { Script } from 'node:vm';

/** The global the first-load code publishes its shared exports on. */
export const SHARED_GLOBAL = '__notesShared';

/** A build step that can't be done safely: build.mjs reports it and stops. */
export class InlineError extends Error {}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * `a as b, c` → [['a', 'b'], ['c', 'c']]; anything else is not esbuild's output: an error. Shared
 * with retry-imports.mjs, which reads the same import lists.
 * @param {string} list
 * @param {string} where
 * @returns {[string, string][]}
 */
export function specifiers(list, where) {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [from, as, to, ...rest] = s.split(/\s+/);
      const pair = as === undefined ? [from, from] : [from, to];
      if ((as !== undefined && as !== 'as') || rest.length || !pair.every((n) => NAME.test(n ?? '')))
        throw new InlineError(`${where}: unexpected specifier "${s}"`);
      return pair;
    });
}

/**
 * The first-load chunk as a script: its closing `export{local as name,…}` becomes
 * `globalThis.__notesShared={name:local,…}`. Values are taken once, when the code has run; that
 * equals ES live bindings because every export of first-load code is assigned once, at load
 * (test/build.test.ts checks no exported binding is assigned again). Throws when the chunk has
 * another shape or still has a static import or export (it must parse as a classic script).
 * @param {string} code
 * @returns {string}
 */
export function publishExports(code) {
  const match = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(code);
  const pairs = match ? specifiers(match[1], 'first-load exports') : [];
  const object = pairs.map(([local, name]) => (local === name ? local : `${name}:${local}`)).join(',');
  const script = `${match ? code.slice(0, match.index) : code}\nglobalThis.${SHARED_GLOBAL}={${object}};\n`;
  assertScript(script, 'the first-load code');
  return script;
}

/**
 * A lazy chunk that imported from the first-load files (`urls`) reads those imports from the
 * global instead, in one declaration at its top; a bare `import"<url>"` (ordering only) goes.
 * Throws if any other mention of those URLs is left.
 * @param {string} code
 * @param {string[]} urls
 * @param {string} where the chunk's name, for errors
 * @returns {string}
 */
export function readSharedImports(code, urls, where) {
  const pairs = [];
  let out = code;
  for (const url of urls) {
    const quoted = `["']${escapeRe(url)}["']`;
    out = out.replace(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quoted}\\s*;?`, 'g'), (_, list) => {
      pairs.push(...specifiers(list, where));
      return '';
    });
    out = out.replace(new RegExp(`import\\s*${quoted}\\s*;?`, 'g'), '');
    if (out.includes(url)) throw new InlineError(`${where}: still refers to ${url}`);
  }
  if (!pairs.length) return out;
  const fields = pairs.map(([name, local]) => (name === local ? name : `${name}:${local}`)).join(',');
  return `const{${fields}}=globalThis.${SHARED_GLOBAL};${out}`;
}

/**
 * Fails unless `code` parses as a classic script (so no static `import`/`export` is left) and
 * can't end its `<script>` element early.
 * @param {string} code
 * @param {string} what
 */
export function assertScript(code, what) {
  try {
    new Script(code);
  } catch (error) {
    throw new InlineError(`${what} is not a plain script: ${error.message}`);
  }
  if (/<\/script|<!--/i.test(code)) throw new InlineError(`${what} contains "</script" or "<!--"`);
}

/**
 * The CSP source allowing an inline `<script>` or `<style>` with exactly this text.
 * @param {string} text
 * @returns {string}
 */
export function cspHash(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
