/**
 * Search keystroke → list updated, over the notes the scroll loaded: one key at a time into the
 * field labelled "Search notes", timed in the frame from the keydown to the paint after the
 * list's DOM changed. "regression" is typed (matches many, then fewer) and taken back with
 * Backspace to "r"; "zeitgeist" (a handful) and "exam" (many) are typed over a selection; then
 * Ctrl+A and Backspace empty the field. Last, the operators (issue 17): "tag:exa" is put in the
 * field and `m` completes the tag (the API's filter and the list's), taken back and typed again;
 * then "tag:exam after:2025-06-0" is put in and `1` completes the day (matched on the device),
 * taken back and typed again; the field is emptied. Only the first keys (the unfiltered list, with every row the
 * scroll rendered, gives way to the matches) and the clears (it comes back) cross an empty field.
 */
import type { Frame, Page } from 'playwright-core';
import type { KeyMark } from './frame-probes.ts';

/** Pause after each keystroke: the debounced server ask (300 ms) and its answer land meanwhile. */
const QUIET_MS = 450;

/**
 * One timed keystroke: the field's value after it, and its marks. `kind`: `first` into the empty
 * field, `clear` empties it, `type` any other (the list stays narrowed by a search).
 */
export type KeySample = {
  key: string;
  query: string;
  kind: 'first' | 'type' | 'clear';
  /** The field holds an operator (`tag:`, `after:`…) after this key. */
  operators: boolean;
  mark: KeyMark;
};

/** The operator search reached last: a tag (the API's filter and the list's) and a day (matched here). */
export const OPERATOR_SEARCH = 'tag:exam after:2025-06-01';

/** Put in the field untimed before the key that follows (as a paste would): `fill:<value>`. */
const fill = (value: string): [key: string, after: string] => [`fill:${value}`, value];

type Probe = { __benchArm(): void; __benchArmed: Promise<KeyMark> };

/**
 * The keystrokes: [key, field value after it]; `null` key = Ctrl+A (select all, not timed);
 * `fill:` puts a value in the field, not timed. The operators' keys each change the list (a key
 * that changes nothing has no paint to time): `m` completes `tag:exam`, `1` a real day.
 */
const SCRIPT: [key: string | null, after: string][] = [
  ...[...'regression'].map((k, i): [string, string] => [k, 'regression'.slice(0, i + 1)]),
  ...Array.from({ length: 9 }, (_, i): [string, string] => ['Backspace', 'regression'.slice(0, 9 - i)]),
  [null, 'r'],
  ...[...'zeitgeist'].map((k, i): [string, string] => [k, 'zeitgeist'.slice(0, i + 1)]),
  [null, 'zeitgeist'],
  ...[...'exam'].map((k, i): [string, string] => [k, 'exam'.slice(0, i + 1)]),
  [null, 'exam'],
  ['Backspace', ''],
  fill('tag:exa'),
  ['m', 'tag:exam'],
  ['Backspace', 'tag:exa'],
  ['m', 'tag:exam'],
  fill(OPERATOR_SEARCH.slice(0, -1)),
  ['1', OPERATOR_SEARCH],
  ['Backspace', OPERATOR_SEARCH.slice(0, -1)],
  ['1', OPERATOR_SEARCH],
  [null, OPERATOR_SEARCH],
  ['Backspace', ''],
];

async function timedKey(page: Page, frame: Frame, key: string): Promise<KeyMark> {
  await frame.evaluate(() => (window as unknown as Probe).__benchArm());
  await page.keyboard.press(key);
  const mark = await frame.evaluate(() => (window as unknown as Probe).__benchArmed);
  await page.waitForTimeout(QUIET_MS);
  return mark;
}

/** Runs the script, one timed keystroke at a time. */
export async function measureSearch(page: Page, frame: Frame): Promise<KeySample[]> {
  // By the label's `for` (getByLabel computes accessible names over every row: minutes at 10,000).
  const id = await frame.evaluate(
    () =>
      [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === 'Search notes')?.htmlFor,
  );
  if (!id) throw new Error('no field labelled "Search notes" on /view');
  await frame.locator(`[id="${id}"]`).click();
  const samples: KeySample[] = [];
  let before = '';
  for (const [key, after] of SCRIPT) {
    if (key === null) {
      await page.keyboard.press('ControlOrMeta+A');
      continue;
    }
    if (key.startsWith('fill:')) {
      await frame.locator(`[id="${id}"]`).fill(after);
      await page.waitForTimeout(QUIET_MS);
      before = after;
      continue;
    }
    const kind = before === '' ? 'first' : after === '' ? 'clear' : 'type';
    const operators = /\b(tag|after):/.test(after);
    samples.push({ key, query: after, kind, operators, mark: await timedKey(page, frame, key) });
    before = after;
  }
  return samples;
}
