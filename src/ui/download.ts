import type { PageWindow } from './page-actions.ts';

/**
 * Saves `text` as a file the learner downloads, through a temporary object URL and link. Fetched
 * with the first export (only the course screen downloads anything).
 */
export function saveFile(win: PageWindow, fileName: string, text: string, type: string): void {
  const url = win.URL.createObjectURL(new Blob([text], { type }));
  const link = win.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  win.document.body.append(link);
  link.click();
  link.remove();
  win.setTimeout(() => win.URL.revokeObjectURL(url), 10_000);
}
