/**
 * Reading a SEEK message (docs/wire-contract.md) off the wire. A portal — the harness's mock portal among them
 * — must not trust `event.data`, so it checks the shape here: the app and the harness share one
 * definition of what a well-formed SEEK is.
 */
import { type SeekMessage, SUB_APPLICATION_NAME } from './messages.ts';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A playback position in seconds: a finite number, zero or more. */
const isSeconds = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** A page number: a whole number, one or more. */
const isPage = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/**
 * Why `data` is not a well-formed SEEK message, or `null` when it is: addressed to NOTES, requestId
 * `SEEK`, a non-empty `refId`, and exactly one target — `seconds` (≥ 0) or `page` (a whole number ≥ 1),
 * the same rules as a note's anchor. The reason is safe to show: it never quotes the payload.
 */
export function seekMessageProblem(data: unknown): string | null {
  if (!isRecord(data)) return 'not an object';
  if (data.subApplicationName !== SUB_APPLICATION_NAME) return 'subApplicationName is not NOTES';
  if (data.requestId !== 'SEEK') return 'requestId is not SEEK';
  if (typeof data.refId !== 'string' || data.refId.trim() === '') return 'refId must be a non-empty string';
  const hasSeconds = data.seconds !== undefined;
  const hasPage = data.page !== undefined;
  if (hasSeconds && hasPage) return 'give seconds or page, not both';
  if (!hasSeconds && !hasPage) return 'seconds or page is required';
  if (hasSeconds && !isSeconds(data.seconds)) return 'seconds must be a finite number, 0 or more';
  if (hasPage && !isPage(data.page)) return 'page must be a whole number, 1 or more';
  return null;
}

/**
 * The SEEK message in `data`, rebuilt from its known fields only (nothing else rides along), or
 * `null` when it is malformed (see `seekMessageProblem` for why).
 */
export function parseSeekMessage(data: unknown): SeekMessage | null {
  if (!isRecord(data) || seekMessageProblem(data) !== null) return null;
  const { refId, seconds, page } = data;
  if (typeof refId !== 'string') return null;
  const base = { subApplicationName: SUB_APPLICATION_NAME, requestId: 'SEEK', refId } as const;
  if (isSeconds(seconds)) return { ...base, seconds };
  if (isPage(page)) return { ...base, page };
  return null;
}
