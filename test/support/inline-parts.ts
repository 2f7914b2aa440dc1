/**
 * Reads the inline parts out of a built index.html and what the first-load code publishes to lazy
 * chunks (scripts/inline-first-load.mjs), for the build's tests.
 */
import { type Node, parse } from 'acorn';

/** The early start, the stylesheet and the app, exactly as they stand in the document. */
export function inlineParts(html: string): { early: string; style: string; app: string } {
  const early = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  const app = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (early === undefined || style === undefined || app === undefined)
    throw new Error('index.html lacks an inline early start, stylesheet or app');
  return { early, style, app };
}

type AnyNode = Node & Record<string, unknown>;

/** The object literal assigned to `globalThis.__notesShared` at the app's top level. */
function sharedObject(app: string): AnyNode[] {
  const program = parse(app, { ecmaVersion: 'latest', sourceType: 'script' }) as unknown as AnyNode;
  const top = (program.body as AnyNode[]).flatMap((statement) => {
    const e = statement.expression as AnyNode | undefined;
    return e?.type === 'SequenceExpression' ? (e.expressions as AnyNode[]) : e ? [e] : [];
  });
  for (const e of top) {
    const left = e.left as AnyNode | undefined;
    if (e.type === 'AssignmentExpression' && left?.type === 'MemberExpression') {
      const property = left.property as AnyNode;
      if (property.name === '__notesShared') return (e.right as AnyNode).properties as AnyNode[];
    }
  }
  throw new Error('the app publishes no globalThis.__notesShared');
}

/** The names lazy chunks can read. */
export function publishedNames(app: string): Set<string> {
  return new Set(sharedObject(app).map((p) => (p.key as AnyNode).name as string));
}

/** The app's top-level bindings whose values are published (inlined functions aren't bindings). */
export function publishedLocals(app: string): Set<string> {
  const values = sharedObject(app).map((p) => p.value as AnyNode);
  return new Set(values.filter((v) => v.type === 'Identifier').map((v) => v.name as string));
}
