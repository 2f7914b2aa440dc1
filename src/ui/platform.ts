import type { Platform } from './services.ts';

/** The browser slice the platform service needs. */
export type PlatformWindow = Pick<Window, 'print' | 'confirm' | 'setTimeout'> & {
  document: Pick<Document, 'createElement' | 'body'>;
  URL: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  requestIdleCallback?: (fn: () => void, options?: { timeout: number }) => unknown;
};

/**
 * The real platform over `window`: downloads (their code fetched on first use), the print
 * dialog, confirm, and idle callbacks (a timeout where the browser has none).
 */
export function createPlatform(win: PlatformWindow): Platform {
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
