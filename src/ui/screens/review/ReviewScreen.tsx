import { useLayoutEffect, useState } from 'react';
import { createReviewDeck, type ReviewDeck } from '../../../review/review-deck.ts';
import { ListProblem, LoadProblem, Skeleton } from '../../notes/ListStatus.tsx';
import { ScreenTitle } from '../../notes/ScreenTitle.tsx';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';
import { AnkiExport } from './AnkiExport.tsx';
import { NothingDue } from './NothingDue.tsx';
import { ReviewCard } from './ReviewCard.tsx';

/**
 * `/review` (issue 27): the learner's notes due today, one at a time — the prompt, Show answer
 * (Space), then Again, Hard, Good or Easy (keys 1–4) — and when nothing is due, the next due date
 * and a 30-day forecast. A new deck per context (another learner, a new day's `dueBy`).
 */
export function ReviewScreen() {
  const { notes } = useServices();
  const epoch = useValue(notes.epoch);
  const [deck, setDeck] = useState<ReviewDeck | null>(null);
  // A layout effect, not an effect: the due list is asked for as the screen mounts, not a frame later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch is the trigger: a new context (another learner, a new day) gets a new deck
  useLayoutEffect(() => {
    const made = createReviewDeck({ review: notes.review, cache: notes.cache, writeSide: notes.writeSide });
    made.start();
    setDeck(made);
    return () => made.stop();
  }, [epoch]);
  return (
    <section className="review-screen" aria-labelledby="screen-title">
      <ScreenTitle>{useT()('Review')}</ScreenTitle>
      {deck ? <Deck deck={deck} /> : <Skeleton count={1} />}
    </section>
  );
}

function Deck({ deck }: { deck: ReviewDeck }) {
  const status = useValue(deck.status);
  const problem = useValue(deck.problem);
  const queue = useValue(deck.queue);
  const count = useValue(deck.dueCount);
  const t = useT();
  if (status === 'loading') return <Skeleton count={1} />;
  if (status === 'error' && problem) return <LoadProblem problem={problem} onRetry={deck.retry} />;
  const note = queue[0];
  return (
    <>
      {problem && <ListProblem problem={problem} onRetry={deck.retry} />}
      {note ? (
        <>
          <p className="review-left">{t('Due today: {count}', { count })}</p>
          <ReviewCard key={note.noteId} note={note} deck={deck} />
        </>
      ) : (
        <NothingDue deck={deck} />
      )}
      <AnkiExport />
    </>
  );
}
