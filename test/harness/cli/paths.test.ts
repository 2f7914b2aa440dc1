import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defaultDataFile, ensureParentDir, PROJECT_ROOT } from '../../../harness/cli/paths.ts';

test('the project root is the folder with build.mjs and package.json', () => {
  assert.ok(existsSync(join(PROJECT_ROOT, 'package.json')));
  assert.ok(existsSync(join(PROJECT_ROOT, 'harness', 'bin.mjs')));
});

test('the data file lives in .harness/ of the project when writable, else in the OS temp dir', () => {
  assert.is(
    defaultDataFile('/proj', () => true),
    join('/proj', '.harness', 'data.jsonl'),
  );
  assert.is(
    defaultDataFile('/proj', (dir) => dir !== join('/proj', '.harness')),
    join(tmpdir(), 'notes-harness', 'data.jsonl'),
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

test.run();
