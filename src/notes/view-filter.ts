import type { ListFilter } from './note-filter.ts';

/**
 * The list filter `/view` asks for: the search as typed, trimmed (blank means none) and the chosen course
 * ('' means every course). Empty parts are left out, so the server is never sent `query: ''` and
 * "no search" is one list however it was reached.
 */
export function viewFilter(query: string, courseId: string): ListFilter {
  const filter: ListFilter = {};
  const q = query.trim();
  if (q) filter.query = q;
  if (courseId) filter.courseId = courseId;
  return filter;
}

/** True when a search or a course narrows the list (its empty state then says "no match"). */
export const isNarrowed = (filter: ListFilter): boolean =>
  Boolean(filter.query?.trim()) || filter.courseId !== undefined;

/**
 * The count `/view` states: every note is loaded (`complete`)? then the notes shown, which also
 * follows the learner's own adds and deletes; else the server's total, null while unknown.
 */
export function noteCount(shown: number, complete: boolean, total: number | null): number | null {
  return complete ? shown : total;
}
