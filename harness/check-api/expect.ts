/**
 * How a check says what went wrong: it throws a `Mismatch` carrying what the contract expected and
 * what the API did, and the runner prints both on the check's one line. The helpers here cover
 * the usual comparisons so each check reads as a list of expectations.
 */
import type { Answer } from './client.ts';

/** A failed expectation: what the contract wants and what was seen (already short, one line). */
export class Mismatch extends Error {
  override readonly name = 'Mismatch';
  constructor(
    readonly expected: string,
    readonly seen: string,
  ) {
    super(`expected ${expected}, saw ${seen}`);
  }
}

/** A check that could not run because something it builds on failed earlier. */
export class NotRun extends Error {
  override readonly name = 'NotRun';
}

const MAX_SEEN = 160;

/** A value shown on a line: JSON, one line, cut to a readable length. */
export function show(value: unknown): string {
  let s: string;
  try {
    s = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    s = String(value);
  }
  s = s.replace(/\s+/g, ' ');
  return s.length > MAX_SEEN ? `${s.slice(0, MAX_SEEN)}…` : s;
}

/** What an answer was, for a failing line: its status and the start of its body. */
export const showAnswer = (a: Answer): string =>
  `${a.status}${a.text === '' ? '' : ` ${show(a.json === undefined ? a.text : a.json)}`}`;

/** Fails unless `ok`. */
export function expect(ok: boolean, expected: string, seen: string): asserts ok {
  if (!ok) throw new Mismatch(expected, seen);
}

/** The answer's status must be one of `statuses`. */
export function expectStatus(a: Answer, ...statuses: number[]): void {
  expect(statuses.includes(a.status), statuses.join(' or '), showAnswer(a));
}

/** Fails with "not checked" when a value an earlier step should have produced is missing. */
export function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new NotRun(`not checked: ${what} could not be set up`);
  return value;
}

/** The `{ error }` of a non-2xx answer, failing when the body is not that shape. */
export function errorText(a: Answer): string {
  const body = a.json as { error?: unknown } | undefined;
  expect(
    typeof body === 'object' && body !== null && typeof body.error === 'string' && body.error !== '',
    'a body { error: string }',
    showAnswer(a),
  );
  return body.error as string;
}

/**
 * A refusal: the status, an `{ error }` body, and — when `field` is given — an error that names
 * the field (case-insensitive), as docs/api.md promises (`tags[1] repeats tags[0] …`).
 */
export function expectRefusal(a: Answer, status: number, field?: string): void {
  expectStatus(a, status);
  const error = errorText(a);
  if (field !== undefined)
    expect(error.toLowerCase().includes(field.toLowerCase()), `an error naming ${field}`, show(error));
}

/** Two id lists hold the same ids in the same order; `label` names ids readably on a failing line. */
export function expectSameIds(
  seen: string[],
  wanted: string[],
  what: string,
  label: (id: string) => string = (id) => id,
): void {
  const same = seen.length === wanted.length && seen.every((id, i) => id === wanted[i]);
  expect(same, `${what} [${wanted.map(label).join(', ')}]`, `[${seen.map(label).join(', ')}]`);
}

/** Two id lists hold the same ids, in any order, each once. */
export function expectSameSet(
  seen: string[],
  wanted: string[],
  what: string,
  label: (id: string) => string = (id) => id,
): void {
  const sortBy = (ids: string[]) => ids.map(label).sort();
  expectSameIds(sortBy(seen), sortBy(wanted), what);
}
