/**
 * Every message the app can show is in locales/en.json (and so, through catalogue.test.ts, in every
 * locale): keys are the English text, and a key missing from the catalogues would show in English
 * whatever the learner's language. The test reads src/ with TypeScript's parser and collects:
 * - the first argument of `t(…)`, `x.t(…)` and `announce(…)` calls (string literals, both branches
 *   of `?:` / `||` / `??`, same-file consts and const tables such as `ORDER_LABELS[order]`);
 * - string props of the components that translate them (EmptyState, NoteList, ViewList);
 * - `message` of problem objects (`{ kind, retry, message }`);
 * - the key tables, imported: PROBLEM_MESSAGES, UPLOAD_MESSAGES, ROUTES, SHORTCUTS, anchor keys.
 * A key it cannot resolve (`t(problem.message)`) must be listed in DYNAMIC with where its keys come
 * from, so a new kind of key never slips past. It also fails on bare text in JSX (text children,
 * text attributes) and on text written straight into the DOM, which no translation can reach.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { anchorAction, anchorMessage } from '../../src/format/note-format.ts';
import { PROBLEM_MESSAGES } from '../../src/notes/read/describe-error.ts';
import { UPLOAD_MESSAGES } from '../../src/notes/write/upload-image.ts';
import { RATINGS } from '../../src/review/ratings.ts';
import { ROUTES } from '../../src/routes/route-table.ts';
import { SHORTCUTS } from '../../src/ui/shortcuts.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EN: Record<string, string> = JSON.parse(readFileSync(`${ROOT}locales/en.json`, 'utf8'));

/** Call sites whose key is not a literal: `file: argument` → where their keys are collected from. */
const DYNAMIC: Record<string, string> = {
  'src/ui/LiveRegion.tsx: current.key': 'announce(…) calls',
  'src/ui/Shell.tsx: route.label': 'ROUTES',
  'src/ui/notes/ShortcutList.tsx: s.label': 'SHORTCUTS',
  'src/ui/notes/ListStatus.tsx: problem.message': 'PROBLEM_MESSAGES, problem objects',
  'src/ui/notes/NoteEditor.tsx: problem.message': 'PROBLEM_MESSAGES, problem objects',
  'src/ui/notes/ListStatus.tsx: title': 'EmptyState props',
  'src/ui/notes/ListStatus.tsx: hint': 'EmptyState props',
  'src/ui/notes/NoteList.tsx: empty': 'NoteList props',
  'src/ui/notes/NoteList.tsx: emptyHint': 'NoteList props',
  'src/ui/screens/view/ViewList.tsx: props.empty.title': 'ViewList props',
  'src/ui/screens/view/ViewList.tsx: props.empty.hint': 'ViewList props',
  'src/ui/notes/AddNote.tsx: anchor.key': 'anchorMessage',
  'src/ui/notes/NoteCard.tsx: anchor.key': 'anchorMessage',
  'src/ui/screens/course/export-markdown.ts: anchor.key': 'anchorMessage',
  'src/format/anki-export.ts: anchor.key': 'anchorMessage',
  'src/ui/notes/AnchorButton.tsx: action.key': 'anchorAction',
  'src/ui/ScreenFailure.tsx: title': 'ScreenFailure props',
  'src/ui/ScreenFailure.tsx: text': 'ScreenFailure props',
  'src/ui/ScreenFailure.tsx: action': 'ScreenFailure props',
  'src/ui/screens/review/ReviewCard.tsx: r.label': 'RATINGS',
};

/** Names of the imported tables below (and of what they hold): a key read from them is checked there. */
const TABLES = new Set(['PROBLEM_MESSAGES', 'UPLOAD_MESSAGES', 'TIMEOUT_MESSAGE']);

/** Text that reaches the learner without t(), on purpose: `file: text` → why. */
const UNTRANSLATED_OK: Record<string, string> = {
  'src/start.tsx: Notes could not start. Reload the page to try again.':
    'shown when the app could not start, so there may be no i18n model to ask: in English, then from the early catalogue (src/boot/failure-words.ts), so it is a key too',
};

/** Components that pass these props to t() themselves. */
const KEY_PROPS: Record<string, string[]> = {
  EmptyState: ['title', 'hint'],
  NoteList: ['empty', 'emptyHint'],
  ViewList: ['empty'],
  ScreenFailure: ['title', 'text', 'action'],
};
/** Attributes of HTML elements that a person reads or hears. */
const TEXT_ATTRS = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext']);
for (const a of ['aria-placeholder', 'title', 'placeholder', 'alt', 'label']) TEXT_ATTRS.add(a);
/** DOM properties that put text on screen. */
const TEXT_PROPS = new Set(['textContent', 'innerText', 'title', 'placeholder', 'ariaLabel']);
const HAS_LETTER = /\p{L}/u;

type Site = { key: string; where: string };
type Scan = { keys: Site[]; dynamic: Site[]; untranslated: Site[] };

/** Every .ts/.tsx file under src/ (declaration files aside). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Reads one file and collects its keys, unresolved key expressions and untranslated text. */
function scanFile(path: string, out: Scan): void {
  const file = relative(ROOT, path).replaceAll('\\', '/');
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const consts = new Map<string, ts.Expression>();
  const findConsts = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer)
      if (ts.getCombinedNodeFlags(n) & ts.NodeFlags.Const && !consts.has(n.name.text))
        consts.set(n.name.text, n.initializer);
    ts.forEachChild(n, findConsts);
  };
  findConsts(sf);

  /** The strings an expression can evaluate to as a key; what it can't tell goes to `dynamic`. */
  const resolve = (e: ts.Expression, site: ts.Node, depth = 0): void => {
    const where = at(site);
    const base = ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) ? e.expression : e;
    if (ts.isIdentifier(base) && TABLES.has(base.text)) return;
    if (e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === 'undefined')) return;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) out.keys.push({ key: e.text, where });
    else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e))
      resolve(e.expression, site, depth);
    else if (ts.isConditionalExpression(e)) {
      resolve(e.whenTrue, site, depth);
      resolve(e.whenFalse, site, depth);
    } else if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
      resolve(e.right, site, depth);
    else if (
      ts.isBinaryExpression(e) &&
      [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(e.operatorToken.kind)
    ) {
      resolve(e.left, site, depth);
      resolve(e.right, site, depth);
    } else if (ts.isObjectLiteralExpression(e)) {
      for (const p of e.properties) if (ts.isPropertyAssignment(p)) resolve(p.initializer, site, depth);
    } else if (ts.isIdentifier(e) && consts.has(e.text) && depth < 5)
      resolve(consts.get(e.text)!, site, depth + 1);
    else if (ts.isElementAccessExpression(e) && ts.isIdentifier(e.expression) && depth < 5) {
      const table = consts.get(e.expression.text);
      const inner = table && ts.isAsExpression(table) ? table.expression : table;
      if (inner && ts.isObjectLiteralExpression(inner)) resolve(inner, site, depth + 1);
      else out.dynamic.push({ key: `${file}: ${e.getText(sf)}`, where });
    } else out.dynamic.push({ key: `${file}: ${e.getText(sf)}`, where });
  };

  /** Bare text in JSX children, e.g. `<p>Saved</p>` or `{ok ? 'Saved' : ''}`. */
  const bareText = (e: ts.Expression, site: ts.Node): void => {
    if ((ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && HAS_LETTER.test(e.text))
      out.untranslated.push({ key: `${file}: ${e.text}`, where: at(site) });
    else if (ts.isParenthesizedExpression(e)) bareText(e.expression, site);
    else if (ts.isConditionalExpression(e)) {
      bareText(e.whenTrue, site);
      bareText(e.whenFalse, site);
    } else if (ts.isBinaryExpression(e)) bareText(e.right, site);
  };

  const tagName = (n: ts.JsxOpeningLikeElement) => n.tagName.getText(sf);
  const visit = (n: ts.Node, inKbd: boolean): void => {
    if (ts.isCallExpression(n) && n.arguments[0]) {
      const callee = n.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      if (name === 't' || name === 'announce') resolve(n.arguments[0], n);
      if (name === 'confirm' || name === 'alert') bareText(n.arguments[0], n);
    }
    if (ts.isObjectLiteralExpression(n)) {
      const props = new Map<string, ts.Expression>();
      for (const p of n.properties)
        if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name)) props.set(p.name.text, p.initializer);
      const message = props.get('message');
      if (message && props.has('retry')) resolve(message, n);
    }
    if (ts.isJsxAttribute(n) && n.initializer) {
      const owner = n.parent.parent;
      const attr = n.name.getText(sf);
      const value = ts.isJsxExpression(n.initializer) ? n.initializer.expression : n.initializer;
      if (value && KEY_PROPS[tagName(owner)]?.includes(attr)) resolve(value, n);
      else if (value && /^[a-z]/.test(tagName(owner)) && TEXT_ATTRS.has(attr)) bareText(value, n);
    }
    if (ts.isJsxText(n) && !inKbd && HAS_LETTER.test(n.text))
      out.untranslated.push({ key: `${file}: ${n.text.trim()}`, where: at(n) });
    if (ts.isJsxExpression(n) && n.expression && !inKbd && ts.isJsxElement(n.parent))
      bareText(n.expression, n);
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(n.left) &&
      TEXT_PROPS.has(n.left.name.text)
    )
      bareText(n.right, n);
    const kbd = inKbd || (ts.isJsxElement(n) && tagName(n.openingElement) === 'kbd');
    ts.forEachChild(n, (child) => visit(child, kbd));
  };
  visit(sf, false);
}

const scan: Scan = { keys: [], dynamic: [], untranslated: [] };
for (const path of sourceFiles(`${ROOT}src`)) scanFile(path, scan);

const tables: Site[] = [
  ...Object.values(PROBLEM_MESSAGES).map((key) => ({ key, where: 'PROBLEM_MESSAGES' })),
  ...Object.values(UPLOAD_MESSAGES).map((key) => ({ key, where: 'UPLOAD_MESSAGES' })),
  ...ROUTES.flatMap((r) => (r.label ? [{ key: r.label, where: 'ROUTES' }] : [])),
  ...SHORTCUTS.map((s) => ({ key: s.label, where: 'SHORTCUTS' })),
  ...RATINGS.map((r) => ({ key: r.label, where: 'RATINGS' })),
  ...[anchorMessage, anchorAction].flatMap((f) =>
    [f({ kind: 'time', seconds: 1 }), f({ kind: 'page', page: 1 })].map((m) => ({
      key: m?.key ?? '',
      where: 'src/format/note-format.ts',
    })),
  ),
];
const used = [...scan.keys, ...tables];

test('the scan finds keys in src/ and the key tables', () => {
  assert.ok(scan.keys.length > 20, `only ${scan.keys.length} keys found: is the scan still working?`);
  assert.ok(
    tables.every((s) => s.key),
    'a key table gave an empty key',
  );
});

test('every message key the app uses is in locales/en.json', () => {
  const missing = new Map<string, string[]>();
  for (const { key, where } of used)
    if (!Object.hasOwn(EN, key)) missing.set(key, [...(missing.get(key) ?? []), where]);
  const lines = [...missing].map(([key, where]) => `${JSON.stringify(key)} (${where.join(', ')})`);
  assert.ok(!lines.length, `keys missing from locales/en.json:\n  ${lines.join('\n  ')}`);
});

test('every key that is not a literal comes from a source this test reads (DYNAMIC)', () => {
  const unknown = scan.dynamic.filter((d) => !(d.key in DYNAMIC)).map((d) => `${d.key} (${d.where})`);
  assert.ok(
    !unknown.length,
    `message keys this test cannot see — collect their source and list them in DYNAMIC:\n  ${unknown.join('\n  ')}`,
  );
  const stale = Object.keys(DYNAMIC).filter((k) => !scan.dynamic.some((d) => d.key === k));
  if (stale.length)
    console.warn(`keys-used: DYNAMIC entries no longer found in src/:\n  ${stale.join('\n  ')}`);
});

test('no user-visible text bypasses t()', () => {
  const bare = scan.untranslated
    .filter((u) => !(u.key in UNTRANSLATED_OK))
    .map((u) => `${u.where}: ${JSON.stringify(u.key.slice(u.key.indexOf(': ') + 2))}`);
  assert.ok(!bare.length, `text shown without t():\n  ${bare.join('\n  ')}`);
});

test('every key in locales/en.json is used (an unused key is bytes for nothing in six files)', () => {
  const late = Object.keys(UNTRANSLATED_OK).map((k) => k.slice(k.indexOf(': ') + 2));
  const keys = new Set([...used.map((u) => u.key), ...late]);
  const unused = Object.keys(EN).filter((k) => !keys.has(k));
  assert.equal(
    unused,
    [],
    `en.json keys nothing in src/ uses:\n  ${unused.map((k) => JSON.stringify(k)).join('\n  ')}`,
  );
});

test.run();
