import type { PageActions } from './services.ts';

/** The browser slice the page's actions need. */
export type PageWindow = Pick<Window, 'print' | 'confirm' | 'setTimeout'> & {
  document: Pick<Document, 'createElement' | 'body'>;
  URL: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  requestIdleCallback?: (fn: () => void, options?: { timeout: number }) => unknown;
};

/**
 * The page's actions over `window` — the `page` service components use: downloads (their code
 * fetched on first use), the print dialog, confirm, and idle callbacks (a timeout where the browser
 * has none). Not to be confused with src/platform/ (storage, lazy files, frame links).
 */
export function createPageActions(win: PageWindow): PageActions {
  return {
    download(fileName, text, type) {
      void import('./download.ts').then((m) => m.saveFile(win, fileName, text, type));
    },
    print: () => win.print(),
    confirm: (message) => win.confirm(message),
    whenIdle(task) {
      if (win.requestIdleCallback) win.requestIdleCallback(task, { timeout: 3000 });
      else win.setTimeout(task, 500);
    },
  };
}
