import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Mismatch } from '../../../harness/check-api/expect.ts';
import { tinyPng } from '../../../harness/check-api/png.ts';
import { asPage, noteProblems } from '../../../harness/check-api/shapes.ts';
import { sniffImage } from '../../../server/src/files/image-sniff.ts';
import { makeNote } from '../api/support/notes.ts';

const it = suite('check-api shapes');

it('a Note as the contract types it has no problems; each wrong field is named with what was seen', () => {
  assert.equal(noteProblems(makeNote(1)), []);
  assert.equal(noteProblems({ ...makeNote(1), anchor: { kind: 'page', page: 3 }, tags: ['a'] }), []);
  const bad = {
    ...makeNote(1),
    version: '2',
    moduleId: 7,
    createdOn: 'yesterday',
    tags: ['ok', 3],
  } as unknown;
  assert.equal(noteProblems(bad), [
    'moduleId: expected a string or null, saw 7',
    'tags[1]: expected a string, saw 3',
    'createdOn: expected an ISO 8601 date-time, saw "yesterday"',
    'version: expected an integer ≥ 1, saw "2"',
  ]);
  const early = { ...makeNote(2), updatedOn: makeNote(1).createdOn };
  assert.match(noteProblems(early)[0]!, /^updatedOn: expected no earlier than createdOn/);
  assert.match(
    noteProblems({ ...makeNote(1), anchor: { kind: 'time', seconds: -1 } })[0]!,
    /^anchor: expected null/,
  );
});

it('asPage throws a Mismatch naming the first problems', () => {
  try {
    asPage({ notes: [makeNote(1), { ...makeNote(2), noteId: '' }], total: -1, nextCursor: 5 });
    assert.unreachable('should have failed');
  } catch (e) {
    assert.instance(e, Mismatch);
    assert.match(
      (e as Mismatch).seen,
      /^notes\[1\]\.noteId: expected a non-empty string, saw ""; total: expected an integer ≥ 0, saw -1; nextCursor/,
    );
  }
});

it('the upload checks’ PNG is a PNG by its bytes, with correct chunk CRCs', () => {
  const png = tinyPng();
  assert.equal(sniffImage(png), { ext: 'png', type: 'image/png' });
  // IEND's CRC is fixed by the spec: AE 42 60 82.
  assert.is(png.subarray(-4).toString('hex'), 'ae426082');
});

it.run();
