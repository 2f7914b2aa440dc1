/**
 * Quill 2.0.3's `getSemanticHTML()` writes every space of the text as `&nbsp;`, so a stored note
 * would never wrap where it is shown. This turns them back into plain spaces, keeping a run of
 * spaces visible (all but its last stay non-breaking, so the run still wraps after it).
 */
export function relaxSpaces(html: string): string {
  return html.replace(/(?:&nbsp;)+/g, (run) => `${'&nbsp;'.repeat(run.length / 6 - 1)} `);
}

/** The note's plain text from Quill's `getText()`: without the final newline Quill always keeps. */
export const plainText = (quillText: string): string => quillText.replace(/\n$/, '');
