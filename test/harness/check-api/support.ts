/**
 * Shared by the check-api tests: runs `harness check-api` in-process (main with captured output)
 * and snapshots one learner's notes straight from the mock API, to prove cleanup left them as
 * they were.
 */
import type { SeedUser } from '../../../harness/api/seed.ts';
import type { RunningApi } from '../../../harness/api/server.ts';
import { main } from '../../../harness/cli/main.ts';
import { clientFor } from '../api/support/api-fixture.ts';

/** What a run printed and its exit code. */
export type Run = { code: number | null; out: string[]; err: string[] };

/** Runs `harness <argv>` in-process. */
export async function runHarness(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, env);
  return { code, out, err };
}

/** A learner's notes (id, version, updatedOn, content) under the given rootorg/org, every page. */
export async function snapshot(
  api: RunningApi,
  user: SeedUser,
  rootorg = user.rootOrg,
  org = user.org,
): Promise<string[]> {
  const client = clientFor(api, user);
  const rows: string[] = [];
  let cursor: string | null = null;
  do {
    const a = await client.post(
      '/notes/fetch',
      { limit: 100, order: 'oldest', ...(cursor ? { cursor } : {}) },
      { rootorg, org },
    );
    if (a.status !== 200) throw new Error(`snapshot fetch answered ${a.status}`);
    const page = a.json as {
      notes: { noteId: string; version: number; updatedOn: string; content: string }[];
      nextCursor: string | null;
    };
    for (const n of page.notes) rows.push(`${n.noteId}@${n.version}@${n.updatedOn}@${n.content}`);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return rows;
}

/** The check lines with a status, by status. */
export const linesOf = (out: string[], status: 'pass' | 'FAIL' | 'skip'): string[] =>
  out.filter((l) => l.startsWith(`${status}  `));
