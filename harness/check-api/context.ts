/**
 * What every check group works with: the tester that prints one line per check, the learner's
 * client (and another learner's, when given), this run's unique ids, and the registry of notes the
 * run created, which cleanup deletes. Notes are registered from every 2xx add answer, expected or
 * not, so even a broken API's stray notes are cleaned up.
 */
import type { NewNote, Note, NoteFilter } from '../../src/protocol/api-types.ts';
import type { Answer, ApiClient, CallOptions } from './client.ts';
import { expectStatus, Mismatch, NotRun, showAnswer } from './expect.ts';
import type { RunIds } from './run-ids.ts';
import { asNote, asPage } from './shapes.ts';

/** A check's outcome. */
export type Status = 'pass' | 'fail' | 'skip';

/** Counts so far. */
export type Tally = { passed: number; failed: number; skipped: number };

/** Thrown by `Tester.check` once the run was asked to stop: no further check starts. */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';
}

/** Runs checks one at a time and writes one line for each. */
export class Tester {
  readonly tally: Tally = { passed: 0, failed: 0, skipped: 0 };
  private stop: AbortSignal | undefined;
  constructor(private readonly write: (line: string) => void) {}

  /** From now on, once `signal` aborts, the next check throws Interrupted instead of running. */
  stopOn(signal: AbortSignal | undefined): void {
    this.stop = signal;
  }

  /** Runs `body`; a throw is a failure, shown with what was expected and seen. Resolves with pass/fail. */
  async check(name: string, body: () => Promise<void> | void): Promise<boolean> {
    if (this.stop?.aborted) throw new Interrupted('the run was stopped before every check ran');
    try {
      await body();
    } catch (err) {
      this.tally.failed++;
      this.write(`FAIL  ${name}: ${reasonOf(err)}`);
      return false;
    }
    this.tally.passed++;
    this.write(`pass  ${name}`);
    return true;
  }

  /** A check that does not apply to this run (say, isolation without a second token). */
  skip(name: string, why: string): void {
    this.tally.skipped++;
    this.write(`skip  ${name}: ${why}`);
  }
}

function reasonOf(err: unknown): string {
  if (err instanceof Mismatch || err instanceof NotRun) return err.message;
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return 'the API did not answer in time';
  const cause = e?.cause?.code ?? e?.cause?.message;
  return `the call failed: ${e?.message ?? String(err)}${cause ? ` (${cause})` : ''}`;
}

/** Notes this run added, by id, with the client that can delete each. */
export class Created {
  private readonly notes = new Map<string, ApiClient>();
  /** Remembers the note of a 2xx add answer, if its body carries a noteId. */
  register(answer: Answer, owner: ApiClient): void {
    const id = (answer.json as { noteId?: unknown } | undefined)?.noteId;
    if (answer.status >= 200 && answer.status < 300 && typeof id === 'string' && id !== '')
      this.notes.set(id, owner);
  }
  forget(noteId: string): void {
    this.notes.delete(noteId);
  }
  entries(): [string, ApiClient][] {
    return [...this.notes];
  }
}

/** Everything a check group gets. */
export type Ctx = {
  t: Tester;
  api: ApiClient;
  other: ApiClient | null;
  ids: RunIds;
  created: Created;
};

/** A group of checks, run in order by the runner. */
export type Group = (ctx: Ctx) => Promise<void>;

/** `POST /notes/add`, registering whatever note the answer carries. */
export async function addNote(
  ctx: Ctx,
  body: unknown,
  options: CallOptions = {},
  client: ApiClient = ctx.api,
): Promise<Answer> {
  const answer = await client.post('/notes/add', body, options);
  ctx.created.register(answer, client);
  return answer;
}

/** An add that must answer 201 with a Note; returns the note. */
export async function addOk(ctx: Ctx, body: Partial<NewNote>, options: CallOptions = {}): Promise<Note> {
  const a = await addNote(ctx, body, options);
  expectStatus(a, 201);
  return asNote(a.json);
}

/** `POST /notes/delete` that also drops the note from the registry once the API says it is gone. */
export async function deleteNote(ctx: Ctx, body: unknown, client: ApiClient = ctx.api): Promise<Answer> {
  const a = await client.post('/notes/delete', body);
  const id = (body as { noteId?: unknown }).noteId;
  if ((a.status === 200 || a.status === 404) && typeof id === 'string') ctx.created.forget(id);
  return a;
}

/** The first page of a filter, checked as a NotesPage. */
export async function fetchPage(client: ApiClient, filter: NoteFilter): Promise<NotesPageAnswer> {
  const a = await client.post('/notes/fetch', filter);
  expectStatus(a, 200);
  return { answer: a, page: asPage(a.json) };
}

/** A page with the answer it came in. */
export type NotesPageAnswer = { answer: Answer; page: ReturnType<typeof asPage> };

/** Every note matching a filter, following cursors (at most 50 pages of 100). */
export async function fetchAll(client: ApiClient, filter: NoteFilter): Promise<Note[]> {
  const all: Note[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const { page } = await fetchPage(client, { ...filter, limit: 100, ...(cursor ? { cursor } : {}) });
    all.push(...page.notes);
    cursor = page.nextCursor;
    if (cursor === null) return all;
  }
  throw new Mismatch('the pages to end within 5,000 notes', 'a nextCursor on page 50');
}

/** How many notes a filter finds, by the page's `total`. */
export async function totalOf(client: ApiClient, filter: NoteFilter): Promise<number> {
  return (await fetchPage(client, { ...filter, limit: 1 })).page.total;
}

/** Shorthand for a failing line about an answer. */
export const unexpected = (what: string, a: Answer): Mismatch => new Mismatch(what, showAnswer(a));
