/**
 * Compressed answers (docs/api.md "Compression"): a JSON answer over 1 KiB comes br- or
 * gzip-encoded as the request's Accept-Encoding allows, always with `Vary: Accept-Encoding`, and
 * decodes to the same page; a client that accepts no encoding gets plain JSON.
 */
import type { Ctx } from '../context.ts';
import type { Dataset } from '../dataset.ts';
import { expect, expectStatus, need, show } from '../expect.ts';
import { asPage } from '../shapes.ts';

const varies = (h: Headers): boolean =>
  (h.get('vary') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .some((s) => s === 'accept-encoding' || s === '*');

/** The compression checks, on course A's 25 notes (well over 1 KiB of JSON). */
export async function compressionChecks(ctx: Ctx, data: Dataset | null): Promise<void> {
  const { t, api } = ctx;
  const cases: [string, string, (string | null)[]][] = [
    ['"br, gzip" → br or gzip', 'br, gzip', ['br', 'gzip']],
    ['"gzip" → gzip', 'gzip', ['gzip']],
    ['"identity" → not encoded', 'identity', [null, 'identity']],
  ];
  for (const [name, accept, allowed] of cases) {
    await t.check(
      `compression: Accept-Encoding ${name}, Vary: Accept-Encoding, the page intact`,
      async () => {
        const d = need(data, 'the data set');
        const a = await api.post(
          '/notes/fetch',
          { courseId: d.courseA, limit: 100 },
          { headers: { 'accept-encoding': accept } },
        );
        expectStatus(a, 200);
        const encoding = a.headers.get('content-encoding');
        expect(
          allowed.includes(encoding),
          `Content-Encoding ${allowed.map(String).join(' or ')}`,
          show(encoding),
        );
        expect(varies(a.headers), 'Vary: Accept-Encoding', show(a.headers.get('vary')));
        const page = asPage(a.json);
        expect(page.notes.length === 25, '25 notes', `${page.notes.length}`);
      },
    );
  }
}
