/**
 * The contract between the React side (RichEditor, in the editing chunk) and the imperative editor
 * (editor.ts, the `editor-*` chunk with Quill). Types only, so the two chunks share no code.
 */

/** The translated names the editor shows or reads out; the React side builds them with t(). */
export type EditorLabels = {
  toolbar: string;
  bold: string;
  italic: string;
  underline: string;
  strike: string;
  link: string;
  ordered: string;
  bullet: string;
  quote: string;
  code: string;
  h1: string;
  h2: string;
  h3: string;
  image: string;
  /** "Hide in review": the selected words become a blank when the note is reviewed. */
  cloze: string;
  /** The link field's label, its buttons, and what it says about an address it can't use. */
  linkAddress: string;
  linkApply: string;
  linkRemove: string;
  linkCancel: string;
  linkInvalid: string;
};

/** How to mount an editor. */
export type EditorOptions = {
  /** Starting content (sanitised HTML); parsed inertly, so nothing in it runs or loads while parsed. */
  html: string;
  labels: EditorLabels;
  /** The interface's direction: the toolbar's arrow keys follow it. The text itself is `dir=auto`. */
  dir: 'ltr' | 'rtl';
  /** The id of the visible label ("Note") that names the editable area. */
  labelledBy: string;
  /** Every change of the content, as the HTML to store and its plain text. */
  onChange(html: string, text: string): void;
  /** Any error of the editor (Quill or ours); the editor is not to be used after it. */
  onError(error: unknown): void;
  /** An image file the learner picked, pasted or dropped: upload it, then call `insertImage`. */
  onImage(file: File): void;
};

/** A mounted editor. */
export type EditorHandle = {
  getHtml(): string;
  getText(): string;
  /** Whether focus is in the editable area. */
  hasFocus(): boolean;
  /** Focuses the text, the caret at the end when `atEnd`. */
  focus(atEnd?: boolean): void;
  /** Inserts an uploaded image at the caret (or the end); `url` must be the upload's answer. */
  insertImage(url: string): void;
  /** Describes the text by these element ids (a problem), marking it invalid when there is one. */
  describe(ids: string | null): void;
  setLabels(labels: EditorLabels): void;
  /** Removes the editor and everything it listens to. */
  destroy(): void;
};

/** The editor module's export, as the React side sees it. */
export type EditorModule = {
  mountRichEditor(container: HTMLElement, options: EditorOptions): EditorHandle;
};
