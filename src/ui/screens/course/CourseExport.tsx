import { useRef } from 'react';
import type { LazyFile, Loader } from '../../../platform/lazy-file.ts';
import { AnkiExportButton } from '../../notes/AnkiExportButton.tsx';
import { useServices } from '../../services.ts';
import { useT } from '../../use-value.ts';
import { courseMarkdown, exportFileName } from './export-markdown.ts';
import type { ModuleGroup } from './group-notes.ts';

type ToMarkdown = (html: string) => string;

/** The HTML → Markdown converter (turndown) in its own chunk, fetched on the first Export. */
let converter: LazyFile<ToMarkdown> | null = null;
const loadConverter = (loader: Loader) => {
  converter ??= loader.file(() =>
    import('../../../format/html-to-markdown.ts').then((m) => m.createHtmlToMarkdown()),
  );
  return converter.load();
};

/**
 * Export, Export for Anki (the notes in review, see AnkiExportButton) and Print for one course.
 * Export downloads `<course title>.md` built from the groups shown, each note sanitised as for its card, then converted (turndown is fetched only now, never
 * with the screen; the sanitiser usually is in already); Print opens the print dialog,
 * where the print stylesheet leaves the grouped notes alone.
 */
export function CourseExport({ title, groups }: { title: string; groups: readonly ModuleGroup[] }) {
  const { page, i18n, announcer, sanitizer, loader } = useServices();
  const t = useT();
  const running = useRef(false);
  const exportNotes = async () => {
    if (running.current) return;
    running.current = true;
    try {
      const [toMarkdown, sanitize] = await Promise.all([loadConverter(loader), sanitizer.load()]);
      const locale = i18n.locale.peek();
      const text = courseMarkdown({ title, groups, sanitize, toMarkdown, t, locale });
      page.download(exportFileName(title, t('Course notes')), text, 'text/markdown;charset=utf-8');
    } catch (error) {
      console.error('Notes: the course export failed', error);
      announcer.announce('Could not export the notes. Try again.');
    } finally {
      running.current = false;
    }
  };
  return (
    <div className="course-actions">
      <button type="button" className="btn-secondary" onClick={exportNotes}>
        {t('Export')}
      </button>
      <AnkiExportButton
        notes={groups.flatMap((group) => group.resources.flatMap((resource) => resource.notes))}
        title={title}
      />
      <button type="button" className="btn-secondary" onClick={() => page.print()}>
        {t('Print')}
      </button>
    </div>
  );
}
