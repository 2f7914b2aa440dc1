/** The checker behind the build's "no published export is assigned after start-up" can fail. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lateAssignmentSites, lateAssignments } from '../../scripts/late-assignments.mjs';

const names = new Set(['a', 'b']);

test('finds a top-level binding assigned or updated inside a function', () => {
  assert.equal(lateAssignments('let a=1;function f(){a=2}', names), ['a']);
  assert.equal(lateAssignments('var a=1,b;const g=()=>{a++;[b]=[1]}', names), ['a', 'b']);
  assert.equal(lateAssignments('var a;function f(){for(a of x);}', names), ['a']);
  assert.equal(lateAssignments('var a;class C{m(){({a}=o)}}', names), ['a']);
});

test('ignores start-up assignments, shadowing names and property writes', () => {
  assert.equal(lateAssignments('let a;a=1;b=2', names), []);
  assert.equal(lateAssignments('let a;function f(a){a=2}function g(){let b;b=1}', names), []);
  assert.equal(
    lateAssignments('let a;function f(){{let a;a=2}try{}catch(a){a=1}for(let a of x)a=1}', names),
    [],
  );
  assert.equal(lateAssignments('let a={};function f(){a.x=1;var b;b=2}', names), []);
  assert.equal(lateAssignments('let a;function f(){function a(){}a=1}', names), []);
});

test('says where the first late assignment of each binding is', () => {
  const code = 'let a=1;function f(){a=2;a=3}';
  assert.equal(lateAssignmentSites(code, names), [{ name: 'a', at: code.indexOf('a=2') }]);
});

test.run();
