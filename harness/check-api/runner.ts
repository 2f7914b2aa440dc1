/**
 * Runs the contract's checks against a notes API and writes one line per check through an
 * injected output (`pass …`, `FAIL …: expected …, saw …`, `skip …: why`), then a summary. The
 * token is cut out of every line, even if the API echoes it. Whatever fails, cleanup runs.
 */

import { authChecks } from './checks/auth.ts';
import { cleanupCheck } from './checks/cleanup.ts';
import { collectionChecks } from './checks/collection.ts';
import { compressionChecks } from './checks/compression.ts';
import { courseChecks } from './checks/courses.ts';
import { fetchFilterChecks } from './checks/fetch-filters.ts';
import { idempotencyChecks } from './checks/idempotency.ts';
import { isolationChecks } from './checks/isolation.ts';
import { writeChecks } from './checks/notes-write.ts';
import { pagingChecks } from './checks/paging.ts';
import { pathFetchChecks } from './checks/path-fetch.ts';
import { reviewChecks } from './checks/review.ts';
import { uploadChecks } from './checks/upload.ts';
import { validationChecks } from './checks/validation.ts';
import { type Answer, apiClient, type Fetch, type Identity } from './client.ts';
import { Created, type Ctx, Interrupted, type Tally, Tester } from './context.ts';
import { buildDataset } from './dataset.ts';
import { expect, expectStatus, showAnswer } from './expect.ts';
import { makeRunIds } from './run-ids.ts';
import { asNotes } from './shapes.ts';

/** What a run needs; `other` is a second learner for the isolation checks. */
export type CheckApiOptions = {
  /** The API base, e.g. `http://127.0.0.1:4301/api/v1` (the URL `/notes/fetch` is appended to). */
  base: string;
  identity: Identity;
  other?: Identity | undefined;
  fetch: Fetch;
  out: (line: string) => void;
  timeoutMs?: number;
  random?: () => number;
  /** Aborting it stops the run after the check in progress; cleanup still runs. */
  stop?: AbortSignal | undefined;
};

/** Cuts every token (and its longer parts) out of a line. */
export function redactor(tokens: string[]): (line: string) => string {
  const secrets = tokens
    .flatMap((tk) => [tk, ...tk.split('.')])
    .filter((s) => s.length >= 8)
    .sort((a, b) => b.length - a.length);
  return (line) => secrets.reduce((l, s) => l.split(s).join('‹token›'), line).replace(/[\r\n]+/g, ' ');
}

/** Runs every check; resolves with the tally (the CLI's exit code is `failed`, capped at 100). */
export async function runChecks(o: CheckApiOptions): Promise<Tally> {
  const redact = redactor([o.identity.token, ...(o.other ? [o.other.token] : [])]);
  const write = (line: string) => o.out(redact(line));
  const t = new Tester(write);
  const timeout = o.timeoutMs ?? 30_000;
  const api = apiClient(o.base, o.fetch, o.identity, timeout);
  const other = o.other ? apiClient(o.base, o.fetch, o.other, timeout) : null;
  const ids = makeRunIds(o.random);
  const ctx: Ctx = { t, api, other, ids, created: new Created() };
  const { rootorg, org, wid } = o.identity;
  write(`check-api: ${o.base} as ${rootorg}/${org}/${wid}, run ${ids.prefix}`);
  const reached = await t.check('reach: GET /notes/recent with the token → 200 and a Note[]', async () => {
    const a: Answer = await api.get('/notes/recent');
    if (a.status === 404 && !/\/api\/v\d+\/?$/.test(o.base))
      expect(false, '200 (is URL the API base, such as …/api/v1?)', showAnswer(a));
    expectStatus(a, 200);
    asNotes(a.json);
  });
  if (!reached) {
    write('stopped: the API must answer the token before anything else can be checked');
    write(summary(t.tally));
    return t.tally;
  }
  const uploaded: string[] = [];
  t.stopOn(o.stop);
  try {
    await authChecks(ctx);
    await writeChecks(ctx);
    await idempotencyChecks(ctx);
    await validationChecks(ctx);
    const data = await buildDataset(ctx);
    await fetchFilterChecks(ctx, data);
    await pathFetchChecks(ctx, data);
    await courseChecks(ctx, data);
    await collectionChecks(ctx, data);
    await compressionChecks(ctx, data);
    await isolationChecks(ctx, data);
    await pagingChecks(ctx, data);
    await reviewChecks(ctx);
    await uploadChecks(ctx, o.base, uploaded);
  } catch (err) {
    if (!(err instanceof Interrupted)) throw err;
    t.tally.failed++;
    write(`FAIL  interrupted: ${err.message}`);
  } finally {
    t.stopOn(undefined);
    await cleanupCheck(ctx, uploaded, write);
  }
  write(summary(t.tally));
  return t.tally;
}

const summary = (n: Tally): string => {
  const all = n.passed + n.failed + n.skipped;
  return `${all} ${all === 1 ? 'check' : 'checks'}: ${n.passed} passed, ${n.failed} failed, ${n.skipped} skipped`;
};
