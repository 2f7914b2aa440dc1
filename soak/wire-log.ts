/**
 * The app's API traffic as the browser saw it — each write's path, Idempotency-Key, the soak
 * tokens in its body, note id, status or failure — so a lost or duplicated note can be traced to
 * the requests that carried it. Reads are counted but not kept.
 */
import type { BrowserContext, Request } from 'playwright-core';
import { TOKEN } from './ledger.ts';

/** One write request and how it ended. */
export type WireEntry = {
  at: number;
  path: string;
  key: string | null;
  tokens: string[];
  noteId: string | null;
  version: number | null;
  status: number | null;
  failure: string | null;
  /** The note id and tokens of the answer, when it had a note. */
  answerId: string | null;
  /** When its answer came (ms from the start), or null. */
  answeredAt: number | null;
};

/** What makes two writes the same one: an add's Idempotency-Key, else the path, note and version. */
const identity = (w: WireEntry) => w.key ?? `${w.path} ${w.noteId} v${w.version}`;

/**
 * Writes sent again after the server had already answered the same write with a 2xx: the ones no
 * retry needed (a lost answer's retry is not one of them). Includes the unload's `keepalive`
 * repeat of what was still queued as the page went (docs/decisions.md), which a reload may cause.
 */
export function sentAgain(writes: readonly WireEntry[]): WireEntry[] {
  const confirmed = new Map<string, number>();
  for (const w of writes)
    if (w.status !== null && w.status < 300 && w.answeredAt !== null) {
      const id = identity(w);
      confirmed.set(id, Math.min(confirmed.get(id) ?? Number.POSITIVE_INFINITY, w.answeredAt));
    }
  return writes.filter((w) => (confirmed.get(identity(w)) ?? Number.POSITIVE_INFINITY) <= w.at);
}

const tokensIn = (s: string): string[] => [...s.matchAll(TOKEN)].map((m) => m[1]!);

/** Records the API writes of every tab and frame of the browser context, from now on. */
export function recordWire(page: BrowserContext, started: number) {
  const writes: WireEntry[] = [];
  const byRequest = new Map<Request, WireEntry>();
  const counts = { reads: 0, readFailures: 0 };
  const now = () => Math.round(performance.now() - started);
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (!path.includes('/api/v1/')) return;
    if (!/\/notes\/(add|update|delete)$/.test(path)) {
      counts.reads += 1;
      return;
    }
    const body = r.postData() ?? '';
    let parsed: { noteId?: unknown; version?: unknown } = {};
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {}
    const entry: WireEntry = {
      at: now(),
      path: path.slice(path.indexOf('/notes/')),
      key: r.headers()['idempotency-key'] ?? null,
      tokens: tokensIn(body),
      noteId: typeof parsed.noteId === 'string' ? parsed.noteId : null,
      version: typeof parsed.version === 'number' ? parsed.version : null,
      status: null,
      failure: null,
      answerId: null,
      answeredAt: null,
    };
    writes.push(entry);
    byRequest.set(r, entry);
  });
  page.on('response', async (res) => {
    const entry = byRequest.get(res.request());
    if (!entry) return;
    entry.status = res.status();
    entry.answeredAt = now();
    const text = await res.text().catch(() => '');
    const id = /"noteId"\s*:\s*"([^"]+)"/.exec(text)?.[1];
    if (id) entry.answerId = id;
  });
  page.on('requestfailed', (r) => {
    const entry = byRequest.get(r);
    if (entry) entry.failure = r.failure()?.errorText ?? 'failed';
    else if (new URL(r.url()).pathname.includes('/api/v1/')) counts.readFailures += 1;
  });
  return {
    writes,
    counts,
    /** Writes that carried `token` or were about `noteId`. */
    about: (token: string | null, noteIds: string[]): WireEntry[] =>
      writes.filter(
        (w) =>
          (token !== null && w.tokens.includes(token)) ||
          (w.noteId !== null && noteIds.includes(w.noteId)) ||
          (w.answerId !== null && noteIds.includes(w.answerId)),
      ),
  };
}

/** The page's write log. */
export type Wire = ReturnType<typeof recordWire>;

/** One wire entry as a report line. */
export const wireLine = (w: WireEntry): string =>
  `  ${(w.at / 1000).toFixed(1).padStart(7)} s  POST ${w.path}${w.noteId ? ` ${w.noteId} v${w.version ?? '-'}` : ''}${w.key ? ` key ${w.key}` : ''} → ${w.status ?? w.failure ?? 'no answer'}${w.answerId && w.answerId !== w.noteId ? ` (${w.answerId})` : ''}`;
