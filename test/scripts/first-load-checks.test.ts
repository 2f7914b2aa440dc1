/**
 * scripts/first-load-checks.mjs and the build step that runs it (first-load-document.mjs
 * `checkInlinedChunks`): the build refuses a first load whose published binding is assigned after
 * start-up, or a lazy chunk reading a name the first load does not publish, naming which.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  assertFirstLoad,
  firstLoadProblems,
  publishedExports,
  sharedReads,
} from '../../scripts/first-load-checks.mjs';
import { checkInlinedChunks } from '../../scripts/first-load-document.mjs';
import { InlineError, publishExports, readSharedImports } from '../../scripts/inline-first-load.mjs';

const urls = ['/assets/main-AAAAAAAA.js', '/assets/chunk-BBBBBBBB.js'];
/** A first load as publishExports leaves it: `x` published as `a`, `c` as `b`. */
const app = publishExports('let x=1;const c=()=>x;export{x as a,c as b};');
const lazy = (list: string) =>
  readSharedImports(`import{${list}}from"${urls[1]}";use(q);`, urls, 'assets/screen-CCCCCCCC.js');

const refuses = (fn: () => void, ...says: string[]) => {
  let message = '';
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof InlineError, String(error));
    message = error.message;
  }
  assert.ok(message, 'refused');
  for (const s of says) assert.ok(message.includes(s), `${JSON.stringify(s)} in:\n${message}`);
};

test('publishedExports: each published name with its binding', () => {
  assert.equal(publishedExports(app), [
    ['a', 'x'],
    ['b', 'c'],
  ]);
  assert.equal(publishedExports('var f;globalThis.__notesShared={a:function(){},b:f};').at(0), ['a', null]);
  refuses(() => publishedExports('var a=1;'), 'publishes no globalThis.__notesShared');
});

test('sharedReads: destructured and member reads; anything else is refused, not overlooked', () => {
  assert.equal(sharedReads(lazy('a as q,b'), 'x.js'), ['a', 'b']);
  assert.equal(sharedReads('const{a:q}=globalThis.__notesShared;globalThis.__notesShared.b();', 'x.js'), [
    'a',
    'b',
  ]);
  assert.equal(sharedReads('f();', 'x.js'), []);
  refuses(() => sharedReads('g(globalThis.__notesShared);', 'x.js'), 'x.js', "can't check");
  refuses(() => sharedReads('const{...r}=globalThis.__notesShared;', 'x.js'), 'x.js', 'rest or computed');
  refuses(() => sharedReads('const s=globalThis;s.__notesShared.a();', 'x.js'), 'x.js', 'mentions');
});

test('a well-formed first load and its lazy chunks pass', () => {
  assert.equal(firstLoadProblems(app, [{ where: 'assets/screen-CCCCCCCC.js', code: lazy('a as q,b') }]), []);
  assertFirstLoad(app, [{ where: 'assets/screen-CCCCCCCC.js', code: lazy('b as q') }]);
});

test('a published binding assigned after start-up is refused, naming it and where', () => {
  const bad = publishExports('let x=1;function set(v){x=v}export{x as a,set as s};');
  refuses(
    () => assertFirstLoad(bad, []),
    'assigns "x" (published to lazy chunks as "a") after start-up',
    'x=v',
  );
  assertFirstLoad(publishExports('let x;x=1;let y=0;function f(){let x;x=2;y=1}f();export{x as a};'), []);
});

test('a lazy chunk reading a name the first load does not publish is refused, naming the chunk', () => {
  refuses(
    () => assertFirstLoad(app, [{ where: 'assets/screen-CCCCCCCC.js', code: lazy('a as q,z') }]),
    'assets/screen-CCCCCCCC.js reads "z"',
  );
});

test('the build step reads the built files: a bad chunk stops it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'notes-first-load-checks-'));
  try {
    const write = (file: string, text: string) => writeFileSync(join(dir, file), text);
    const paths = {
      'main-AAAAAAAA.js': {},
      'chunk-BBBBBBBB.js': {},
      'screen-CCCCCCCC.js': {},
      'main.css': {},
    };
    write('chunk-BBBBBBBB.js', app);
    write('screen-CCCCCCCC.js', lazy('a as q'));
    checkInlinedChunks(dir, paths, 'chunk-BBBBBBBB.js', 'main-AAAAAAAA.js');
    write('screen-CCCCCCCC.js', lazy('gone as q'));
    refuses(
      () => checkInlinedChunks(dir, paths, 'chunk-BBBBBBBB.js', 'main-AAAAAAAA.js'),
      'screen-CCCCCCCC.js reads "gone"',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
