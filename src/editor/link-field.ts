/**
 * The toolbar's Link asks for an address in a small field under the toolbar (no `window.prompt`):
 * a labelled URL input with Add link, Remove link (when there is a link) and Cancel. Enter adds,
 * Escape cancels — neither reaches the note's form, so they never save or close the note.
 */
import { linkUrl } from './link-url.ts';
import type { EditorLabels } from './types.ts';

/** What the field ends with: a checked URL, `null` to remove the link, or `cancel`. */
export type LinkChoice = string | null | 'cancel';

/** The field. */
export type LinkField = {
  element: HTMLElement;
  /** Shows the field with `current` (the link at the selection, if any) and focuses it. */
  open(current: string | null, done: (choice: LinkChoice) => void): void;
  setLabels(labels: EditorLabels): void;
};

let fields = 0;

/** Builds the (hidden) field. */
export function createLinkField(doc: Document, labels: EditorLabels): LinkField {
  fields += 1;
  const id = `rt-link-${fields}`;
  const box = doc.createElement('div');
  box.className = 'rt-link';
  box.hidden = true;
  const label = doc.createElement('label');
  label.htmlFor = id;
  const input = doc.createElement('input');
  input.id = id;
  input.type = 'url';
  input.dir = 'ltr';
  input.spellcheck = false;
  input.setAttribute('autocomplete', 'url');
  const button = (className: string) => {
    const b = doc.createElement('button');
    b.type = 'button';
    b.className = className;
    return b;
  };
  const apply = button('btn');
  const remove = button('btn-secondary');
  const cancel = button('btn-secondary');
  const problem = doc.createElement('p');
  problem.id = `${id}-problem`;
  problem.className = 'form-problem';
  problem.hidden = true;
  const row = doc.createElement('div');
  row.className = 'rt-link-row';
  row.append(input, apply, remove, cancel);
  box.append(label, row, problem);

  let finish: ((choice: LinkChoice) => void) | null = null;
  const end = (choice: LinkChoice) => {
    const done = finish;
    finish = null;
    box.hidden = true;
    // Emptied, or a typed "example.com" (invalid for type=url, though linkUrl took it) would keep
    // the note's form from submitting: the browser can't point at a hidden field, so Save did nothing.
    input.value = '';
    done?.(choice);
  };
  const tryApply = () => {
    const url = linkUrl(input.value);
    if (url) return end(url);
    problem.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', problem.id);
    input.focus();
  };
  apply.addEventListener('click', tryApply);
  remove.addEventListener('click', () => end(null));
  cancel.addEventListener('click', () => end('cancel'));
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    if (event.key === 'Enter' && event.target !== input) return; // a focused button does its own
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape') end('cancel');
    else tryApply();
  });

  const setLabels = (next: EditorLabels) => {
    label.textContent = next.linkAddress;
    apply.textContent = next.linkApply;
    remove.textContent = next.linkRemove;
    cancel.textContent = next.linkCancel;
    problem.textContent = next.linkInvalid;
  };
  setLabels(labels);
  return {
    element: box,
    open(current, done) {
      finish = done;
      input.value = current ?? '';
      remove.hidden = current === null;
      problem.hidden = true;
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      box.hidden = false;
      input.focus();
      input.select();
    },
    setLabels,
  };
}
