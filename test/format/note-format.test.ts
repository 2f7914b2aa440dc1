import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { anchorAction, anchorMessage, formatClock, relativeTime } from '../../src/format/note-format.ts';

const CLOCK: [number, string][] = [
  [0, '00:00'],
  [1, '00:01'],
  [59, '00:59'],
  [60, '01:00'],
  [192, '03:12'],
  [599, '09:59'],
  [3599, '59:59'],
  [3600, '1:00:00'],
  [3723, '1:02:03'],
  [36000, '10:00:00'],
  [-5, '00:00'],
  [-3723, '00:00'],
  [59.9, '00:59'],
  [192.999, '03:12'],
  [0.4, '00:00'],
];
for (const [seconds, expected] of CLOCK) {
  test(`formatClock(${seconds}) → ${expected}`, () => {
    assert.is(formatClock(seconds), expected);
  });
}

test('anchorMessage: time, page, none', () => {
  assert.equal(anchorMessage({ kind: 'time', seconds: 192 }), {
    key: 'At {time}',
    values: { time: '03:12' },
  });
  assert.equal(anchorMessage({ kind: 'time', seconds: 3723.6 }), {
    key: 'At {time}',
    values: { time: '1:02:03' },
  });
  assert.equal(anchorMessage({ kind: 'page', page: 4 }), { key: 'p. {page}', values: { page: 4 } });
  assert.is(anchorMessage(null), null);
});

test('anchorAction: the anchor button’s name, "Go to 03:12" or "Go to page 4"', () => {
  assert.equal(anchorAction({ kind: 'time', seconds: 192 }), {
    key: 'Go to {time}',
    values: { time: '03:12' },
  });
  assert.equal(anchorAction({ kind: 'time', seconds: 0 }), {
    key: 'Go to {time}',
    values: { time: '00:00' },
  });
  assert.equal(anchorAction({ kind: 'time', seconds: 3723.9 }), {
    key: 'Go to {time}',
    values: { time: '1:02:03' },
  });
  assert.equal(anchorAction({ kind: 'page', page: 4 }), { key: 'Go to page {page}', values: { page: 4 } });
  assert.is(anchorAction(null), null);
});

test('anchorAction keys read as English once filled in', () => {
  const fill = (a: ReturnType<typeof anchorAction>) =>
    a ? a.key.replace(/\{(\w+)\}/g, (_, k: string) => String(a.values[k])) : null;
  assert.is(fill(anchorAction({ kind: 'time', seconds: 192 })), 'Go to 03:12');
  assert.is(fill(anchorAction({ kind: 'page', page: 4 })), 'Go to page 4');
});

const NOW = Date.parse('2024-06-15T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

const RELATIVE: [label: string, iso: string, locale: string, expected: string][] = [
  ['just now', ago(0), 'en', 'now'],
  ['under a minute', ago(59), 'en', 'now'],
  ['under a minute ahead', ago(-30), 'en', 'now'],
  ['one minute', ago(60), 'en', '1 minute ago'],
  ['minutes', ago(3 * 60), 'en', '3 minutes ago'],
  ['hours', ago(5 * 3600), 'en', '5 hours ago'],
  ['one day', ago(86400), 'en', 'yesterday'],
  ['days', ago(3 * 86400), 'en', '3 days ago'],
  ['weeks', ago(14 * 86400), 'en', '2 weeks ago'],
  ['months', ago(90 * 86400), 'en', '3 months ago'],
  ['years', ago(2 * 365 * 86400), 'en', '2 years ago'],
  ['future hours', ago(-2 * 3600), 'en', 'in 2 hours'],
  ['tomorrow', ago(-86400), 'en', 'tomorrow'],
  ['French days', ago(3 * 86400), 'fr', 'il y a 3 jours'],
  ['French hours', ago(2 * 3600), 'fr', 'il y a 2 heures'],
  ['French now', ago(10), 'fr', 'maintenant'],
];
for (const [label, iso, locale, expected] of RELATIVE) {
  test(`relativeTime: ${label} (${locale}) → ${expected}`, () => {
    assert.is(relativeTime(iso, NOW, locale), expected);
  });
}

test('relativeTime: an invalid date gives an empty string', () => {
  for (const iso of ['', 'not a date', '2024-13-45T99:99:99Z'])
    assert.is(relativeTime(iso, NOW, 'en'), '', iso);
});

test('relativeTime depends only on the given now, not the clock', () => {
  const iso = '2000-01-01T00:00:00.000Z';
  const base = Date.parse(iso);
  assert.is(relativeTime(iso, base + 3 * 3600 * 1000, 'en'), '3 hours ago');
  assert.is(relativeTime(iso, base + 3 * 86400 * 1000, 'en'), '3 days ago');
});

test.run();
