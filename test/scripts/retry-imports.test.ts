/**
 * scripts/retry-imports.mjs: the build step that sends every chunk import through the page's chunk
 * importer — dynamic imports everywhere, a lazy chunk's static imports as top-level awaits.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InlineError } from '../../scripts/inline-first-load.mjs';
import { IMPORT_GLOBAL, retryImports } from '../../scripts/retry-imports.mjs';

test('a dynamic import of a chunk calls the importer, in the first load and in lazy chunks', () => {
  const code = 'var a=()=>import("/assets/view-AB12.js").then(m=>m.V),b=u=>import(u);';
  const want = `var a=()=>${IMPORT_GLOBAL}("/assets/view-AB12.js").then(m=>m.V),b=u=>import(u);`;
  assert.is(retryImports(code, { lazy: false, where: 'first' }), want);
  assert.is(retryImports(code, { lazy: true, where: 'lazy' }), want);
});

test("a lazy chunk's static imports become top-level awaits of the importer, names kept", () => {
  const code = 'import{a as p,b}from"/notes/assets/chunk-X1.js";import"/assets/chunk-Y2.js";p(b);';
  assert.is(
    retryImports(code, { lazy: true, where: 'edit-parts' }),
    `const{a:p,b}=await ${IMPORT_GLOBAL}("/notes/assets/chunk-X1.js");await ${IMPORT_GLOBAL}("/assets/chunk-Y2.js");p(b);`,
  );
});

test('the rewritten chunk runs: its imports come from the importer', async () => {
  const code = retryImports('import{a as p}from"/assets/chunk-X1.js";out.value=p+1;', {
    lazy: true,
    where: 'x',
  });
  const asked: string[] = [];
  const importer = async (url: string) => {
    asked.push(url);
    return { a: 41 };
  };
  const out: { value?: number } = {};
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor;
  await new AsyncFunction(IMPORT_GLOBAL, 'out', code)(importer, out);
  assert.is(out.value, 42);
  assert.equal(asked, ['/assets/chunk-X1.js']);
});

test('a static import of another shape is refused', () => {
  assert.throws(
    () => retryImports('import*as m from"/assets/chunk-X1.js";', { lazy: true, where: 'x' }),
    (e: unknown) => e instanceof InlineError,
  );
});

test.run();
