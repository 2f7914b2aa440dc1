import type { Platform } from './services.ts';

/** The browser slice the platform service needs. */
export type PlatformWindow = Pick<Window, 'print' | 'confirm' | 'setTimeout'> & {
  document: Pick<Document, 'createElement' | 'body'>;
  URL: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  requestIdleCallback?: (fn: () => void, options?: { timeout: number }) => unknown;
};

/**
 * The real platform over `window`: a download through a temporary object URL and link, the print
 * dialog, confirm, and idle callbacks (a timeout where the browser has none).
 */
export function createPlatform(win: PlatformWindow): Platform {
  return {
    download(fileName, text, type) {
      const url = win.URL.createObjectURL(new Blob([text], { type }));
      const link = win.document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.hidden = true;
      win.document.body.append(link);
      link.click();
      link.remove();
      win.setTimeout(() => win.URL.revokeObjectURL(url), 10_000);
    },
    print: () => win.print(),
    confirm: (message) => win.confirm(message),
    whenIdle(task) {
      if (win.requestIdleCallback) win.requestIdleCallback(task, { timeout: 3000 });
      else win.setTimeout(task, 500);
    },
  };
}
