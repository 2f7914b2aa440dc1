/**
 * How image files reach the editor: the toolbar's file picker, and files pasted or dropped on it —
 * caught before Quill sees them (Quill would embed them as `data:` URLs), and handed on for upload.
 */

/** The file picker's types: the upload's (docs/api.md). */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** A hidden file input that hands each picked file to `onFile`; `open()` shows the picker. */
export function createImagePicker(doc: Document, onFile: (file: File) => void) {
  const input = doc.createElement('input');
  input.type = 'file';
  input.accept = ACCEPT;
  input.multiple = true;
  input.hidden = true;
  input.tabIndex = -1;
  input.addEventListener('change', () => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    for (const file of files) onFile(file);
  });
  return {
    element: input,
    open() {
      input.value = '';
      input.click();
    },
  };
}

/** Takes files pasted or dropped anywhere in `container` (capture phase, before Quill's handlers). */
export function catchImageFiles(container: HTMLElement, onFile: (file: File) => void): void {
  const take = (files: FileList | null | undefined, event: Event) => {
    const list = Array.from(files ?? []);
    if (!list.length) return; // text and HTML go on to Quill's clipboard
    event.preventDefault();
    event.stopPropagation();
    for (const file of list) onFile(file);
  };
  container.addEventListener('paste', (e) => take(e.clipboardData?.files, e), true);
  container.addEventListener('drop', (e) => take(e.dataTransfer?.files, e), true);
}
