/**
 * Finds top-level bindings of a script that code inside a function assigns to — the bindings whose
 * value can change after the script has run. The first-load code publishes its exports to lazy
 * chunks as values taken once at its end (scripts/inline-first-load.mjs), which equals ES live
 * bindings only while no exported binding is assigned later: this is the check for that.
 * Scope-aware (minified code reuses short names in inner scopes), conservative: an assignment in a
 * function that only ever runs during start-up is reported too.
 */
import { type Node, parse } from 'acorn';

type AnyNode = Node & Record<string, unknown>;
type Scope = { names: Set<string>; parent: Scope | null };

const isNode = (v: unknown): v is AnyNode => typeof v === 'object' && v !== null && 'type' in v;
const children = (node: AnyNode): AnyNode[] =>
  Object.entries(node)
    .filter(([k]) => k !== 'type')
    .flatMap(([, v]) => (Array.isArray(v) ? v.filter(isNode) : isNode(v) ? [v] : []));

/** Names a binding pattern (`a`, `{a, b: [c]}`, `...d`, `e = 1`) declares or assigns. */
function patternNames(p: AnyNode | null | undefined, out: string[] = []): string[] {
  if (!p) return out;
  if (p.type === 'Identifier') out.push(p.name as string);
  else if (p.type === 'ObjectPattern')
    for (const prop of p.properties as AnyNode[])
      patternNames((prop.type === 'RestElement' ? prop.argument : prop.value) as AnyNode, out);
  else if (p.type === 'ArrayPattern')
    for (const el of p.elements as (AnyNode | null)[]) patternNames(el, out);
  else if (p.type === 'RestElement') patternNames(p.argument as AnyNode, out);
  else if (p.type === 'AssignmentPattern') patternNames(p.left as AnyNode, out);
  return out;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** `var` names declared anywhere under `n`, not inside nested functions. */
function hoistedVars(n: AnyNode, out: Set<string>) {
  for (const c of children(n)) {
    if (FUNCTIONS.has(c.type)) continue;
    if (c.type === 'VariableDeclaration' && c.kind === 'var')
      for (const d of c.declarations as AnyNode[]) for (const x of patternNames(d.id as AnyNode)) out.add(x);
    hoistedVars(c, out);
  }
}

/** Names a statement list declares itself: let, const, class and function declarations. */
function lexical(statements: AnyNode[], out: Set<string>) {
  for (const s of statements) {
    if (s.type === 'VariableDeclaration' && s.kind !== 'var')
      for (const d of s.declarations as AnyNode[]) for (const x of patternNames(d.id as AnyNode)) out.add(x);
    if ((s.type === 'FunctionDeclaration' || s.type === 'ClassDeclaration') && s.id)
      out.add((s.id as AnyNode).name as string);
  }
}

/** The names of `topLevel` bindings that some function body assigns or updates. */
export function lateAssignments(code: string, topLevel: ReadonlySet<string>): string[] {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'script' }) as unknown as AnyNode;
  const found = new Set<string>();
  const resolvesTop = (name: string, scope: Scope) => {
    for (let s: Scope | null = scope; s; s = s.parent) if (s.names.has(name)) return s.parent === null;
    return false;
  };
  const walk = (n: AnyNode, scope: Scope, inFunction: boolean, parentType: string) => {
    let here = scope;
    if (FUNCTIONS.has(n.type)) {
      const names = new Set<string>();
      if (n.type === 'FunctionExpression' && n.id) names.add((n.id as AnyNode).name as string);
      for (const p of n.params as AnyNode[]) for (const x of patternNames(p)) names.add(x);
      const body = n.body as AnyNode;
      if (body.type === 'BlockStatement') {
        hoistedVars(body, names);
        lexical(body.body as AnyNode[], names);
      }
      here = { names, parent: scope };
      inFunction = true;
    } else if (n.type === 'BlockStatement' && !FUNCTIONS.has(parentType)) {
      const names = new Set<string>();
      lexical(n.body as AnyNode[], names);
      here = { names, parent: scope };
    } else if (n.type === 'SwitchStatement') {
      const names = new Set<string>();
      for (const c of n.cases as AnyNode[]) lexical(c.consequent as AnyNode[], names);
      here = { names, parent: scope };
    } else if (n.type === 'ForStatement' || n.type === 'ForInStatement' || n.type === 'ForOfStatement') {
      const head = (n.init ?? n.left) as AnyNode | undefined;
      const names = new Set<string>();
      if (head?.type === 'VariableDeclaration' && head.kind !== 'var') lexical([head], names);
      here = { names, parent: scope };
    } else if (n.type === 'CatchClause') {
      here = { names: new Set(patternNames(n.param as AnyNode)), parent: scope };
    }
    if (inFunction) {
      const targets =
        n.type === 'AssignmentExpression'
          ? patternNames(n.left as AnyNode)
          : n.type === 'UpdateExpression'
            ? patternNames(n.argument as AnyNode)
            : (n.type === 'ForInStatement' || n.type === 'ForOfStatement') &&
                (n.left as AnyNode).type !== 'VariableDeclaration'
              ? patternNames(n.left as AnyNode)
              : [];
      for (const t of targets) if (topLevel.has(t) && resolvesTop(t, here)) found.add(t);
    }
    for (const c of children(n)) walk(c, here, inFunction, n.type);
  };
  const names = new Set<string>();
  hoistedVars(program, names);
  lexical(program.body as AnyNode[], names);
  walk(program, { names, parent: null }, false, '');
  return [...found].sort();
}
