// Finds top-level bindings of a script that code inside a function assigns to — the bindings whose
// value can change after the script has run. The first-load code publishes its exports to lazy
// chunks as values taken once at its end (inline-first-load.mjs), which equals ES live bindings
// only while no exported binding is assigned later: first-load-checks.mjs makes the build refuse
// it. Scope-aware (minified code reuses short names in inner scopes), conservative: an assignment
// in a function that only ever runs during start-up is reported too. Plain JavaScript (build.mjs
// runs on bare node); types in late-assignments.d.mts.
import { parse } from 'acorn';

const isNode = (v) => typeof v === 'object' && v !== null && 'type' in v;
const children = (node) =>
  Object.entries(node)
    .filter(([k]) => k !== 'type')
    .flatMap(([, v]) => (Array.isArray(v) ? v.filter(isNode) : isNode(v) ? [v] : []));

/** Names a binding pattern (`a`, `{a, b: [c]}`, `...d`, `e = 1`) declares or assigns. */
function patternNames(p, out = []) {
  if (!p) return out;
  if (p.type === 'Identifier') out.push(p.name);
  else if (p.type === 'ObjectPattern')
    for (const prop of p.properties)
      patternNames(prop.type === 'RestElement' ? prop.argument : prop.value, out);
  else if (p.type === 'ArrayPattern') for (const el of p.elements) patternNames(el, out);
  else if (p.type === 'RestElement') patternNames(p.argument, out);
  else if (p.type === 'AssignmentPattern') patternNames(p.left, out);
  return out;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** `var` names declared anywhere under `n`, not inside nested functions. */
function hoistedVars(n, out) {
  for (const c of children(n)) {
    if (FUNCTIONS.has(c.type)) continue;
    if (c.type === 'VariableDeclaration' && c.kind === 'var')
      for (const d of c.declarations) for (const x of patternNames(d.id)) out.add(x);
    hoistedVars(c, out);
  }
}

/** Names a statement list declares itself: let, const, class and function declarations. */
function lexical(statements, out) {
  for (const s of statements) {
    if (s.type === 'VariableDeclaration' && s.kind !== 'var')
      for (const d of s.declarations) for (const x of patternNames(d.id)) out.add(x);
    if ((s.type === 'FunctionDeclaration' || s.type === 'ClassDeclaration') && s.id) out.add(s.id.name);
  }
}

/** The scope a node opens, if any (functions, blocks, switch, for heads, catch). */
function scopeOf(n, scope, parentType) {
  if (FUNCTIONS.has(n.type)) {
    const names = new Set();
    if (n.type === 'FunctionExpression' && n.id) names.add(n.id.name);
    for (const p of n.params) for (const x of patternNames(p)) names.add(x);
    if (n.body.type === 'BlockStatement') {
      hoistedVars(n.body, names);
      lexical(n.body.body, names);
    }
    return { names, parent: scope };
  }
  const names = new Set();
  if (n.type === 'BlockStatement' && !FUNCTIONS.has(parentType)) lexical(n.body, names);
  else if (n.type === 'SwitchStatement') for (const c of n.cases) lexical(c.consequent, names);
  else if (n.type === 'ForStatement' || n.type === 'ForInStatement' || n.type === 'ForOfStatement') {
    const head = n.init ?? n.left;
    if (head?.type === 'VariableDeclaration' && head.kind !== 'var') lexical([head], names);
  } else if (n.type === 'CatchClause') for (const x of patternNames(n.param)) names.add(x);
  else return scope;
  return { names, parent: scope };
}

/** The names a node assigns or updates (not declarations). */
function targetsOf(n) {
  if (n.type === 'AssignmentExpression') return patternNames(n.left);
  if (n.type === 'UpdateExpression') return patternNames(n.argument);
  if ((n.type === 'ForInStatement' || n.type === 'ForOfStatement') && n.left.type !== 'VariableDeclaration')
    return patternNames(n.left);
  return [];
}

/**
 * The `topLevel` bindings of `code` (a classic script) that some function body assigns or
 * updates, each with where the first such assignment starts (a character offset), sorted by name.
 * @param {string} code
 * @param {ReadonlySet<string>} topLevel
 * @returns {{ name: string, at: number }[]}
 */
export function lateAssignmentSites(code, topLevel) {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'script' });
  const found = new Map();
  const resolvesTop = (name, scope) => {
    for (let s = scope; s; s = s.parent) if (s.names.has(name)) return s.parent === null;
    return false;
  };
  const walk = (n, scope, inFunction, parentType) => {
    const here = scopeOf(n, scope, parentType);
    const nowInFunction = inFunction || FUNCTIONS.has(n.type);
    if (nowInFunction)
      for (const t of targetsOf(n))
        if (topLevel.has(t) && !found.has(t) && resolvesTop(t, here)) found.set(t, n.start);
    for (const c of children(n)) walk(c, here, nowInFunction, n.type);
  };
  const names = new Set();
  hoistedVars(program, names);
  lexical(program.body, names);
  walk(program, { names, parent: null }, false, '');
  return [...found]
    .map(([name, at]) => ({ name, at }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The names of `topLevel` bindings that some function body assigns or updates.
 * @param {string} code
 * @param {ReadonlySet<string>} topLevel
 * @returns {string[]}
 */
export function lateAssignments(code, topLevel) {
  return lateAssignmentSites(code, topLevel).map((s) => s.name);
}
