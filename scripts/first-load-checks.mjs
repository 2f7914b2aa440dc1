// The checks that make `npm run build` refuse an inlined first load that would break at run time
// (docs/decisions.md "First load", scripts/README.md). inline-first-load.mjs hands lazy chunks the
// first-load exports as values taken once, on one global; that is only right while
// 1. no published binding is assigned after start-up (a lazy chunk would keep the old value), and
// 2. every name a lazy chunk reads from the global is one the first-load code publishes (else it
//    reads undefined).
// Both depend on the shape of esbuild's and terser's output, so they run on the final texts, after
// the last minification. Plain JavaScript (build.mjs runs on bare node); types in .d.mts.
import { parse } from 'acorn';
import { InlineError, SHARED_GLOBAL } from './inline-first-load.mjs';
import { lateAssignmentSites } from './late-assignments.mjs';

const isShared = (n) =>
  n?.type === 'MemberExpression' &&
  !n.computed &&
  n.object.type === 'Identifier' &&
  n.object.name === 'globalThis' &&
  n.property.name === SHARED_GLOBAL;

const keyName = (p) => (p.key.type === 'Identifier' ? p.key.name : String(p.key.value));

/**
 * What the first-load code publishes: `globalThis.__notesShared={name:local,…}` at its top level
 * → [name, the local binding's name, or null for a value that is no binding (an inlined function)].
 * @param {string} app the first-load code, a classic script
 * @returns {[string, string | null][]}
 */
export function publishedExports(app) {
  const program = parse(app, { ecmaVersion: 'latest', sourceType: 'script' });
  const top = program.body.flatMap((s) => {
    const e = s.expression;
    return e?.type === 'SequenceExpression' ? e.expressions : e ? [e] : [];
  });
  const publish = top.find((e) => e.type === 'AssignmentExpression' && isShared(e.left));
  if (publish?.right.type !== 'ObjectExpression')
    throw new InlineError(
      `the first-load code publishes no globalThis.${SHARED_GLOBAL}={…} at its top level`,
    );
  return publish.right.properties.map((p) => {
    if (p.type !== 'Property' || p.computed)
      throw new InlineError(`globalThis.${SHARED_GLOBAL}: a field that is not name:value`);
    return [keyName(p), p.value.type === 'Identifier' ? p.value.name : null];
  });
}

/**
 * The names a lazy chunk reads from the global: the keys of `const{a:x,b}=globalThis.__notesShared`
 * and of `globalThis.__notesShared.c`. Any other use (the object passed around) can't be followed:
 * an error, so the check never passes by not seeing.
 * @param {string} code a lazy chunk (an ES module)
 * @param {string} where its name, for errors
 * @returns {string[]}
 */
export function sharedReads(code, where) {
  if (!code.includes(SHARED_GLOBAL)) return [];
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const names = [];
  let uses = 0;
  const visit = (n, parent) => {
    if (isShared(n)) {
      uses += 1;
      if (parent?.type === 'VariableDeclarator' && parent.init === n && parent.id.type === 'ObjectPattern') {
        for (const p of parent.id.properties) {
          if (p.type !== 'Property' || p.computed)
            throw new InlineError(`${where}: reads globalThis.${SHARED_GLOBAL} with a rest or computed key`);
          names.push(keyName(p));
        }
      } else if (parent?.type === 'MemberExpression' && parent.object === n && !parent.computed) {
        names.push(parent.property.name);
      } else
        throw new InlineError(`${where}: uses globalThis.${SHARED_GLOBAL} in a way the build can't check`);
    }
    for (const [k, v] of Object.entries(n))
      if (k !== 'type')
        for (const c of Array.isArray(v) ? v : [v])
          if (c && typeof c === 'object' && 'type' in c) visit(c, n);
  };
  visit(program, null);
  const mentions = code.split(SHARED_GLOBAL).length - 1;
  if (mentions !== uses)
    throw new InlineError(`${where}: mentions ${SHARED_GLOBAL} other than as globalThis.${SHARED_GLOBAL}`);
  return names;
}

/** A short excerpt of `code` around `at`, for error messages about minified code. */
const excerpt = (code, at) => JSON.stringify(code.slice(Math.max(0, at - 30), at + 50));

/**
 * Every problem with an inlined first load and its lazy chunks, as lines that name the binding or
 * the chunk (empty when all is well).
 * @param {string} app the first-load code as it will stand in index.html
 * @param {{ where: string, code: string }[]} lazy every other chunk of the app's build
 * @returns {string[]}
 */
export function firstLoadProblems(app, lazy) {
  const published = publishedExports(app);
  const problems = [];
  const locals = new Map(published.filter(([, local]) => local).map(([name, local]) => [local, name]));
  for (const { name, at } of lateAssignmentSites(app, new Set(locals.keys())))
    problems.push(
      `the first-load code assigns "${name}" (published to lazy chunks as "${locals.get(name)}") after start-up, at offset ${at}: ${excerpt(app, at)}`,
    );
  const names = new Set(published.map(([name]) => name));
  for (const { where, code } of lazy)
    for (const name of sharedReads(code, where))
      if (!names.has(name))
        problems.push(
          `${where} reads "${name}" from globalThis.${SHARED_GLOBAL}, which the first load does not publish`,
        );
  return problems;
}

/**
 * Throws one InlineError listing every problem firstLoadProblems finds: the build stops there.
 * @param {string} app
 * @param {{ where: string, code: string }[]} lazy
 */
export function assertFirstLoad(app, lazy) {
  const problems = firstLoadProblems(app, lazy);
  if (problems.length)
    throw new InlineError(
      `the inlined first load would break at run time (scripts/README.md "What the build refuses"):\n  ${problems.join('\n  ')}`,
    );
}
