/**
 * The import lines the folders follow (issue 16), checked over the source itself so a new import
 * that crosses one fails here, with the file and the import named. Biome's noRestrictedImports
 * (biome.json) reports the first rule in the editor too; it cannot tell a type import from a value
 * import, so the read/write rule and the first load's reach live only here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

/** One import of a src file: whom, and whether it is a static value, a type-only or a dynamic import. */
type Edge = { from: string; to: string; kind: 'value' | 'type' | 'dynamic' };

const ROOT = join(dirname(new URL(import.meta.url).pathname), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every relative import of `file` (repository-relative paths), parsed by TypeScript. */
function importsOf(file: string): Edge[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: Edge[] = [];
  const add = (spec: string, kind: Edge['kind']) => {
    if (spec.startsWith('.')) edges.push({ from: file, to: normalize(join(dirname(file), spec)), kind });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!named &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly ? 'type' : 'value');
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly ? 'type' : 'value');
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, 'dynamic');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const edges = sourceFiles('src').flatMap(importsOf);
const under = (path: string, ...folders: string[]) => folders.some((f) => path.startsWith(`${f}/`));
const show = (list: Edge[]) => list.map((e) => `${e.from} → ${e.to} (${e.kind})`).join('\n');

test('the parser sees the imports it must judge (type, value, dynamic)', () => {
  const model = edges.filter((e) => e.from === 'src/notes/notes-model.ts');
  assert.ok(model.some((e) => e.to === 'src/notes/read/note-cache.ts' && e.kind === 'value'));
  assert.ok(model.some((e) => e.to === 'src/notes/write/note-actions.ts' && e.kind === 'type'));
  assert.ok(model.some((e) => e.to === 'src/notes/write/note-actions.ts' && e.kind === 'dynamic'));
});

test('notes, format and the Quill bundle never import the UI', () => {
  const bad = edges.filter(
    (e) => under(e.from, 'src/notes', 'src/format', 'src/editor') && under(e.to, 'src/ui'),
  );
  assert.is(show(bad), '');
});

test('format never imports notes; the Quill bundle imports only itself', () => {
  const bad = edges.filter(
    (e) =>
      (under(e.from, 'src/format') && under(e.to, 'src/notes')) ||
      (under(e.from, 'src/editor') && !under(e.to, 'src/editor')),
  );
  assert.is(show(bad), '');
});

test('the read side never value-imports the write side (types and import() are fine)', () => {
  const bad = edges.filter(
    (e) => under(e.from, 'src/notes/read') && under(e.to, 'src/notes/write') && e.kind === 'value',
  );
  assert.is(show(bad), '');
});

test('what the first load reaches statically holds no write-side or editor code', () => {
  const reached = new Set<string>();
  const walk = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const e of edges) if (e.from === file && e.kind === 'value') walk(e.to);
  };
  walk('src/main.tsx');
  walk('src/boot/early.ts');
  assert.ok(reached.has('src/notes/read/note-lists.ts'), 'the walk follows the imports');
  const bad = [...reached].filter((f) => under(f, 'src/notes/write', 'src/editor', 'src/ui/editor'));
  assert.equal(bad, []);
});

test('src/notes holds only read/, write/ and the front module', () => {
  const top = readdirSync(join(ROOT, 'src/notes')).sort();
  assert.equal(top, ['notes-model.ts', 'read', 'write']);
});

test.run();
