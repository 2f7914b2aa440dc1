/**
 * The prefetch after the first screen (issue 14, item 2), a lazy chunk of its own: it runs only
 * once that screen is complete in the learner's language, so none of its bytes belong to the first
 * load. Each lazy file is a step of its own — stylesheets and the course side apart from the screens
 * that use them, the editing chunk apart from Quill — taken one at a time, smallest first, and none
 * under Save-Data or on 2G (src/platform/prefetch-policy.ts).
 */
import type { NotesModel } from '../notes/notes-model.ts';
import { type ConnectionHints, prefetchPlan, runInTurn } from '../platform/prefetch-policy.ts';
import type { Stylesheets } from '../theme/stylesheets.ts';
import type { EditParts } from './notes/edit-parts-lazy.tsx';
import type { Screens } from './screens.ts';

/** What the prefetch fetches through: the same loaders a first use goes through, so nothing is fetched twice. */
export type PrefetchDeps = {
  styles: Pick<Stylesheets, 'screen'>;
  notes: Pick<NotesModel, 'loadCourses' | 'ready' | 'review'>;
  screens: Screens['files'];
  parts: EditParts['files'];
};

let started = false;

/** Fetches what the learner may use next on this link (`navigator.connection`), once a page; resolves when done. */
export function prefetch(connection: ConnectionHints | undefined, d: PrefetchDeps): Promise<void> {
  if (started) return Promise.resolve();
  started = true;
  return runInTurn(
    prefetchPlan(connection, [
      { name: 'screen-view', load: () => d.styles.screen('view') },
      { name: 'screen-course', load: () => d.styles.screen('course') },
      { name: 'screen-edit', load: () => d.styles.screen('edit') },
      { name: 'courses', load: d.notes.loadCourses },
      { name: 'CourseScreen', load: d.screens.course },
      { name: 'ViewScreen', load: d.screens.view },
      { name: 'edit-parts', load: d.parts.chunk },
      { name: 'note-actions', load: d.notes.ready },
      { name: 'editor', load: d.parts.editor },
      // Last, and only when the Review tab counts notes due today (issue 27): who has none skips it.
      {
        name: 'ReviewScreen',
        load: () => (d.notes.review.due.value ? d.screens.review() : Promise.resolve()),
      },
    ]),
  );
}
