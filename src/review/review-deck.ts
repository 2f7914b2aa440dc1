/**
 * The Review screen's model (issue 27): the notes due by the end of the learner's day, one at a
 * time, soonest first, from `POST /notes/fetch { review: 'due', dueBy, order: 'due' }` page by page
 * — offline from the copy kept on the device — over the shared note cache, so an edit shows here
 * (keeping its schedule) and a deleted note leaves the queue. A rating is queued in the write side's
 * outbox (sent once, offline too) with the card `rate` predicts, and the note leaves today's queue
 * at once; the server's answer replaces the card. With nothing due: the next due date and the
 * forecast, from the notes in review.
 */
import { batch, computed, effect, type ReadonlySignal, signal } from '@preact/signals-core';
import { checkCards } from '../api/parse-review.ts';
import type { NotesModel } from '../notes/notes-model.ts';
import type { Problem } from '../notes/read/describe-error.ts';
import type { NoteCache } from '../notes/read/note-cache.ts';
import type { Note, NoteFilter, ReviewCard, ReviewRating } from '../protocol/api-types.ts';
import { cardOf, dueQueue, endOfLocalDay, nextDue, type RatedCards } from './due-notes.ts';
import { FORECAST_DAYS, type ForecastDay, forecast } from './forecast.ts';
import { KEPT_DUE, KEPT_IN, keepReviewNotes, keptReviewNotes } from './review-kept.ts';
import { rate } from './schedule.ts';

/** The write side's part the deck uses (src/notes/write/note-actions.ts). */
export type RatingSide = {
  rated: ReadonlySignal<RatedCards>;
  rate(noteId: string, rating: ReviewRating, reviewedOn: string, predicted: ReviewCard): Promise<unknown>;
};

/** What the deck is built from: the model's review part, its cache and its write side. */
export type DeckDeps = {
  review: NotesModel['review'];
  cache: NoteCache;
  writeSide: () => Promise<RatingSide>;
};

/** Notes per page of the due list (and of the notes in review for the forecast). */
export const DUE_PAGE = 50;
/** Fewer cards than this left: the next page is fetched. */
const REFILL_AT = 5;
/** At most this many pages of notes in review for the forecast (it stops at 30 days out). */
const FORECAST_PAGES = 10;
const DAY_MS = 86_400_000;

/** The deck; see `createReviewDeck`. */
export type ReviewDeck = ReturnType<typeof createReviewDeck>;

/** Builds the deck for the learner's day holding `review.now()`; `start` loads, `stop` ends it. */
export function createReviewDeck(deps: DeckDeps) {
  const { review, cache } = deps;
  const dueBy = endOfLocalDay(review.now());
  const dueByIso = new Date(dueBy).toISOString();
  const ids = signal<readonly string[]>([]);
  const status = signal<'loading' | 'ready' | 'error'>('loading');
  const problem = signal<Problem | null>(null);
  /** The queue comes from the copy kept on the device (the server could not be asked). */
  const fromKept = signal(false);
  const sideRated = signal<RatedCards>(new Map());
  /** Ratings made here before the write side had them (its chunk still coming). */
  const mine = signal<RatedCards>(new Map());
  const inReview = signal<Note[] | null>(null);
  let cursor: string | null = null;
  let total = 0;
  let loading = false;
  let stopped = false;
  let ratedHere = 0;
  const stops: (() => void)[] = [];

  const rated = computed<RatedCards>(() =>
    mine.value.size ? new Map([...sideRated.value, ...mine.value]) : sideRated.value,
  );
  const queue = computed(() => {
    const shown = new Set(cache.visible.value.map((n) => n.noteId));
    const notes: Note[] = [];
    for (const id of ids.value) {
      const note = shown.has(id) ? cache.get(id) : undefined;
      if (note) notes.push(note);
    }
    return dueQueue(notes, dueBy, rated.value);
  });
  /** Notes due today: those in the queue and those on pages not fetched yet. */
  const dueCount = computed(() => queue.value.length + Math.max(0, total - ids.value.length));

  const fetchPage = (filter: NoteFilter, after: string | null) =>
    review.api.fetchNotes({ ...filter, limit: DUE_PAGE, ...(after ? { cursor: after } : {}) });

  async function loadDue(first: boolean) {
    if (loading || stopped || (!first && cursor === null)) return;
    loading = true;
    try {
      const page = await fetchPage({ review: 'due', dueBy: dueByIso, order: 'due' }, first ? null : cursor);
      checkCards(page.notes); // a malformed card: a bad answer, as the first load's parse would say
      if (stopped) return;
      cache.merge(page.notes);
      const loaded = page.notes.map((n) => n.noteId);
      const all = first ? loaded : [...ids.value, ...loaded.filter((id) => !ids.value.includes(id))];
      cursor = page.nextCursor;
      total = first ? page.total : Math.max(total, all.length);
      loading = false; // before the signals: their effect may ask for the next page at once
      batch(() => {
        ids.value = all;
        fromKept.value = false;
        problem.value = null;
        status.value = 'ready';
      });
      const kept = all.flatMap((id) => cache.get(id) ?? []);
      keepReviewNotes(review.kept, KEPT_DUE, kept);
    } catch (error) {
      if (stopped) return;
      const why = review.describe(error);
      const kept = first ? keptReviewNotes(review.kept) : null;
      loading = false;
      batch(() => {
        problem.value = why;
        if (kept) {
          cache.merge(kept);
          ids.value = kept.map((n) => n.noteId);
          total = 0;
          cursor = null;
          fromKept.value = true;
          status.value = 'ready';
        } else if (first) status.value = 'error';
      });
    } finally {
      loading = false;
    }
  }

  /** The notes in review due within the forecast's days (for it and the next due date). */
  async function loadInReview() {
    if (inReview.value || stopped) return;
    const horizon = dueBy + FORECAST_DAYS * DAY_MS;
    const notes: Note[] = [];
    let after: string | null = null;
    try {
      for (let i = 0; i < FORECAST_PAGES; i++) {
        const page = await fetchPage({ review: 'in', order: 'due' }, after);
        checkCards(page.notes);
        notes.push(...page.notes);
        after = page.nextCursor;
        const last = page.notes.at(-1);
        const lastDue = last ? Date.parse(cardOf(last)?.due ?? last.createdOn) : 0;
        if (!after || lastDue > horizon) break;
      }
      if (stopped) return;
      cache.merge(notes);
      keepReviewNotes(review.kept, KEPT_IN, notes);
      inReview.value = notes;
    } catch {
      if (!stopped) inReview.value = keptReviewNotes(review.kept) ?? [];
    }
  }

  return {
    /** The end of the learner's day (ms): "due today" means due by it. */
    dueBy,
    status: status as ReadonlySignal<'loading' | 'ready' | 'error'>,
    problem: problem as ReadonlySignal<Problem | null>,
    fromKept: fromKept as ReadonlySignal<boolean>,
    /** The notes due today, soonest first: the first is the card on show. */
    queue,
    /** Notes due today in all (the Review tab's count). */
    dueCount,
    /** Nothing due: the next due date (ms) after today, or null; null while not known. */
    next: computed(() => (inReview.value ? nextDue(inReview.value, dueBy, rated.value) : null)),
    /** Nothing due: the notes due on each of the next 30 days; null until loaded. */
    forecast: computed<ForecastDay[] | null>(() =>
      inReview.value ? forecast(inReview.value, review.now(), rated.value) : null,
    ),
    /** Loads the due list and the write side's queued ratings; the forecast once nothing is due. */
    start() {
      stopped = false;
      void deps.writeSide().then(
        (side) =>
          stops.push(
            effect(() => {
              sideRated.value = side.rated.value;
            }),
          ),
        () => undefined, // its chunk could not come: ratings wait for it, the due list still shows
      );
      void loadDue(true);
      stops.push(
        effect(() => {
          const left = queue.value.length;
          if (status.value !== 'ready') return;
          review.due.value = dueCount.value;
          if (left < REFILL_AT && cursor !== null && !fromKept.value) void loadDue(false);
          else if (!left) void loadInReview();
        }),
      );
    },
    /** Loads the due list again (Retry, online again). */
    retry: () => void loadDue(true),
    /**
     * Rates `note` now: the predicted card takes it out of today's queue at once (unless it is
     * due again today, as a forgotten note may be), and the rating is queued to be sent once.
     */
    rate(note: Note, rating: ReviewRating): ReviewCard {
      ratedHere += 1;
      const at = new Date(review.now());
      const reviewedOn = at.toISOString();
      const predicted = rate(cardOf(note, rated.value), rating, at);
      mine.value = new Map([...mine.value, [note.noteId, predicted]]);
      const settle = () => {
        const next = new Map(mine.value);
        next.delete(note.noteId);
        mine.value = next;
      };
      void deps.writeSide().then((side) => {
        void side.rate(note.noteId, rating, reviewedOn, predicted);
        settle(); // the write side holds it now (its journal, so its `rated`)
      }, settle);
      return predicted;
    },
    /** How many ratings were made on this deck (the next card then takes focus). */
    ratedHere: () => ratedHere,
    stop() {
      stopped = true;
      for (const stop of stops.splice(0)) stop();
    },
  };
}
