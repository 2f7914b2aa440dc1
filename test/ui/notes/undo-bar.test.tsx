/**
 * The Undo bar's button shows "Undo" and is named "Undo delete": French shows "Annuler" for both
 * Undo and Cancel, so a screen-reader user hears which one this is ("Annuler la suppression").
 */
import { signal } from '@preact/signals-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PendingDelete } from '../../../src/notes/write/pending-deletes.ts';
import { UndoBar } from '../../../src/ui/notes/UndoBar.tsx';
import { fakeNote } from '../../fakes/fake-note.ts';
import { createLocaleServices } from '../../fakes/locale-services.ts';
import { render } from '../../fakes/render.tsx';

const CASES: [locale: string, text: string, name: string][] = [
  ['en', 'Undo', 'Undo delete'],
  ['fr', 'Annuler', 'Annuler la suppression'],
  ['de', 'Rückgängig', 'Löschen rückgängig machen'],
];

for (const [locale, text, name] of CASES) {
  test(`${locale}: the button shows "${text}" and is named "${name}"`, async () => {
    const fake = await createLocaleServices(locale);
    const pending = signal<readonly PendingDelete[]>([{ note: fakeNote({ noteId: 'n1' }) }]);
    fake.services = {
      ...fake.services,
      notes: Object.create(fake.services.notes, { pendingDeletes: { value: pending } }),
    };
    const view = await render(<UndoBar />, fake);
    const button = view.container.querySelector('.undo-bar button');
    assert.is(button?.textContent, text);
    assert.is(button?.getAttribute('aria-label'), name);
    view.unmount();
  });
}

test.run();
