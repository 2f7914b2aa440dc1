import { signal } from '@preact/signals-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../src/api/api-error.ts';
import { describeProblem } from '../../src/notes/read/describe-error.ts';
import type { KeptPage } from '../../src/notes/read/kept-read.ts';
import type { ReviewSummary } from '../../src/protocol/api-types.ts';
import { endOfLocalDay } from '../../src/review/due-notes.ts';
import { askDue } from '../../src/review/review-count.ts';
import { KEPT_IN } from '../../src/review/review-kept.ts';
import { fakeNote } from '../fakes/fake-note.ts';
import { createFakeNotesApi } from '../fakes/fake-notes-api.ts';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');

function setup(summary: () => Promise<ReviewSummary>, kept: Record<string, KeptPage> = {}) {
  const fake = createFakeNotesApi({ reviewSummary: summary });
  const review = {
    api: fake.api,
    side: () => undefined,
    http: fake.http,
    kept: { read: (key: string) => kept[key] ?? null, save: () => undefined },
    describe: describeProblem,
    now: () => NOW,
    due: signal<number | null | undefined>(undefined),
  };
  return { review, fake };
}

test('the tab’s count is the summary’s notes due by the end of the local day', async () => {
  const s = setup(async () => ({ inReview: 5, due: 3, nextDue: null }));
  assert.is(await askDue(s.review, endOfLocalDay(NOW)), 3);
  assert.equal(s.fake.callsTo('reviewSummary')[0]?.[0], new Date(endOfLocalDay(NOW)).toISOString());
});

test('a 404 (an API without review): null, and the tab goes', async () => {
  const s = setup(() => Promise.reject(new ApiError('http', 'Not found', 404)));
  assert.is(await askDue(s.review, endOfLocalDay(NOW)), null);
});

test('offline: the count of the copy kept on the device while the tab has none; else unknown', async () => {
  const notes = [
    fakeNote({ noteId: 'a', inReview: true, review: null }),
    fakeNote({ noteId: 'b', content: '<p><span class="cloze">x</span></p>' }),
    fakeNote({ noteId: 'c' }),
  ];
  const offline = () => Promise.reject(new ApiError('network', 'Network error'));
  const s = setup(offline, { [KEPT_IN]: { notes, total: 3, complete: false, at: NOW } });
  assert.is(await askDue(s.review, endOfLocalDay(NOW)), 2);
  s.review.due.value = 4; // a count already shown stays: offline says nothing new
  assert.is(await askDue(s.review, endOfLocalDay(NOW)), undefined);
  const none = setup(offline);
  assert.is(await askDue(none.review, endOfLocalDay(NOW)), undefined);
});

test.run();
