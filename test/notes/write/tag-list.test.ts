import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  addTag,
  hasTag,
  mergeTags,
  removeTag,
  sameTags,
  splitTagInput,
  splitTyped,
} from '../../../src/notes/write/tag-list.ts';

const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);

test('adding a tag returns a new list with it normalised', () => {
  const tags = ['exam'];
  assert.equal(addTag(tags, '  cell \t wall '), {
    ok: true,
    tags: ['exam', 'cell wall'],
    added: 'cell wall',
  });
  assert.equal(tags, ['exam'], 'the list is not changed in place');
  assert.equal(addTag([], 'हिंदी'), { ok: true, tags: ['हिंदी'], added: 'हिंदी' });
  assert.equal(addTag(ten.slice(0, 9), 'last').ok, true);
});

test('refusals carry a typed reason for the message next to the field', () => {
  assert.equal(addTag(['exam'], '   '), { ok: false, reason: 'empty' });
  assert.equal(addTag(['exam'], '\u200F'), { ok: false, reason: 'empty' });
  assert.equal(addTag(['Exam'], ' EXAM '), { ok: false, reason: 'duplicate', existing: 'Exam' });
  assert.equal(addTag(['Straße'], 'strasse'), { ok: false, reason: 'duplicate', existing: 'Straße' });
  assert.equal(addTag(ten, 'new'), { ok: false, reason: 'too-many' });
  assert.equal(addTag([], 'x'.repeat(41)), { ok: false, reason: 'too-long' });
  assert.equal(addTag([], 'x'.repeat(40)).ok, true);
  // A 40-character Hindi tag is 160 code units: still fine.
  assert.equal(addTag([], 'क्षि'.repeat(40)).ok, true);
  assert.equal(addTag([], 'क्षि'.repeat(41)), { ok: false, reason: 'too-long' });
});

test('order of refusals: empty, then duplicate (even on a full list), then too many, then too long', () => {
  assert.equal(addTag(ten, ''), { ok: false, reason: 'empty' });
  assert.equal(addTag(ten, 'T3'), { ok: false, reason: 'duplicate', existing: 't3' });
  assert.equal(addTag(ten, 'y'.repeat(50)), { ok: false, reason: 'too-many' });
});

test('removing matches ignoring case and keeps the rest in order', () => {
  assert.equal(removeTag(['a', 'Exam', 'b'], 'exam'), ['a', 'b']);
  const same = ['a'];
  assert.is(removeTag(same, 'zzz'), same);
});

test('pasted or typed lists split at commas of several scripts and line breaks', () => {
  assert.equal(splitTagInput('exam, tips ,,\ncell  wall'), ['exam', 'tips', 'cell wall']);
  assert.equal(splitTagInput('امتحان، مراجعة'), ['امتحان', 'مراجعة']);
  assert.equal(splitTagInput('試験、復習，宿題'), ['試験', '復習', '宿題']);
  assert.equal(splitTagInput(' , '), []);
});

test('same tags: same order and spelling after normalising', () => {
  assert.ok(sameTags([], []));
  assert.ok(sameTags(['a', 'b'], ['a', 'b']));
  assert.ok(sameTags([' a ', 'cell  wall'], ['a', 'cell wall']));
  assert.ok(sameTags(['\u00E9'], ['e\u0301']));
  assert.not.ok(sameTags(['a', 'b'], ['b', 'a']), 'the server keeps order');
  assert.not.ok(sameTags(['exam'], ['Exam']), 'fixing the case is an edit');
  assert.not.ok(sameTags(['a'], ['a', 'b']));
  assert.not.ok(sameTags(['a', 'b'], ['a']));
});

test('has a tag, ignoring case like the API filter', () => {
  assert.ok(hasTag(['Exam', 'tips'], 'EXAM'));
  assert.ok(hasTag(['ΟΔΟΣ'], 'οδος'));
  assert.not.ok(hasTag(['ılık'], 'ilik'));
  assert.not.ok(hasTag([], 'a'));
});

test('splitTyped: the tags a separator ended, and the text still being typed', () => {
  assert.equal(splitTyped('exa'), { done: [], rest: 'exa' });
  assert.equal(splitTyped('exam,'), { done: ['exam'], rest: '' });
  assert.equal(splitTyped('exam, tips, re'), { done: ['exam', 'tips'], rest: 're' });
  assert.equal(splitTyped('مراجعة، اختبار'), { done: ['مراجعة'], rest: 'اختبار' });
  assert.equal(splitTyped(',, ,x'), { done: [], rest: 'x' });
  assert.equal(splitTyped('a\nb'), { done: ['a'], rest: 'b' });
});

test('mergeTags: the first list, then the tags of the second it lacks (ignoring case), up to 10', () => {
  assert.equal(mergeTags(['exam', 'x'], ['EXAM', 'tips']), ['exam', 'x', 'tips']);
  assert.equal(mergeTags([], ['a', 'a']), ['a']);
  const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
  assert.equal(mergeTags(ten, ['more']), ten);
});

test.run();
