import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HEADER_LINE, parseDataFile } from '../../../harness/api/data-format.ts';
import { delLine, keyLine, putLine } from '../../../harness/api/note-shape.ts';
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
    errorOf('{"format":"notes-harness","version":3}\n'),
    'has notes-harness format version 3; this harness reads versions 1 and 2',
  );
  assert.is(
    errorOf('{"format":"notes-harness"}\n'),
    'has notes-harness format version undefined; this harness reads versions 1 and 2',
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

test('idempotency keys: a keyed put and a key line are replayed per owner; a delete keeps the key', () => {
  const n1 = makeNote(1);
  const n2 = makeNote(2);
  const text =
    HEADER_LINE +
    putLine({ owner, note: n1 }, 'key-1') +
    putLine({ owner, note: { ...n1, version: 2 } }) +
    keyLine({ owner: other, key: 'key-1', note: n2 }) +
    putLine({ owner, note: n2 }, 'key-2') +
    delLine(owner, n2.noteId);
  const r = parseDataFile(bytes(text));
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal(
    r.notes.map((o) => [o.owner.wid, o.note.noteId, o.note.version]),
    [['w', 'n-00001', 2]],
  );
  assert.equal(
    r.keys.map((k) => [k.owner.wid, k.key, k.note.noteId, k.note.version]),
    [
      ['w', 'key-1', 'n-00001', 1],
      ['w2', 'key-1', 'n-00002', 1],
      ['w', 'key-2', 'n-00002', 1],
    ],
  );
  assert.is(r.version, 2);
});

test('a version 1 file (no keys) is read, and says its version', () => {
  const v1 = `${JSON.stringify({ format: 'notes-harness', version: 1 })}\n${putLine({ owner, note: makeNote(1) })}`;
  const r = parseDataFile(bytes(v1));
  assert.ok(r.ok && r.version === 1 && r.notes.length === 1 && r.keys.length === 0);
});

test('a key line or keyed put with a malformed key is a damaged record', () => {
  const note = makeNote(1);
  for (const key of ['', 'has space', 'x'.repeat(201), 7]) {
    for (const line of [
      JSON.stringify({ op: 'put', owner, note, key }),
      JSON.stringify({ op: 'key', owner, key, note }),
    ]) {
      assert.is(errorOf(`${HEADER_LINE}${line}\n`), 'is damaged: line 2 is not a valid change record', line);
    }
  }
  const noNote = JSON.stringify({ op: 'key', owner, key: 'k' });
  assert.is(errorOf(`${HEADER_LINE}${noNote}\n`), 'is damaged: line 2 is not a valid change record');
});

test.run();
