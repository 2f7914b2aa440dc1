/**
 * The learner's own record of what they did — the soak's ground truth, kept outside the app so
 * the app can't vouch for itself. Every text is unique: `soak note 17 · words · #k3j9q2x1`, an
 * edit `soak note 17 edit 2 · words · #…`; the number names the note through all its versions and
 * the `#token` names one version, so a card on screen or a stored note maps back to its entry.
 */

/** One note the learner added: its number, current text, and whether it was deleted. */
export type Entry = {
  n: number;
  text: string;
  token: string;
  edits: number;
  deleted: boolean;
  history: string[];
};

const WORDS = [
  'gradient',
  'regression',
  'contrast',
  'landmark',
  'Überschrift',
  'équipe',
  'decisión',
  'exam',
  'overfitting',
  'baseline',
  'residual',
  'variance',
];

/** A version's token in a text: `#` then 8 lower-case base-36 characters. */
export const TOKEN = /#([0-9a-z]{8})\b/g;

/** The note number in a soak text, or null for a text the soak never typed. */
export const numberOf = (text: string): number | null => {
  const m = /^soak note (\d+)\b/.exec(text.trim());
  return m ? Number(m[1]) : null;
};

/** Whitespace folded, ends trimmed: how texts are compared (an editor may add a trailing newline). */
export const normal = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The ledger: entries by number, and new unique texts from the seeded `random`. */
export function createLedger(random: () => number) {
  const entries = new Map<number, Entry>();
  const byToken = new Map<string, Entry>();
  const token = (): string => {
    for (;;) {
      const t = Array.from(
        { length: 8 },
        () => '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 36)],
      ).join('');
      if (!byToken.has(t)) return t;
    }
  };
  const words = () =>
    Array.from(
      { length: 2 + Math.floor(random() * 4) },
      () => WORDS[Math.floor(random() * WORDS.length)],
    ).join(' ');
  return {
    entries,
    /** The entry a token (any version's) belongs to. */
    byToken: (t: string): Entry | undefined => byToken.get(t),
    /** A new note's text; `commit` records it once the learner pressed Save. */
    draftAdd(): { n: number; text: string; token: string } {
      const n = entries.size + 1;
      const t = token();
      return { n, token: t, text: `soak note ${n} · ${words()} · #${t}` };
    },
    commitAdd(d: { n: number; text: string; token: string }): Entry {
      const e: Entry = { n: d.n, text: d.text, token: d.token, edits: 0, deleted: false, history: [d.text] };
      entries.set(d.n, e);
      byToken.set(d.token, e);
      return e;
    },
    /** An edit's new text for `e`; `commitEdit` records it. */
    draftEdit(e: Entry): { text: string; token: string } {
      const t = token();
      return { token: t, text: `soak note ${e.n} edit ${e.edits + 1} · ${words()} · #${t}` };
    },
    commitEdit(e: Entry, d: { text: string; token: string }): void {
      e.edits += 1;
      e.text = d.text;
      e.token = d.token;
      e.history.push(d.text);
      byToken.set(d.token, e);
    },
    /** Live notes (added, not deleted). */
    live: (): Entry[] => [...entries.values()].filter((e) => !e.deleted),
  };
}

/** The learner's ledger. */
export type Ledger = ReturnType<typeof createLedger>;

/** A stored note as the comparison needs it. */
export type Stored = { noteId: string; text: string; version: number; createdOn: string; updatedOn: string };

/** One difference between the ledger and the server, for the details. */
export type Difference = {
  kind: 'lost' | 'duplicated' | 'unexpected';
  n: number | null;
  expected: string | null;
  stored: Stored[];
  why: string;
};

/** The counts of the result line and every difference behind them. */
export type Comparison = {
  typed: number;
  stored: number;
  lost: number;
  duplicated: number;
  unexpected: number;
  differences: Difference[];
};

/**
 * Compares what the learner expects (each live entry's current text, exactly once) with what is
 * stored: `lost` an expected text not stored, `duplicated` each extra copy of one, `unexpected`
 * every other stored note (an older version, a deleted note, or text the learner never typed).
 */
export function compare(ledger: Ledger, stored: Stored[]): Comparison {
  const byNumber = new Map<number | null, Stored[]>();
  for (const s of stored) {
    const n = numberOf(s.text);
    byNumber.set(n, [...(byNumber.get(n) ?? []), s]);
  }
  const out: Comparison = {
    typed: ledger.live().length,
    stored: stored.length,
    lost: 0,
    duplicated: 0,
    unexpected: 0,
    differences: [],
  };
  const note = (d: Difference, count: number) => {
    out[d.kind] += count;
    out.differences.push(d);
  };
  for (const e of ledger.entries.values()) {
    const found = byNumber.get(e.n) ?? [];
    const same = found.filter((s) => normal(s.text) === normal(e.text));
    const other = found.filter((s) => normal(s.text) !== normal(e.text));
    if (!e.deleted && same.length === 0)
      note(
        {
          kind: 'lost',
          n: e.n,
          expected: e.text,
          stored: found,
          why: found.length ? 'only other versions are stored' : 'nothing stored for this note',
        },
        1,
      );
    if (!e.deleted && same.length > 1)
      note(
        { kind: 'duplicated', n: e.n, expected: e.text, stored: same, why: `${same.length} copies` },
        same.length - 1,
      );
    const extra = e.deleted ? found : other;
    if (extra.length) {
      const why = e.deleted
        ? 'the learner deleted this note'
        : extra
            .map((s) => {
              const v = e.history.findIndex((h) => normal(h) === normal(s.text));
              return v < 0
                ? 'a text the learner never typed'
                : `version ${v} of ${e.history.length - 1} (an older text)`;
            })
            .join('; ');
      note(
        { kind: 'unexpected', n: e.n, expected: e.deleted ? null : e.text, stored: extra, why },
        extra.length,
      );
    }
  }
  for (const [n, found] of byNumber) {
    if (n !== null && ledger.entries.has(n)) continue;
    note(
      { kind: 'unexpected', n, expected: null, stored: found, why: 'the learner never added this note' },
      found.length,
    );
  }
  return out;
}

/** The result line: `typed N · stored N · lost N · duplicated N · unexpected N`. */
export const resultLine = (c: Comparison): string =>
  `typed ${c.typed} · stored ${c.stored} · lost ${c.lost} · duplicated ${c.duplicated} · unexpected ${c.unexpected}`;
