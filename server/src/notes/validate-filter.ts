/**
 * The one place fetch requests are validated: the `POST /notes/fetch` filter body and the seven
 * path parameters of `GET /notes/fetch/…`. Both come out with defaults applied.
 */
import type { NoteOrder } from '../../../src/protocol/api-types.ts';
import { type Check, invalid, isRecord, valid } from '../http/check.ts';
import { DEFAULT_LIMIT, MAX_CURSOR_CHARS, MAX_LIMIT, MAX_QUERY_CHARS, MIN_LIMIT } from './limits.ts';
import { instant, optionalId, tags } from './validate-fields.ts';

/** A filter ready to run: ids null when absent, query null when empty. */
export type FetchQuery = {
  refId: string | null;
  moduleId: string | null;
  courseId: string | null;
  query: string | null;
  tags: string[];
  /** `due`: only notes in review, soonest due first. */
  order: NoteOrder | 'due';
  /** Only notes in review (`in`), or only those due by `dueBy` (`due`); null: any note. */
  review: 'in' | 'due' | null;
  /** `toISOString` text; null: now (the route fills it in). */
  dueBy: string | null;
  limit: number;
  /** Opaque: the store made it and decodes it. */
  cursor: string | null;
};

/** The GET fetch's parameters; `-` ids are null, `flag` says whether children are included. */
export type PathQuery = {
  courseId: string | null;
  moduleId: string | null;
  refId: string | null;
  flag: boolean;
  limit: number;
  offset: number;
  order: NoteOrder;
};

/** The 400 for a cursor that is not one this service made (or not for this order). */
export const BAD_CURSOR = 'cursor is malformed; use the nextCursor of a previous page';

const ORDERS: readonly NoteOrder[] = ['newest', 'oldest', 'updated'];

const order = (v: unknown): Check<NoteOrder> => {
  if (v === undefined || v === null) return valid('newest');
  const found = ORDERS.find((o) => o === v);
  return found ? valid(found) : invalid('order must be newest, oldest or updated');
};

const FETCH_ORDERS: readonly (NoteOrder | 'due')[] = [...ORDERS, 'due'];

const fetchOrder = (v: unknown): Check<NoteOrder | 'due'> => {
  if (v === undefined || v === null) return valid('newest');
  const found = FETCH_ORDERS.find((o) => o === v);
  return found ? valid(found) : invalid('order must be newest, oldest, updated or due');
};

const review = (v: unknown): Check<'in' | 'due' | null> => {
  if (v === undefined || v === null) return valid(null);
  return v === 'in' || v === 'due' ? valid(v) : invalid("review must be 'in', 'due' or null");
};

const dueBy = (v: unknown): Check<string | null> => {
  if (v === undefined || v === null) return valid(null);
  const at = instant(v, 'dueBy');
  return at.ok ? valid(at.value.toISOString()) : at;
};

const limit = (v: unknown): Check<number> => {
  if (v === undefined || v === null) return valid(DEFAULT_LIMIT);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < MIN_LIMIT || v > MAX_LIMIT) {
    return invalid(`limit must be an integer from ${MIN_LIMIT} to ${MAX_LIMIT}`);
  }
  return valid(v);
};

const query = (v: unknown): Check<string | null> => {
  if (v === undefined || v === null) return valid(null);
  if (typeof v !== 'string') return invalid('query must be a string');
  if (v.length > MAX_QUERY_CHARS) return invalid(`query must be at most ${MAX_QUERY_CHARS} characters`);
  return valid(v.trim() === '' ? null : v.trim());
};

/** Validates a `POST /notes/fetch` body; `{}` (or no filter at all) means "all my notes". */
export function parseFilter(body: unknown): Check<FetchQuery> {
  if (!isRecord(body)) return invalid('body must be a JSON object');
  const refId = optionalId(body.refId, 'refId');
  if (!refId.ok) return refId;
  const moduleId = optionalId(body.moduleId, 'moduleId');
  if (!moduleId.ok) return moduleId;
  const courseId = optionalId(body.courseId, 'courseId');
  if (!courseId.ok) return courseId;
  const q = query(body.query);
  if (!q.ok) return q;
  const t = tags(body.tags, 'tags', 'merge');
  if (!t.ok) return t;
  const o = fetchOrder(body.order);
  if (!o.ok) return o;
  const r = review(body.review);
  if (!r.ok) return r;
  const d = dueBy(body.dueBy);
  if (!d.ok) return d;
  const l = limit(body.limit);
  if (!l.ok) return l;
  let cursor: string | null = null;
  if (body.cursor !== undefined && body.cursor !== null) {
    if (typeof body.cursor !== 'string') return invalid('cursor must be a string or null');
    if (body.cursor.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(body.cursor))
      return invalid(BAD_CURSOR);
    cursor = body.cursor;
  }
  return valid({
    refId: refId.value,
    moduleId: moduleId.value,
    courseId: courseId.value,
    query: q.value,
    tags: t.value,
    order: o.value,
    review: r.value,
    dueBy: d.value,
    limit: l.value,
    cursor,
  });
}

const pathId = (v: string): string | null => (v === '-' || v === '' ? null : v);

const pathInt = (v: string): number | null => (/^\d{1,9}$/.test(v) ? Number(v) : null);

/** Validates the seven path parameters of `GET /notes/fetch/{c}/{m}/{r}/{flag}/{limit}/{offset}/{order}`. */
export function parsePathQuery(p: Record<string, string>): Check<PathQuery> {
  const flag = p.flag;
  if (flag !== '1' && flag !== '0') return invalid('flag must be 1 or 0');
  const l = pathInt(p.limit ?? '');
  if (l === null || l < MIN_LIMIT || l > MAX_LIMIT) {
    return invalid(`limit must be an integer from ${MIN_LIMIT} to ${MAX_LIMIT}`);
  }
  const offset = pathInt(p.offset ?? '');
  if (offset === null) return invalid('offset must be an integer ≥ 0');
  const o = order(p.order);
  if (!o.ok) return o;
  return valid({
    courseId: pathId(p.courseId ?? '-'),
    moduleId: pathId(p.moduleId ?? '-'),
    refId: pathId(p.refId ?? '-'),
    flag: flag === '1',
    limit: l,
    offset,
    order: o.value,
  });
}
