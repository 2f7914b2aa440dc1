import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  defaultDataFile,
  ensureParentDir,
  oldDataFileNote,
  PROJECT_ROOT,
} from '../../../harness/cli/paths.ts';

test('the project root is the folder with build.mjs and package.json', () => {
  assert.ok(existsSync(join(PROJECT_ROOT, 'package.json')));
  assert.ok(existsSync(join(PROJECT_ROOT, 'harness', 'bin.mjs')));
});

test('the data file lives in .harness/ of the project when writable, else in the OS temp dir', () => {
  assert.is(
    defaultDataFile('/proj', () => true),
    join('/proj', '.harness', 'notes.db'),
  );
  assert.is(
    defaultDataFile('/proj', (dir) => dir !== join('/proj', '.harness')),
    join(tmpdir(), 'notes-harness', 'notes.db'),
  );
});

test('ensureParentDir creates missing folders for a data file', () => {
  const root = mkdtempSync(join(tmpdir(), 'notes-paths-'));
  try {
    ensureParentDir(join(root, 'a', 'b', 'data.jsonl'));
    assert.ok(existsSync(join(root, 'a', 'b')));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a note names the old mock's data file beside the database, and only when it is there", () => {
  const root = mkdtempSync(join(tmpdir(), 'notes-paths-'));
  try {
    const db = join(root, 'notes.db');
    assert.is(oldDataFileNote(db), null);
    writeFileSync(join(root, 'data.jsonl'), '{"format":"notes-harness","version":2}\n');
    const note = oldDataFileNote(db) ?? '';
    assert.match(note, /^harness: note: .*data\.jsonl.*no longer read.*notes\.db$/);
    assert.not.match(note, '\n');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
