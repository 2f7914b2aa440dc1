import { useRef } from 'react';
import { useServices } from '../../services.ts';
import { useT } from '../../use-value.ts';
import { loadAnkiExport } from './anki-hook.ts';

/**
 * Export for Anki: downloads the learner's notes in review as a `.txt` Anki imports. Shown once the
 * builder is wired in (anki-hook.ts).
 */
export function AnkiExport() {
  const { notes, page, announcer } = useServices();
  const t = useT();
  const running = useRef(false);
  if (!loadAnkiExport) return null;
  const load = loadAnkiExport;
  const exportNotes = async () => {
    if (running.current) return;
    running.current = true;
    try {
      const [build, list] = await Promise.all([
        load(),
        notes.review.api.fetchNotes({ review: 'in', order: 'due', limit: 100 }),
      ]);
      page.download('notes-review.txt', build(list.notes), 'text/plain;charset=utf-8');
    } catch (error) {
      console.error('Notes: the Anki export failed', error);
      announcer.announce('Could not export the notes. Try again.');
    } finally {
      running.current = false;
    }
  };
  return (
    <p className="review-export">
      <button type="button" className="btn-secondary" onClick={exportNotes}>
        {t('Export for Anki')}
      </button>
    </p>
  );
}
