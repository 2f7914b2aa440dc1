import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDataFile, writeSnapshot } from '../../../harness/api/data-file.ts';
import { HEADER_LINE } from '../../../harness/api/data-format.ts';
import { KEY_TTL_MS } from '../../../harness/api/idempotency.ts';
import { keyLine, putLine } from '../../../harness/api/note-shape.ts';
import { tempDir } from './support/api-fixture.ts';
import { makeNote } from './support/notes.ts';

const owner = { rootOrg: 'ro', org: 'o', wid: 'w' };
const seed = () => [{ owner, note: makeNote(1) }];

test('a missing file (and folder) is created from the seed', async () => {
  const { dir, remove } = await tempDir();
  try {
    const path = join(dir, 'nested', 'notes.ndjson');
    const opened = await openDataFile(path, seed);
    assert.ok(opened.created);
    assert.is(opened.notes.length, 1);
    assert.is(await readFile(path, 'utf8'), HEADER_LINE + putLine(seed()[0]!));
    const again = await openDataFile(path, () => []);
    assert.equal([again.created, again.notes.length], [false, 1]);
    assert.equal((await readdir(join(dir, 'nested'))).sort(), ['notes.ndjson']);
  } finally {
    await remove();
  }
});

test('broken or foreign files are refused by name and left byte-for-byte untouched', async () => {
  const { dir, remove } = await tempDir();
  try {
    const cases: [string, Buffer, RegExp][] = [
      ['foreign.json', Buffer.from('{"users":[1,2]}\n'), /is not a notes-harness data file/],
      ['binary.bin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]), /binary data/],
      [
        'damaged.ndjson',
        Buffer.from(`${HEADER_LINE}{oops\n${putLine(seed()[0]!)}`),
        /line 2 is not valid JSON/,
      ],
      ['empty.ndjson', Buffer.alloc(0), /is empty/],
    ];
    for (const [name, content, why] of cases) {
      const path = join(dir, name);
      await writeFile(path, content);
      const err = await openDataFile(path, seed).then(
        () => null,
        (e: unknown) => e,
      );
      assert.instance(err, Error, name);
      assert.match((err as Error).message, path);
      assert.match((err as Error).message, why);
      assert.ok((await readFile(path)).equals(content), `${name} untouched`);
    }
    assert.equal((await readdir(dir)).sort(), cases.map((c) => c[0]).sort());
  } finally {
    await remove();
  }
});

test('a torn tail and dead lines are compacted away on open', async () => {
  const { dir, remove } = await tempDir();
  try {
    const path = join(dir, 'notes.ndjson');
    const n1 = makeNote(1);
    const n1v2 = { ...n1, version: 2 };
    await writeFile(
      path,
      `${HEADER_LINE + putLine({ owner, note: n1 }) + putLine({ owner, note: n1v2 })}{"op":"pu`,
    );
    const opened = await openDataFile(path, seed);
    assert.equal(
      opened.notes.map((o) => o.note.version),
      [2],
    );
    assert.is(await readFile(path, 'utf8'), HEADER_LINE + putLine({ owner, note: n1v2 }));
  } finally {
    await remove();
  }
});

test('a snapshot that must not replace refuses to overwrite an existing file', async () => {
  const { dir, remove } = await tempDir();
  try {
    const path = join(dir, 'notes.ndjson');
    await writeFile(path, 'precious');
    const err = await writeSnapshot(path, seed(), false).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(err, 'link over an existing file fails');
    assert.is(await readFile(path, 'utf8'), 'precious');
    assert.equal(await readdir(dir), ['notes.ndjson']);
  } finally {
    await remove();
  }
});

test('keys are kept until their lifetime is over, then compacted away', async () => {
  const { dir, remove } = await tempDir();
  try {
    const path = join(dir, 'notes.ndjson');
    const n1 = makeNote(1); // created 2024-01-01T00:01Z
    const n2 = makeNote(2);
    const text = HEADER_LINE + putLine({ owner, note: n1 }, 'old') + putLine({ owner, note: n2 }, 'new');
    await writeFile(path, text);
    const created = Date.parse(n1.createdOn);
    const young = await openDataFile(path, seed, () => new Date(created + KEY_TTL_MS - 60_001));
    assert.equal(
      young.keys.map((k) => k.key),
      ['old', 'new'],
    );
    assert.is(await readFile(path, 'utf8'), text, 'nothing dead: left as it is');
    const later = await openDataFile(path, seed, () => new Date(created + KEY_TTL_MS));
    assert.equal(
      later.keys.map((k) => k.key),
      ['new'],
      'the key of note 1 expired (24 h), the key of note 2 (a minute younger) not yet',
    );
    assert.equal(
      later.notes.map((o) => o.note.noteId),
      [n1.noteId, n2.noteId],
      'notes stay',
    );
    assert.is(
      await readFile(path, 'utf8'),
      HEADER_LINE +
        putLine({ owner, note: n1 }) +
        putLine({ owner, note: n2 }) +
        keyLine({ owner, key: 'new', note: n2 }),
    );
  } finally {
    await remove();
  }
});

test('a version 1 file is rewritten as version 2 on open, notes unchanged', async () => {
  const { dir, remove } = await tempDir();
  try {
    const path = join(dir, 'notes.ndjson');
    const line = putLine({ owner, note: makeNote(1) });
    await writeFile(path, `{"format":"notes-harness","version":1}\n${line}`);
    const opened = await openDataFile(path, seed);
    assert.is(opened.notes.length, 1);
    assert.is(await readFile(path, 'utf8'), HEADER_LINE + line);
    assert.match(HEADER_LINE, '"version":2');
  } finally {
    await remove();
  }
});

test('an unreadable path (a directory) is a clear error', async () => {
  const { dir, remove } = await tempDir();
  try {
    const err = await openDataFile(dir, seed).then(
      () => null,
      (e: unknown) => e,
    );
    assert.match((err as Error).message, `Cannot read data file ${dir}`);
  } finally {
    await remove();
  }
});

test.run();
