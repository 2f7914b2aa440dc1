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
};

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
    };
    writes.push(entry);
    byRequest.set(r, entry);
  });
  page.on('response', async (res) => {
    const entry = byRequest.get(res.request());
    if (!entry) return;
    entry.status = res.status();
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
