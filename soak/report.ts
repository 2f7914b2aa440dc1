/**
 * The details under the result line when something differs: for each lost, duplicated or
 * unexpected note, what the learner did to it, what the server holds, the writes the browser sent
 * for it, and the harness API's log lines around those writes — enough for a developer to see where
 * the text went without running the soak again.
 */
import type { ApiLine } from './api-process.ts';
import type { Comparison, Difference, Ledger } from './ledger.ts';
import type { QueuedWrite } from './ui.ts';
import { type Wire, wireLine } from './wire-log.ts';

/** Events on the soak's clock (reloads, kill, restart), to place the writes among them. */
export type Milestone = { at: number; what: string };

const secs = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

/** The API lines (any run) within ±`spanMs` of `at` on a write path. */
const apiLinesNear = (log: ApiLine[], at: number, spanMs: number): ApiLine[] =>
  log.filter(
    (l) =>
      Math.abs(l.at - at) <= spanMs &&
      (/\/notes\/(add|update|delete)/.test(l.line) || l.line.startsWith('(')),
  );

/** The queued writes (left in the outbox at the end) about a difference's note. */
export function stillQueued(d: Difference, ledger: Ledger, queued: QueuedWrite[]): QueuedWrite[] {
  const entry = d.n !== null ? ledger.entries.get(d.n) : undefined;
  const tokens = new Set(entry ? entry.history.map((h) => /#([0-9a-z]{8})\b/.exec(h)?.[1] ?? '') : []);
  const ids = new Set(d.stored.map((s) => s.noteId));
  return queued.filter(
    (q) => q.tokens.some((t) => tokens.has(t)) || (q.noteId !== null && ids.has(q.noteId)),
  );
}

/** What the details are drawn from. */
export type ReportContext = {
  ledger: Ledger;
  wire: Wire;
  log: ApiLine[];
  milestones: Milestone[];
  /** Writes still in the app's outbox at the end. */
  queued: QueuedWrite[];
};

function describe(d: Difference, { ledger, wire, log, milestones, queued }: ReportContext): string[] {
  const entry = d.n !== null ? ledger.entries.get(d.n) : undefined;
  const out = [`- ${d.kind.toUpperCase()} note ${d.n ?? '?'}: ${d.why}`];
  if (entry) {
    out.push(
      `  learner: ${entry.history.length === 1 ? 'added' : `added, edited ${entry.edits}×`}${entry.deleted ? ', deleted' : ''}`,
    );
    out.push(...entry.history.map((h, i) => `    v${i}: ${h}`));
  }
  if (d.expected) out.push(`  expected: ${d.expected}`);
  const waiting = stillQueued(d, ledger, queued);
  if (waiting.length)
    out.push(
      `  STILL QUEUED in the app's outbox when the soak stopped waiting (${waiting.map((q) => q.kind).join(', ')}): not sent yet rather than lost`,
    );
  for (const s of d.stored)
    out.push(`  stored: ${s.noteId} v${s.version} created ${s.createdOn} updated ${s.updatedOn}: ${s.text}`);
  const tokens = entry ? entry.history.map((h) => /#([0-9a-z]{8})\b/.exec(h)?.[1] ?? '') : [];
  const ids = d.stored.map((s) => s.noteId);
  const writes = wire.writes.filter(
    (w) => tokens.some((t) => w.tokens.includes(t)) || wire.about(null, ids).includes(w),
  );
  // Writes to the note by its server id (edits, deletes) once its add was answered.
  const answered = new Set(writes.map((w) => w.answerId).filter((x): x is string => !!x));
  const all = wire.writes.filter((w) => writes.includes(w) || (w.noteId !== null && answered.has(w.noteId)));
  if (all.length) {
    out.push('  browser writes:');
    for (const w of all) out.push(wireLine(w));
    const seen = new Set<ApiLine>();
    const lines = all
      .flatMap((w) => apiLinesNear(log, w.at, 1500))
      .filter((l) => !seen.has(l) && seen.add(l));
    if (lines.length) {
      out.push('  API log within 1.5 s of those writes:');
      for (const l of lines.sort((a, b) => a.at - b.at))
        out.push(`  ${secs(l.at)}  [api run ${l.run}] ${l.line}`);
    }
    const first = all[0]!.at;
    const last = all.at(-1)!.at;
    const near = milestones.filter((m) => m.at >= first - 5000 && m.at <= last + 5000);
    for (const m of near) out.push(`  meanwhile at ${secs(m.at).trim()}: ${m.what}`);
  } else out.push('  browser writes: none seen carrying its text or id');
  return out;
}

/** Every difference, described; empty when the comparison found none. */
export function details(c: Comparison, context: ReportContext): string {
  return c.differences.flatMap((d) => describe(d, context)).join('\n');
}
