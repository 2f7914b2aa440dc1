/**
 * The start-up failure in the learner's language (issue 14). Lazy: it ships in the formatjs chunk
 * (src/i18n/formatjs-engine.ts), whose URL the first load already holds, so it costs the first load
 * only its call. The catalogue is the first context's — the one the early start fetched
 * (src/boot/boot.ts), else fetched now — or, when the app had taken the contexts and applied one,
 * the one `<html lang>` names (in the browser's cache by then). None, or any failure: the English
 * stays.
 */
import type { CompiledMessages } from '../i18n/i18n-model.ts';
import type { Boot } from './boot.ts';

/** Replaces `shown`'s English text (a key of the catalogues) by its translation, when there is one. */
export function translateFailure(
  shown: Pick<HTMLElement, 'textContent' | 'dir'>,
  boot: Pick<Boot, 'locales' | 'adoptCatalogue' | 'onContext'>,
  lang = document.documentElement.lang,
  fetch: (url: string) => Promise<Response> = (url) => globalThis.fetch(url),
): void {
  const key = shown.textContent ?? '';
  let done = false;
  const show = async (url: string | undefined) => {
    if (!url || done) return;
    done = true;
    try {
      const words = (await (await (boot.adoptCatalogue(url) ?? fetch(url))).json()) as CompiledMessages;
      const ast = words[key];
      // A plain message (ours is): its literal parts, without the app's formatter.
      if (!Array.isArray(ast)) return;
      shown.textContent = ast.map((el) => ('value' in el ? el.value : '')).join('');
      shown.dir = 'auto';
    } catch {
      // The English stays: the app could not start, and now not even this.
    }
  };
  const { locales } = boot;
  // The app is not listening: the contexts accepted so far, and any still to come, are ours.
  boot.onContext(({ context }) => {
    const tag = context.locale.toLowerCase();
    void show(locales[tag] ?? locales[tag.split('-')[0] ?? '']);
  });
  void show(locales[lang]);
}
