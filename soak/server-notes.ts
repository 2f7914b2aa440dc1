/**
 * Every note the server holds for the soak's learner, read straight from the harness API (not through
 * the app): `POST /notes/fetch` with the five headers the app sends for them (the learner's org; the
 * sunbird-cb portal's learner has org = rootOrg), newest first, 100 a page, following
 * `nextCursor` to the end. The API keeps injecting its faults, so each page is retried on 5xx or a
 * dropped connection.
 */
import { DEV_SECRET } from '../harness/api/auth.ts';
import { type SeedUser, tokenForUser } from '../harness/api/seed.ts';
import { DEFAULT_CONFIG } from '../src/config/app-config.ts';
import type { Note, NotesPage } from '../src/protocol/api-types.ts';
import type { Stored } from './ledger.ts';

/** The headers the app sends for `learner`, the one the soak's portal signs in (a 12-hour token). */
const headers = (learner: SeedUser): Record<string, string> => ({
  authorization: `Bearer ${tokenForUser(learner, DEV_SECRET)}`,
  wid: learner.wid,
  rootorg: learner.rootOrg,
  org: learner.org,
  domain: DEFAULT_CONFIG.devParentHost,
  'content-type': 'application/json',
});

async function page(apiUrl: string, learner: SeedUser, cursor: string | null): Promise<NotesPage> {
  let last = '';
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      const res = await fetch(`${apiUrl}/api/v1/notes/fetch`, {
        method: 'POST',
        headers: headers(learner),
        body: JSON.stringify({ order: 'newest', limit: 100, ...(cursor ? { cursor } : {}) }),
        signal: AbortSignal.timeout(30_000),
      });
      if (res.status === 200) return (await res.json()) as NotesPage;
      last = `${res.status} ${await res.text()}`;
      if (res.status < 500) break;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`could not read the stored notes: ${last}`);
}

/** Reads all of `learner`'s notes; also checks the total the API reports against what was paged. */
export async function storedNotes(
  apiUrl: string,
  learner: SeedUser,
): Promise<{ notes: Stored[]; total: number }> {
  const notes: Note[] = [];
  let cursor: string | null = null;
  let total = 0;
  for (let i = 0; i < 1000; i++) {
    const p: NotesPage = await page(apiUrl, learner, cursor);
    notes.push(...p.notes);
    total = p.total;
    cursor = p.nextCursor;
    if (!cursor) break;
  }
  return {
    notes: notes.map((n) => ({
      noteId: n.noteId,
      text: n.text,
      version: n.version,
      createdOn: n.createdOn,
      updatedOn: n.updatedOn,
    })),
    total,
  };
}
