import { AnkiExportButton } from '../../notes/AnkiExportButton.tsx';
import { useServices } from '../../services.ts';
import { useT } from '../../use-value.ts';

/**
 * Export for Anki on the Review screen: the learner's notes in review (the first 100, soonest due
 * first) as a file Anki imports, through the same button as the course screen's. The notes are
 * fetched when the learner presses it, not with the screen, so the first card doesn't wait behind
 * them; a failed fetch is said as the export's failure ("Could not export the notes").
 */
export function AnkiExport() {
  const { notes } = useServices();
  const t = useT();
  const inReview = () =>
    notes.review.api.fetchNotes({ review: 'in', order: 'due', limit: 100 }).then((page) => page.notes);
  return (
    <p className="review-export">
      <AnkiExportButton notes={inReview} title={t('Review')} />
    </p>
  );
}
