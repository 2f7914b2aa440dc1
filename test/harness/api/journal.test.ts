import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openJournal } from '../../../harness/api/journal.ts';
import { tempDir } from './support/api-fixture.ts';

test('concurrent appends all land, each line whole, in call order', async () => {
  const { dir, remove } = await tempDir();
  try {
    const path = join(dir, 'log');
    await writeFile(path, 'head\n');
    const journal = await openJournal(path);
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i}\n`);
    await Promise.all(lines.map((l) => journal.append(l)));
    await journal.close();
    assert.is(await readFile(path, 'utf8'), `head\n${lines.join('')}`);
  } finally {
    await remove();
  }
});

test('close waits for pending appends; appends after close reject', async () => {
  const { dir, remove } = await tempDir();
  try {
    const path = join(dir, 'log');
    const journal = await openJournal(path);
    const pending = [journal.append('a\n'), journal.append('b\n')];
    await journal.close();
    await Promise.all(pending);
    assert.is(await readFile(path, 'utf8'), 'a\nb\n');
    await journal.append('c\n').then(
      () => assert.unreachable('append after close must reject'),
      (e: unknown) => assert.match(String(e), 'closed'),
    );
  } finally {
    await remove();
  }
});

test.run();
