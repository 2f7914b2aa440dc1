/**
 * Search keystroke → list updated, over the notes the scroll loaded: one key at a time into the
 * field labelled "Search notes", timed in the frame from the keydown to the paint after the
 * list's DOM changed. "regression" is typed (matches many, then fewer) and taken back with
 * Backspace to "r"; "zeitgeist" (a handful) and "exam" (many) are typed over a selection; then
 * Ctrl+A and Backspace empty the field. Last, the operators (issue 17): "tag:exam after:2025-06-01"
 * is typed into the empty field (a tag for the API's filter and the list's, then a day matched on
 * the device) and emptied again. Only the first keys (the unfiltered list, with every row the
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

/** The operator search typed last: a tag (the API's filter and the list's) and a day (matched here). */
export const OPERATOR_SEARCH = 'tag:exam after:2025-06-01';

type Probe = { __benchArm(): void; __benchArmed: Promise<KeyMark> };

/** The keystrokes: [key, field value after it]; `null` key = Ctrl+A (select all, not timed). */
const SCRIPT: [key: string | null, after: string][] = [
  ...[...'regression'].map((k, i): [string, string] => [k, 'regression'.slice(0, i + 1)]),
  ...Array.from({ length: 9 }, (_, i): [string, string] => ['Backspace', 'regression'.slice(0, 9 - i)]),
  [null, 'r'],
  ...[...'zeitgeist'].map((k, i): [string, string] => [k, 'zeitgeist'.slice(0, i + 1)]),
  [null, 'zeitgeist'],
  ...[...'exam'].map((k, i): [string, string] => [k, 'exam'.slice(0, i + 1)]),
  [null, 'exam'],
  ['Backspace', ''],
  ...[...OPERATOR_SEARCH].map((k, i): [string, string] => [
    k === ' ' ? 'Space' : k,
    OPERATOR_SEARCH.slice(0, i + 1),
  ]),
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
    const kind = before === '' ? 'first' : after === '' ? 'clear' : 'type';
    const operators = /\b(tag|after):/.test(after);
    samples.push({ key, query: after, kind, operators, mark: await timedKey(page, frame, key) });
    before = after;
  }
  return samples;
}
