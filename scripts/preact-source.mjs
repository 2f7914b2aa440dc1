// Preact built from the sources its package ships, for build.mjs (docs/budgets.md "Toward 22 kB"):
// `preact`, `preact/hooks`, `preact/compat` (React's API, what `react` and `react-dom` name in the
// app) and the JSX runtime resolve to src/, hooks/src/, compat/src/ and jsx-runtime/src/ instead of
// the prebuilt dist/. From source, esbuild leaves out the parts of compat the app never imports
// (their modules are declared free of side effects below) and renames Preact's private properties
// (`_children`, `_component`, …) short together with the app's code. Plain JavaScript (build.mjs
// runs on bare node); types in .d.mts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where each import name resolves, relative to the preact package. */
const SOURCES = {
  preact: 'src/index.js',
  'preact/hooks': 'hooks/src/index.js',
  'preact/compat': 'compat/src/index.js',
  'preact/compat/client': 'compat/client.mjs',
  'preact/jsx-runtime': 'jsx-runtime/src/index.js',
  react: 'compat/src/index.js',
  'react-dom': 'compat/src/index.js',
  'react-dom/client': 'compat/client.mjs',
  'react/jsx-runtime': 'jsx-runtime/src/index.js',
};

/**
 * compat's modules whose only top-level work is setting up their own export (a prototype, a
 * class): `Children`, `PureComponent`, `createPortal`, `SuspenseList`; and `Suspense` / `lazy`,
 * whose `options` hooks (a thrown promise caught by the nearest Suspense) serve only them: the app
 * loads its lazy parts without them (src/ui/lazy-part.ts). Declared free of side effects, esbuild
 * drops each one unless the app imports what it exports. (forwardRef.js is not
 * among them: its `options` hook moves `ref` into the props of every memo and lazy component.)
 */
const SETUP_ONLY = /^\.\/(Children|PureComponent|portals|suspense-list|suspense)(\.js)?$/;

/** Property names Preact's own code must see under their real names: React's and the DOM's. */
const PUBLIC = new Set([
  '__html',
  '__source',
  '__self',
  '__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED',
  '__REACT_DEVTOOLS_GLOBAL_HOOK__',
  '__PREACT_DEVTOOLS__',
  '_renderers',
]);

/**
 * The esbuild plugin: React's and Preact's module names → Preact's sources in `preactDir`.
 * @param {string} preactDir the preact package's directory
 */
export function preactFromSource(preactDir) {
  const names = Object.keys(SOURCES).map((n) => n.replace('/', '\\/'));
  return {
    name: 'preact-from-source',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({
        path: join(preactDir, SOURCES[args.path]),
      }));
      b.onResolve({ filter: SETUP_ONLY }, (args) =>
        args.importer.startsWith(join(preactDir, 'compat', 'src'))
          ? { path: join(args.resolveDir, args.path.replace(/(\.js)?$/, '.js')), sideEffects: false }
          : undefined,
      );
    },
  };
}

/** The .js files of Preact's sources that the plugin resolves to, with the modules they import. */
function sourceFiles(preactDir) {
  const dirs = ['src', 'src/diff', 'hooks/src', 'compat/src', 'jsx-runtime/src'];
  return [
    ...dirs.flatMap((d) =>
      readdirSync(join(preactDir, d))
        .filter((f) => f.endsWith('.js'))
        .map((f) => join(preactDir, d, f)),
    ),
    join(preactDir, 'compat/client.mjs'),
  ];
}

/**
 * Preact's private property names, as its sources spell them: every `._name` / `.__name` read or
 * written there, less the public ones React and the DOM define (`__html`, `__source`, …). Preact
 * names its internals this way so its own build can rename them; build.mjs hands them to esbuild's
 * `mangleProps`, which renames each the same way in every chunk.
 * @param {string} preactDir
 * @returns {string[]} sorted
 */
export function preactPrivateNames(preactDir) {
  const names = new Set();
  for (const file of sourceFiles(preactDir))
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/\.(__?[A-Za-z]\w*)/g))
      if (!PUBLIC.has(name)) names.add(name);
  return [...names].sort();
}

/**
 * Where built code reads or writes a property under a name Preact's prebuilt dist uses for an
 * internal (`__k`, `__H`, `__c`: two underscores and one letter). Built from source, Preact never
 * sets these, so code reading them (preact-iso's `Router` and `lazy`, @preact/signals, written
 * against the dist) would silently get `undefined`: build.mjs refuses such a build.
 * @param {string} code
 * @returns {string[]} the names found, each once
 */
export function distInternalReads(code) {
  return [...new Set([...code.matchAll(/\.(__[A-Za-z])(?![\w$])/g)].map((m) => m[1]))];
}

/**
 * Where built code still spells one of `names` (mangled everywhere esbuild saw a property access):
 * in a string, it is a property reached by a computed key (`o['_dom']`, `'_dom' in o`), which
 * esbuild does not rename — it would miss the renamed property at run time.
 * @param {string} code
 * @param {string[]} names
 * @returns {string[]}
 */
export function unmangledNames(code, names) {
  return names.filter((n) => new RegExp(`(?<![\\w$])${n.replace(/\$/g, '\\$')}(?![\\w$])`).test(code));
}

/**
 * Throws when a built chunk reads a dist-only internal (`distInternalReads`) or reaches a renamed
 * private property by a quoted name (`unmangledNames`): either would fail at run time, not here.
 * @param {string[]} files the app build's chunks, after the last minification
 * @param {string[]} names the renamed private names
 */
export function assertPreactFromSource(files, names) {
  const problems = files.flatMap((where) => {
    const code = readFileSync(where, 'utf8');
    return [
      ...distInternalReads(code).map(
        (n) =>
          `${where} reads .${n}, a name only Preact's prebuilt dist gives an internal (Preact is built from source)`,
      ),
      ...unmangledNames(code, names).map(
        (n) =>
          `${where} spells ${n}, a Preact private property renamed everywhere else (reached by a quoted name?)`,
      ),
    ];
  });
  if (problems.length) throw new Error(problems.join('\n'));
}
