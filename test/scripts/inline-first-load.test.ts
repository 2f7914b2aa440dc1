/**
 * scripts/inline-first-load.mjs: how build.mjs turns the first-load chunk into inline code and
 * points lazy chunks at what it publishes, and how it refuses shapes it doesn't know.
 */
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  assertScript,
  cspHash,
  InlineError,
  publishExports,
  readSharedImports,
  SHARED_GLOBAL,
} from '../../scripts/inline-first-load.mjs';

const run = (code: string, scope: Record<string, unknown> = {}) =>
  new Function('globalThis', `${code}; return globalThis;`)(scope) as Record<string, unknown>;

test('publishExports: the closing export list becomes one object on the global', () => {
  const code = 'var x=1;function y(){return x}export{x as a,y as b,z};';
  const script = publishExports(code.replace(',z', ''));
  assert.not.match(script, /export/);
  const shared = run(script)[SHARED_GLOBAL] as Record<string, unknown>;
  assert.is(shared.a, 1);
  assert.is((shared.b as () => number)(), 1);
});

test('publishExports: anything still importing or exporting is refused', () => {
  assert.throws(
    () => publishExports('import{a}from"./x.js";export{a};'),
    (e: unknown) => e instanceof InlineError,
  );
  assert.throws(
    () => publishExports('export default 1;'),
    (e: unknown) => e instanceof InlineError,
  );
  assert.throws(
    () => publishExports('var a;export{a as "b c"};'),
    (e: unknown) => e instanceof InlineError,
  );
});

test('readSharedImports: imports of the first-load files read the global; other imports stay', () => {
  const urls = ['/assets/main-AAAAAAAA.js', '/assets/chunk-BBBBBBBB.js'];
  const code =
    'import{a as x,b}from"/assets/chunk-BBBBBBBB.js";import{c}from"/assets/chunk-CCCCCCCC.js";import"/assets/main-AAAAAAAA.js";x(b,c);';
  const out = readSharedImports(code, urls, 'lazy.js');
  assert.is(out, `const{a:x,b}=globalThis.${SHARED_GLOBAL};import{c}from"/assets/chunk-CCCCCCCC.js";x(b,c);`);
  assert.is(
    readSharedImports('f();', urls, 'lazy.js'),
    'f();',
    'a chunk without shared imports is untouched',
  );
});

test('readSharedImports: any other mention of a first-load file is refused', () => {
  const urls = ['/assets/chunk-BBBBBBBB.js'];
  for (const code of ['import("/assets/chunk-BBBBBBBB.js")', 'import*as m from"/assets/chunk-BBBBBBBB.js";'])
    assert.throws(
      () => readSharedImports(code, urls, 'lazy.js'),
      (e: unknown) => e instanceof InlineError,
      code,
    );
});

test('assertScript: refuses module syntax and text that would end the script element', () => {
  assertScript('var a=1;import("/x.js")', 'ok');
  for (const code of ['export{}', 'import"x"', 'var s="</script>"', 'var s="<!--"'])
    assert.throws(
      () => assertScript(code, 'bad'),
      (e: unknown) => e instanceof InlineError,
      code,
    );
});

test('cspHash: the CSP source of the exact UTF-8 text', () => {
  const text = 'body{content:"é"}';
  const digest = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64');
  assert.is(cspHash(text), `'sha256-${digest}'`);
});

test.run();
