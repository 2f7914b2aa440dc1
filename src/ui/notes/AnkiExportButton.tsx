import { useRef } from 'react';
import type { LazyFile, Loader } from '../../platform/lazy-file.ts';
import type { Note } from '../../protocol/api-types.ts';
import { exportFileName } from '../screens/course/export-markdown.ts';
import { useServices } from '../services.ts';
import { useT } from '../use-value.ts';

type Builder = typeof import('../../format/anki-export.ts');

/** The Anki file builder in its own chunk, fetched on the first press. */
let builder: LazyFile<Builder> | null = null;
const loadBuilder = (loader: Loader) => {
  builder ??= loader.file(() => import('../../format/anki-export.ts'));
  return builder.load();
};

/**
 * What to export: any notes (those in review go in the file), or how to fetch them on the press;
 * and what the file is named after.
 */
export type AnkiExportButtonProps = {
  notes: readonly Note[] | (() => Promise<readonly Note[]>);
  /** Names the file (`<title> (Anki).txt`) and the Anki deck the notes go to when it exists. */
  title: string;
};

/**
 * "Export for Anki": downloads the notes in review among `notes` as a file Anki imports
 * (src/format/anki-export.ts, fetched only now), each note sanitised as for its card. With none in
 * review it downloads nothing and says so. On the course screen beside Export (the notes it shows);
 * on the Review screen, which fetches its notes only when pressed.
 */
export function AnkiExportButton({ notes, title }: AnkiExportButtonProps) {
  const { page, announcer, sanitizer, loader } = useServices();
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  const running = useRef(false);
  const exportNotes = async () => {
    const own = button.current?.ownerDocument;
    if (running.current || !own) return;
    running.current = true;
    try {
      const [{ ankiExport }, sanitize, list] = await Promise.all([
        loadBuilder(loader),
        sanitizer.load(),
        typeof notes === 'function' ? notes() : notes,
      ]);
      // An inert document to rearrange the sanitised HTML in: nothing in it loads or runs.
      const doc = own.implementation.createHTMLDocument('');
      const file = ankiExport({ notes: list, sanitize: (html) => sanitize(html), doc, t, deck: title });
      if (file.count === 0) return announcer.announce('No notes in review to export.');
      page.download(
        exportFileName(`${title} (Anki)`, t('Notes'), 'txt'),
        file.text,
        'text/plain;charset=utf-8',
      );
    } catch (error) {
      console.error('Notes: the Anki export failed', error);
      announcer.announce('Could not export the notes. Try again.');
    } finally {
      running.current = false;
    }
  };
  return (
    <button type="button" className="btn-secondary" ref={button} onClick={exportNotes}>
      {t('Export for Anki')}
    </button>
  );
}
