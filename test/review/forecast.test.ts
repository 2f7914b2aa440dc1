import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReviewCard } from '../../src/protocol/api-types.ts';
import { FORECAST_DAYS, forecast } from '../../src/review/forecast.ts';
import { fakeCard } from '../fakes/fake-card.ts';
import { fakeNote } from '../fakes/fake-note.ts';

const card = (due: string): ReviewCard => fakeCard(due);
const due = (noteId: string, at: string) => fakeNote({ noteId, inReview: true, review: card(at) });

function inZone(tz: string, fn: () => void) {
  const before = process.env.TZ;
  process.env.TZ = tz;
  try {
    fn();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

test('30 local days from today: a count a day, overdue on the first, beyond the 30th left out', () => {
  inZone('UTC', () => {
    const now = Date.parse('2026-11-28T15:00:00.000Z');
    const days = forecast(
      [
        due('overdue', '2026-11-20T09:00:00.000Z'),
        due('today', '2026-11-28T23:00:00.000Z'),
        due('tomorrow-1', '2026-11-29T00:00:00.000Z'),
        due('tomorrow-2', '2026-11-29T18:00:00.000Z'),
        due('day-30', '2026-12-27T12:00:00.000Z'),
        due('day-31', '2026-12-28T00:00:00.000Z'),
        fakeNote({ noteId: 'not-in-review', review: card('2026-11-29T00:00:00.000Z') }),
      ],
      now,
    );
    assert.is(days.length, FORECAST_DAYS);
    assert.is(days[0]?.start, Date.parse('2026-11-28T00:00:00.000Z'));
    assert.equal(
      days.map((d) => d.count),
      [2, 2, ...new Array(27).fill(0), 1],
    );
  });
});

test('days are local calendar days, across a DST change (a 25-hour day)', () => {
  inZone('Europe/Berlin', () => {
    const now = Date.parse('2026-10-24T10:00:00.000Z'); // Saturday; clocks go back on Sunday the 25th
    const days = forecast(
      [due('sun-late', '2026-10-25T22:30:00.000Z'), due('mon-early', '2026-10-25T23:30:00.000Z')],
      now,
    );
    assert.is(days[2]?.start, Date.parse('2026-10-25T23:00:00.000Z'), 'Monday starts at 00:00 CET');
    assert.equal(
      days.slice(0, 3).map((d) => d.count),
      [0, 1, 1],
    );
  });
});

test('a queued rating moves its note to the day its predicted card says', () => {
  inZone('UTC', () => {
    const now = Date.parse('2026-11-28T15:00:00.000Z');
    const note = due('a', '2026-11-28T16:00:00.000Z');
    const rated = new Map([['a', card('2026-12-01T09:00:00.000Z')]]);
    const days = forecast([note], now, rated);
    assert.is(days[0]?.count, 0);
    assert.is(days[3]?.count, 1);
  });
});

test.run();
