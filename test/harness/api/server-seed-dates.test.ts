import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startApi } from '../../../harness/api/server.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { clientFor, seeded, TEST_SECRET, tempDir } from './support/api-fixture.ts';

const DAY = 86_400_000;

test('a new data file is seeded relative to the API clock; reopening it keeps those dates', async () => {
  const { dir, remove } = await tempDir();
  const dataFile = join(dir, 'notes.db');
  // In the past, so the tokens (minted on the real clock) are still valid on the API's clock.
  const first = new Date('2020-07-15T10:00:00.000Z');
  try {
    const api = await startApi({ dataFile, secret: TEST_SECRET, now: () => first });
    const notes = (await clientFor(api, seeded(0)).get('/notes/recent')).json as Note[];
    await api.close();
    assert.ok(notes.length > 0);
    for (const n of notes) {
      const age = first.getTime() - Date.parse(n.createdOn);
      assert.ok(age > 0 && age < 14 * DAY, `${n.noteId} is ${age / DAY} days old`);
      assert.ok(Date.parse(n.updatedOn) <= first.getTime(), n.noteId);
    }
    const later = new Date(first.getTime() + 30 * DAY);
    const again = await startApi({ dataFile, secret: TEST_SECRET, now: () => later });
    const reread = (await clientFor(again, seeded(0)).get('/notes/recent')).json as Note[];
    await again.close();
    assert.equal(reread, notes, 'the seed is written once; an existing file is never re-dated');
  } finally {
    await remove();
  }
});

test.run();
