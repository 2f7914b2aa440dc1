import { effect } from '@preact/signals-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createNoteCache } from '../../../src/notes/read/note-cache.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { fakeNote } from '../../fakes/fake-note.ts';

const ids = (notes: readonly Note[]) => notes.map((n) => n.noteId).sort();

test('starts empty', () => {
  const cache = createNoteCache();
  assert.equal(cache.visible.value, []);
  assert.is(cache.get('n1'), undefined);
  assert.is(cache.saving.value.size, 0);
});

test('merge adds notes, keyed by noteId', () => {
  const cache = createNoteCache();
  const n1 = fakeNote({ noteId: 'n1' });
  const n2 = fakeNote({ noteId: 'n2' });
  cache.merge([n1, n2]);
  assert.equal(ids(cache.visible.value), ['n1', 'n2']);
  assert.is(cache.get('n1'), n1);
  cache.merge([n1]);
  assert.is(cache.visible.value.length, 2, 'the same note twice is one note');
});

test('merge replaces an older or equal version', () => {
  const cache = createNoteCache();
  cache.merge([fakeNote({ version: 1, text: 'v1' })]);
  cache.merge([fakeNote({ version: 2, text: 'v2' })]);
  assert.is(cache.get('n1')?.text, 'v2');
  cache.merge([fakeNote({ version: 2, text: 'v2 again' })]);
  assert.is(cache.get('n1')?.text, 'v2 again');
});

test('merge never replaces a newer version with an older one', () => {
  const cache = createNoteCache();
  cache.put(fakeNote({ version: 5, text: 'newest' }));
  cache.merge([fakeNote({ version: 4, text: 'stale page' })]);
  assert.is(cache.get('n1')?.text, 'newest');
  assert.is(cache.get('n1')?.version, 5);
});

test('merge leaves a note being saved alone, even for a higher version', () => {
  const cache = createNoteCache();
  cache.put(fakeNote({ version: 1, text: 'my edit' }));
  cache.setSaving('n1', true);
  cache.merge([fakeNote({ version: 2, text: 'server copy' })]);
  assert.is(cache.get('n1')?.text, 'my edit');
  cache.setSaving('n1', false);
  cache.merge([fakeNote({ version: 2, text: 'server copy' })]);
  assert.is(cache.get('n1')?.text, 'server copy', 'once saved, loads apply again');
});

test('merge of nothing changes nothing (no signal update)', () => {
  const cache = createNoteCache();
  cache.merge([fakeNote()]);
  let runs = 0;
  const stop = effect(() => {
    void cache.visible.value;
    runs += 1;
  });
  cache.merge([]);
  stop();
  assert.is(runs, 1);
});

test('put stores a note as it is, even an older version (the server said so)', () => {
  const cache = createNoteCache();
  cache.put(fakeNote({ version: 3, text: 'a' }));
  cache.put(fakeNote({ version: 2, text: 'rolled back' }));
  assert.is(cache.get('n1')?.text, 'rolled back');
});

test('remove forgets the note and its hidden and saving marks', () => {
  const cache = createNoteCache();
  cache.put(fakeNote());
  cache.setHidden('n1', true);
  cache.setSaving('n1', true);
  cache.remove('n1');
  assert.is(cache.get('n1'), undefined);
  assert.equal(cache.visible.value, []);
  assert.not.ok(cache.saving.value.has('n1'));
  cache.put(fakeNote());
  assert.equal(ids(cache.visible.value), ['n1'], 'a note put back later is not still hidden');
});

test('remove of an unknown id is harmless', () => {
  const cache = createNoteCache();
  cache.put(fakeNote());
  cache.remove('nope');
  assert.equal(ids(cache.visible.value), ['n1']);
});

test('hidden notes leave visible but stay known, and come back', () => {
  const cache = createNoteCache();
  cache.merge([fakeNote({ noteId: 'n1' }), fakeNote({ noteId: 'n2' })]);
  cache.setHidden('n1', true);
  assert.equal(ids(cache.visible.value), ['n2']);
  assert.ok(cache.get('n1'), 'still there for an Undo');
  cache.setHidden('n1', false);
  assert.equal(ids(cache.visible.value), ['n1', 'n2']);
});

test('a note hidden before it is loaded stays out when a load brings it', () => {
  const cache = createNoteCache();
  cache.setHidden('n1', true);
  cache.merge([fakeNote({ noteId: 'n1' }), fakeNote({ noteId: 'n2' })]);
  assert.equal(ids(cache.visible.value), ['n2']);
});

test('setSaving marks and unmarks; repeating a mark does not notify', () => {
  const cache = createNoteCache();
  cache.setSaving('n1', true);
  assert.ok(cache.saving.value.has('n1'));
  let runs = 0;
  const stop = effect(() => {
    void cache.saving.value;
    runs += 1;
  });
  cache.setSaving('n1', true);
  assert.is(runs, 1);
  cache.setSaving('n1', false);
  assert.is(runs, 2);
  stop();
  assert.not.ok(cache.saving.value.has('n1'));
});

test('clear forgets every note, hidden and saving mark', () => {
  const cache = createNoteCache();
  cache.merge([fakeNote({ noteId: 'n1' }), fakeNote({ noteId: 'n2' })]);
  cache.setHidden('n2', true);
  cache.setSaving('n1', true);
  cache.clear();
  assert.equal(cache.visible.value, []);
  assert.is(cache.get('n2'), undefined);
  assert.is(cache.saving.value.size, 0);
  cache.merge([fakeNote({ noteId: 'n2', version: 1 })]);
  assert.equal(ids(cache.visible.value), ['n2'], 'no hidden mark survives the clear');
});

test('the cached note is the very object loaded (lists share it)', () => {
  const cache = createNoteCache();
  const n = fakeNote();
  cache.merge([n]);
  assert.is(cache.visible.value[0], n);
});

test.run();
