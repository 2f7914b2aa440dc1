import { parseCourseSummaries, parseNoteList } from '../../api/parse-response.ts';
import type { CourseSummary, Note, NoteOrder } from '../../protocol/api-types.ts';
import type { ListFilter } from './note-filter.ts';

/** One list's first page as the server last gave it, kept on the device (docs/no-data-loss.md). */
export type KeptPage = {
  notes: Note[];
  total: number | null;
  /** No note lies beyond these: the list was whole. */
  complete: boolean;
  /** When the server gave it (ms since the epoch): "updated 14:02". */
  at: number;
};

/** The one storage key of the copy: it holds one learner's reads; another learner's replace them. */
export const KEPT_KEY = 'notes:kept';

/** Kept reads older than this are not shown, and dropped at the next write. */
export const KEPT_MAX_AGE_MS = 30 * 86_400_000;

/**
 * A kept list as stored: its page, which list it is (to fold confirmed writes in), when last saved.
 * Its notes are checked only when that list is read (`keptPage`), not every list at every start.
 */
export type KeptList = Omit<KeptPage, 'notes'> & {
  notes: unknown;
  filter: ListFilter;
  order: NoteOrder;
  used: number;
};

/** The stored form: whose copy it is, each kept list by its list key, and the course list. */
export type KeptFile = {
  learner: string;
  lists: Record<string, KeptList>;
  courses?: { items: unknown; at: number };
};

const ORDERS: readonly string[] = ['newest', 'oldest', 'updated'];
const FILTER_KEYS: readonly string[] = ['refId', 'courseId', 'source'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The stored copy, if it is `learner`'s and well formed; anything corrupt or foreign-shaped is
 * ignored (the next write rebuilds it). Stored text is untrusted like any note: a list's notes pass
 * the API's own note check when it is read (`keptNotes`), and are sanitised when shown.
 */
export function parseKept(raw: string | null, learner: string): KeptFile | null {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
  if (!isObj(value) || value.learner !== learner || !learner || !isObj(value.lists)) return null;
  const lists: KeptFile['lists'] = {};
  for (const [key, page] of Object.entries(value.lists)) {
    if (!isObj(page) || typeof page.at !== 'number' || typeof page.used !== 'number') continue;
    const { filter, order } = page;
    if (!isObj(filter) || typeof order !== 'string' || !ORDERS.includes(order)) continue;
    if (Object.entries(filter).some(([k, v]) => !FILTER_KEYS.includes(k) || typeof v !== 'string')) continue;
    lists[key] = {
      notes: page.notes,
      total: typeof page.total === 'number' ? page.total : null,
      complete: page.complete === true,
      at: page.at,
      used: page.used,
      filter: filter as ListFilter,
      order: order as NoteOrder,
    };
  }
  const { courses } = value;
  const kept =
    isObj(courses) && typeof courses.at === 'number' ? { items: courses.items, at: courses.at } : null;
  return kept ? { learner, lists, courses: kept } : { learner, lists };
}

/** The kept course list, no older than 30 days, if it passes the API's own check; else null. */
export function keptCourses(
  file: KeptFile | null,
  now: number,
): { items: CourseSummary[]; at: number } | null {
  const kept = file?.courses;
  if (!kept || now - kept.at >= KEPT_MAX_AGE_MS) return null;
  try {
    return { items: parseCourseSummaries(kept.items), at: kept.at };
  } catch {
    return null;
  }
}

/** A kept list's notes if every one passes the API's note check, else null (the list is not used). */
export function keptNotes(list: KeptList): Note[] | null {
  try {
    return parseNoteList(list.notes);
  } catch {
    return null;
  }
}

/** A kept list no older than 30 days whose notes pass the check, or null. */
export function keptPage(file: KeptFile | null, key: string, now: number): KeptPage | null {
  const list = file?.lists[key];
  const notes = list && now - list.at < KEPT_MAX_AGE_MS ? keptNotes(list) : null;
  return list && notes ? { notes, total: list.total, complete: list.complete, at: list.at } : null;
}
