import { useEffect, useState } from 'react';
import type { Note } from '../../../protocol/api-types.ts';
import { AnkiExportButton } from '../../notes/AnkiExportButton.tsx';
import { useServices } from '../../services.ts';
import { useT } from '../../use-value.ts';

/**
 * Export for Anki on the Review screen: the learner's notes in review (the first 100, soonest due
 * first) as a file Anki imports, through the same button as the course screen's. Shown once they
 * are loaded; a failed load leaves no button rather than one that exports nothing.
 */
export function AnkiExport() {
  const { notes } = useServices();
  const t = useT();
  const [inReview, setInReview] = useState<readonly Note[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    notes.review.api
      .fetchNotes({ review: 'in', order: 'due', limit: 100 }, { signal: controller.signal })
      .then((page) => setInReview(page.notes))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (!inReview?.length) return null;
  return (
    <p className="review-export">
      <AnkiExportButton notes={inReview} title={t('Review')} />
    </p>
  );
}
