import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HEADER_LINE, parseDataFile } from '../../../harness/api/data-format.ts';
import { delLine, putLine } from '../../../harness/api/note-shape.ts';
import { makeNote } from './support/notes.ts';

const owner = { rootOrg: 'ro', org: 'o', wid: 'w' };
const other = { rootOrg: 'ro', org: 'o', wid: 'w2' };
const bytes = (s: string) => Buffer.from(s, 'utf8');
const errorOf = (s: string | Uint8Array) => {
  const r = parseDataFile(typeof s === 'string' ? bytes(s) : s);
  return r.ok ? 'ok' : r.error;
};

test('replays puts and deletes per owner, keeping first-insert order', () => {
  const n1 = makeNote(1);
  const n2 = makeNote(2);
  const n1v2 = { ...n1, version: 2, text: 'changed' };
  const text =
    HEADER_LINE +
    putLine({ owner, note: n1 }) +
    putLine({ owner, note: n2 }) +
    putLine({ owner: other, note: n1 }) +
    putLine({ owner, note: n1v2 }) +
    delLine(owner, n2.noteId) +
    delLine(owner, 'never-existed');
  const r = parseDataFile(bytes(text));
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal(
    r.notes.map((o) => [o.owner.wid, o.note.noteId, o.note.version]),
    [
      ['w', 'n-00001', 2],
      ['w2', 'n-00001', 1],
    ],
  );
  assert.is(r.torn, false);
  assert.is(r.changes, 6);
});

test('a torn last line (no newline) is dropped, whatever it holds', () => {
  const full = HEADER_LINE + putLine({ owner, note: makeNote(1) });
  const torn = putLine({ owner, note: makeNote(2) });
  for (const cut of [1, 20, torn.length - 1]) {
    const r = parseDataFile(bytes(full + torn.slice(0, cut)));
    assert.ok(r.ok && r.torn && r.notes.length === 1, String(cut));
  }
});

test('a header-only file is valid and empty', () => {
  const r = parseDataFile(bytes(HEADER_LINE));
  assert.ok(r.ok && r.notes.length === 0 && !r.torn);
});

test('foreign, binary, empty and damaged files are refused with the reason', () => {
  assert.is(errorOf(''), 'is empty, so it is not a notes-harness data file');
  assert.is(
    errorOf('{"notes":[]}\n'),
    'is not a notes-harness data file (its first line is not the notes-harness header)',
  );
  assert.is(
    errorOf('[1,2,3]\n'),
    'is not a notes-harness data file (its first line is not the notes-harness header)',
  );
  assert.is(errorOf('hello world\n'), 'is not a notes-harness data file (its first line is not JSON)');
  assert.is(errorOf('{"notes":[]}'), 'is not a notes-harness data file (it has no complete first line)');
  assert.is(
    errorOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])),
    'is not a notes-harness data file (it contains binary data)',
  );
  assert.is(
    errorOf(Uint8Array.from([0xc3, 0x28, 0x0a])),
    'is not a notes-harness data file (it is not UTF-8 text)',
  );
  assert.is(
    errorOf('{"format":"notes-harness","version":2}\n'),
    'has notes-harness format version 2; this harness reads version 1',
  );
  const good = putLine({ owner, note: makeNote(1) });
  assert.is(errorOf(`${HEADER_LINE}{broken\n${good}`), 'is damaged: line 2 is not valid JSON');
  assert.is(errorOf(`${HEADER_LINE}${good}\n${good}`), 'is damaged: line 3 is not valid JSON');
  assert.is(
    errorOf(`${HEADER_LINE}${good}{"op":"put","owner":{},"note":{}}\n`),
    'is damaged: line 3 is not a valid change record',
  );
  const badNote = JSON.stringify({ op: 'put', owner, note: { ...makeNote(1), version: 0 } });
  assert.is(errorOf(`${HEADER_LINE}${badNote}\n`), 'is damaged: line 2 is not a valid change record');
});

test.run();
