/**
 * The contract's sort orders (docs/api.md "Search and paging"): `newest` / `oldest` by createdOn,
 * `updated` by updatedOn (newest first), ties by noteId ascending. Dates are compared as instants,
 * so an API that writes `+00:00` instead of `Z` sorts the same.
 */
import type { Note, NoteOrder } from '../../src/protocol/api-types.ts';

/**
 * An instant as [milliseconds, the digits below a millisecond], so an API that keeps microseconds
 * (PostgreSQL does) is sorted by them too.
 */
export function instant(iso: string): [number, number] {
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? '';
  return [Date.parse(iso), Number(fraction.slice(3, 9).padEnd(6, '0'))];
}

const keyOf = (n: Note, order: NoteOrder): [number, number] =>
  instant(order === 'updated' ? n.updatedOn : n.createdOn);

/** The comparator of an order. */
export const byOrder =
  (order: NoteOrder) =>
  (a: Note, b: Note): number => {
    const [ma, ua] = keyOf(a, order);
    const [mb, ub] = keyOf(b, order);
    const diff = ma - mb || ua - ub;
    if (diff !== 0) return order === 'oldest' ? diff : -diff;
    return a.noteId < b.noteId ? -1 : a.noteId > b.noteId ? 1 : 0;
  };

/** `notes` sorted as the contract sorts them (a copy). */
export const sortedAs = (notes: readonly Note[], order: NoteOrder): Note[] => [...notes].sort(byOrder(order));

/** The index of the first pair out of `order`, or -1 when the list is in order. */
export function firstDisorder(notes: readonly Note[], order: NoteOrder): number {
  const cmp = byOrder(order);
  for (let i = 1; i < notes.length; i++) if (cmp(notes[i - 1]!, notes[i]!) > 0) return i;
  return -1;
}
