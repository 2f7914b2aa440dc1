import type { ListFilter } from '../../../notes/read/note-filter.ts';
import { apiFilter, hasLocalPart, type ParsedSearch } from './search-query.ts';

/**
 * The list filter `/view` asks for: the parts of the search the API filters (free text as `query`,
 * `tag:` as `tags`, `is:review` as `review`, src/ui/screens/view/search-query.ts) and the chosen course ('' means every course). Empty
 * parts are left out, so the server is never sent `query: ''` and "no search" is one list however
 * it was reached. The rest of the search (course titles, dates, unsaved) is matched on the device.
 */
export function viewFilter(search: ParsedSearch, courseId: string): ListFilter {
  const filter: ListFilter = apiFilter(search);
  if (courseId) filter.courseId = courseId;
  return filter;
}

/** True when a search or a course narrows the list (its empty state then says "no match"). */
export const isNarrowed = (filter: ListFilter, search?: ParsedSearch): boolean =>
  Boolean(filter.query?.trim()) ||
  Boolean(filter.tags?.length) ||
  filter.review !== undefined ||
  filter.courseId !== undefined ||
  (search !== undefined && hasLocalPart(search));

/**
 * The count `/view` states: every note is loaded (`complete`)? then the notes shown, which also
 * follows the learner's own adds and deletes; else the server's total, null while unknown.
 */
export function noteCount(shown: number, complete: boolean, total: number | null): number | null {
  return complete ? shown : total;
}
