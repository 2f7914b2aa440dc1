/**
 * The one API call of the baseline's first screen: `POST /api/v1/notes/fetch` with the same body
 * and the same five session headers as the app (src/api/http-client.ts), over plain `fetch`.
 */
import type { Note, NotesPage } from '../../src/protocol/api-types.ts';
import type { Accepted } from './parent-context.ts';

/** The newest notes (first page of 50, as the app asks) on one resource. */
export async function fetchResourceNotes(
  { context, parentHost }: Accepted,
  refId: string,
  signal: AbortSignal,
): Promise<Note[]> {
  const response = await fetch('/api/v1/notes/fetch', {
    method: 'POST',
    signal,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${context.user.token}`,
      rootorg: context.rootOrg,
      org: context.org,
      domain: parentHost,
      wid: context.user.userId,
    },
    body: JSON.stringify({ refId, order: 'newest', limit: 50 }),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const page = (await response.json()) as NotesPage;
  if (!Array.isArray(page?.notes)) throw new Error('Invalid response');
  return page.notes;
}
