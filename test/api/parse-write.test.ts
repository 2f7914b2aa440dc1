/** The write side's answers besides a note (src/api/parse-write.ts): a delete's and an upload's. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDeleteResult, parseUploadResult } from '../../src/api/parse-write.ts';
import { rejectsField } from '../fakes/api-failure.ts';

test('delete results', () => {
  assert.equal(parseDeleteResult({ noteId: 'n1', deleted: true }), { noteId: 'n1', deleted: true });
  rejectsField(() => parseDeleteResult({ noteId: 'n1', deleted: false }), 'deleted');
  rejectsField(() => parseDeleteResult({ noteId: 'n1', deleted: 'true' }), 'deleted');
  rejectsField(() => parseDeleteResult({ deleted: true }), 'noteId');
});

test('upload results', () => {
  const up = { url: '/files/a.png', name: 'a.png', size: 12, type: 'image/png' };
  assert.equal(parseUploadResult({ ...up, extra: true }), up);
  rejectsField(() => parseUploadResult({ ...up, size: '12' }), 'size');
  rejectsField(() => parseUploadResult({ ...up, url: undefined }), 'url');
});

test.run();
