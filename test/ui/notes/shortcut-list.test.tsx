/**
 * The keyboard shortcut list names keys as the learner's keyboard labels them, from the catalogue
 * (German Strg/Umschalt/Eingabe, French Maj/Entrée/Échap, Spanish Mayús/Intro), each combination in
 * a `<kbd dir="ltr">` so right-to-left text keeps the keys in the order they are pressed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ShortcutList } from '../../../src/ui/notes/ShortcutList.tsx';
import { createLocaleServices } from '../../fakes/locale-services.ts';
import { render } from '../../fakes/render.tsx';

/** The keys of each row (Add a note, Search all notes, Save, Hide in review, Cancel writing), per locale. */
const EXPECTED: Record<string, string[][]> = {
  en: [['Alt', 'Shift', 'N'], ['Alt', 'Shift', 'F'], ['Ctrl', 'Enter'], ['Alt', 'Shift', 'H'], ['Esc']],
  de: [
    ['Alt', 'Umschalt', 'N'],
    ['Alt', 'Umschalt', 'F'],
    ['Strg', 'Eingabe'],
    ['Alt', 'Umschalt', 'H'],
    ['Esc'],
  ],
  fr: [['Alt', 'Maj', 'N'], ['Alt', 'Maj', 'F'], ['Ctrl', 'Entrée'], ['Alt', 'Maj', 'H'], ['Échap']],
  es: [['Alt', 'Mayús', 'N'], ['Alt', 'Mayús', 'F'], ['Ctrl', 'Intro'], ['Alt', 'Mayús', 'H'], ['Esc']],
  // Hindi and Arabic keyboards carry Latin caps on these keys, and Windows names them so.
  hi: [['Alt', 'Shift', 'N'], ['Alt', 'Shift', 'F'], ['Ctrl', 'Enter'], ['Alt', 'Shift', 'H'], ['Esc']],
  ar: [['Alt', 'Shift', 'N'], ['Alt', 'Shift', 'F'], ['Ctrl', 'Enter'], ['Alt', 'Shift', 'H'], ['Esc']],
};

for (const [locale, rows] of Object.entries(EXPECTED)) {
  test(`${locale}: key names from the catalogue, one <kbd> each inside a <kbd dir="ltr">`, async () => {
    const fake = await createLocaleServices(locale);
    const view = await render(<ShortcutList />, fake);
    const terms = Array.from(view.container.querySelectorAll('dt'));
    assert.is(terms.length, rows.length);
    terms.forEach((dt, i) => {
      const outer = Array.from(dt.children);
      assert.is(outer.length, 1, 'one combination per row');
      const combo = outer[0] as HTMLElement;
      assert.is(combo.tagName, 'KBD');
      assert.is(combo.getAttribute('dir'), 'ltr');
      const keys = Array.from(combo.querySelectorAll('kbd')).map((k) => k.textContent);
      assert.equal(keys, rows[i]);
      assert.is(combo.textContent, rows[i]?.join('+'));
    });
    view.unmount();
  });
}

test.run();
