/**
 * The contract constants (docs/constants.md) in one table: each value as the specification or our
 * design fixes it. A test that only restated one constant lived beside its module before; the
 * behaviour tests there use the constant, this table says what it must be. The table and
 * docs/constants.md list the same names.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IMMUTABLE } from '../scripts/deploy-headers.mjs';
import { TIMEOUT_MESSAGE } from '../src/api/api-error.ts';
import { AUTH_TIMEOUT_MS, EXPIRY_MARGIN_MS } from '../src/bridge/token-source.ts';
import { SUPPORTED_LOCALES } from '../src/i18n/locales.ts';
import { KEPT_MAX_AGE_MS } from '../src/notes/read/kept-read.ts';
import { PAGE_SIZE, RECENT_COUNT } from '../src/notes/read/list-limits.ts';
import { ORDERS } from '../src/notes/read/note-order.ts';
import { DRAFT_WRITE_MS } from '../src/notes/write/drafts.ts';
import { JOURNAL_MAX_AGE_MS } from '../src/notes/write/journal-sweep.ts';
import { UNDO_MS } from '../src/notes/write/pending-deletes.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../src/notes/write/upload-image.ts';
import { FONT_CLASSES, FONT_SIZES, PIXEL_FONT_SIZES, THEME_NAMES } from '../src/protocol/messages.ts';
import { MAX_TAG_CHARS, MAX_TAGS } from '../src/protocol/tag-rules.ts';
import { OPENABLE_PATHS } from '../src/routes/route-table.ts';
import { WORDS_WAIT_MS } from '../src/session/apply-context.ts';
import { CLOCK_TICK_MS } from '../src/session/clock.ts';
import { SMALL_SCREEN_MAX } from '../src/session/session-model.ts';
import { DEFAULT_THEME } from '../src/theme/theme-classes.ts';
import { CRASH_WINDOW_MS, MAX_RESTARTS, SNAPSHOT_INTERVAL_MS } from '../src/ui/editor/watchdog.ts';

const DAY = 86_400_000;

/** [name in the code, its value, the value the contract fixes]. */
const CONTRACT: [string, unknown, unknown][] = [
  ['TIMEOUT_MESSAGE', TIMEOUT_MESSAGE, 'Timeout has occurred'], // the 600,000 ms: test/api/http-client.test.ts
  ['SMALL_SCREEN_MAX', SMALL_SCREEN_MAX, 700],
  ['MAX_RESTARTS', MAX_RESTARTS, 3],
  ['CRASH_WINDOW_MS', CRASH_WINDOW_MS, 5000],
  ['SNAPSHOT_INTERVAL_MS', SNAPSHOT_INTERVAL_MS, 5000],
  ['DRAFT_WRITE_MS', DRAFT_WRITE_MS, 5000],
  ['DEFAULT_THEME', DEFAULT_THEME, 'blue'],
  [
    'THEME_NAMES',
    THEME_NAMES,
    [
      'blue',
      'light',
      'cobalt',
      'abyss',
      'light-green',
      'dark-mode',
      'red',
      'ocean-whisper-blue',
      'olympus-blue',
      'red-sky-white',
      'light-blue',
      'mist-blue',
      'dark-eclipse-white',
      'maastricht-blue',
      'night-blue',
      'gypsum-night',
    ],
  ],
  ['FONT_CLASSES', FONT_CLASSES, ['custom-typography', 'serif-typography', 'mono-typography']],
  ['FONT_SIZES', FONT_SIZES, ['x-small', 'small', 'medium', 'large', 'x-large']],
  ['PIXEL_FONT_SIZES', PIXEL_FONT_SIZES, ['10px', '12px', '14px', '16px', '18px']],
  ['SUPPORTED_LOCALES', SUPPORTED_LOCALES, ['en', 'hi', 'fr', 'es', 'de', 'ar']],
  ['WORDS_WAIT_MS', WORDS_WAIT_MS, 3000],
  ['UNDO_MS', UNDO_MS, 6000],
  ['RECENT_COUNT', RECENT_COUNT, 20],
  ['PAGE_SIZE', PAGE_SIZE, 50],
  ['IMAGE_TYPES', IMAGE_TYPES, ['image/png', 'image/jpeg', 'image/gif', 'image/webp']],
  ['MAX_IMAGE_BYTES', MAX_IMAGE_BYTES, 5 * 1024 * 1024],
  ['MAX_TAGS', MAX_TAGS, 10],
  ['MAX_TAG_CHARS', MAX_TAG_CHARS, 40],
  ['AUTH_TIMEOUT_MS', AUTH_TIMEOUT_MS, 5000],
  ['EXPIRY_MARGIN_MS', EXPIRY_MARGIN_MS, 60_000],
  ['KEPT_MAX_AGE_MS', KEPT_MAX_AGE_MS, 30 * DAY],
  ['JOURNAL_MAX_AGE_MS', JOURNAL_MAX_AGE_MS, 30 * DAY],
  ['CLOCK_TICK_MS', CLOCK_TICK_MS, 30_000],
  ['OPENABLE_PATHS', OPENABLE_PATHS, ['/', '/view', '/course', '/review']],
  ['ORDERS', ORDERS, ['newest', 'oldest', 'updated']],
  ['IMMUTABLE', IMMUTABLE, 'public, max-age=31536000, immutable'],
];

test('each contract constant has the value docs/constants.md gives it', () => {
  for (const [name, actual, expected] of CONTRACT) assert.equal(actual, expected, name);
});

test('docs/constants.md names every constant of the table', () => {
  const doc = readFileSync(new URL('../docs/constants.md', import.meta.url), 'utf8');
  for (const [name] of CONTRACT) assert.ok(doc.includes(`\`${name}\``), `${name} in docs/constants.md`);
});

test.run();
