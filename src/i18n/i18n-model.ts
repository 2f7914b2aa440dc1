import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { computed, type ReadonlySignal, signal } from '@preact/signals-core';
import { type LazyFile, type Loader, ONE_TRY } from '../platform/lazy-file.ts';
import { formatCompiled } from './compiled-format.ts';
import type { FormatjsEngine } from './formatjs-engine.ts';
import { localeDirection, resolveLocale } from './locales.ts';

/** A locale's messages, precompiled at build time (no ICU parser ships in the bundle). */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

/** Values a message may interpolate. */
export type MessageValues = Record<string, string | number | Date>;

/** Looks a message up and formats it; a key with no translation comes back as the key itself. */
export type Translate = (key: string, values?: MessageValues) => string;

/** What the model is built from; tests pass fakes for `fetchJson`, `root` and `logError`. */
export type I18nDeps = {
  english: CompiledMessages;
  /** Hashed asset URL of each locale's compiled JSON. */
  urls: Record<string, string>;
  fetchJson: (url: string) => Promise<unknown>;
  root?: { lang: string; dir: string };
  logError?: (message: string, error?: unknown) => void;
  /** Fetches formatjs's runtime for a catalogue the compact formatter can't format (a chunk of its own). */
  loadEngine?: () => Promise<FormatjsEngine>;
  /** Fetches catalogues and the engine, retrying a dropped request (default: one try each). */
  loader?: Loader;
};

const noop = () => undefined;
const defaultEngine = () => import('./formatjs-engine.ts').then((m) => m.formatWithFormatjs);

/** Shape check for a fetched catalogue: every value must be a compiled message (an array). */
function isCompiled(data: unknown): data is CompiledMessages {
  return (
    data !== null &&
    typeof data === 'object' &&
    !Array.isArray(data) &&
    Object.values(data as object).every((value) => Array.isArray(value))
  );
}

/** The locale model: read-only `locale`/`messages` signals, `t`, and `setLocale`. */
export type I18nModel = ReturnType<typeof createI18n>;

/**
 * Translations (docs/themes-and-locales.md). English is bundled; other locales are fetched once each when
 * asked for. The compact formatter of precompiled messages formats every catalogue (a test checks
 * that it formats all of ours exactly as formatjs): formatjs's runtime is fetched only when a
 * message needs more of ICU, so a first screen waits for one file, not two (docs/decisions.md).
 * A failed load logs one error and keeps the previous
 * translations while the loader tries again (8 tries, at once when the link is back), so the
 * learner gets their language once the link is back. Only the latest request wins when
 * locales change quickly. `<html lang dir>` follow the locale actually shown.
 */
export function createI18n({
  english,
  urls,
  fetchJson,
  root,
  logError = console.error,
  loadEngine = defaultEngine,
  loader = ONE_TRY,
}: I18nDeps) {
  const locale = signal('en');
  const messages = signal<CompiledMessages>(english);
  const loaded = new Map<string, CompiledMessages>([['en', english]]);
  const files = new Map<string, LazyFile<unknown>>();
  let engine: FormatjsEngine | null = null;
  let latest = 0;
  const logged = new Set<string>(); // one error per locale, however many tries its files take
  const report = (target: string, error: unknown) => {
    if (!logged.has(target))
      logError(`Notes: could not load translations for "${target}"; keeping "${locale.value}"`, error);
    logged.add(target);
  };
  /** A catalogue or the engine through the loader: a failed try is logged at once, then retried. */
  const load = <T>(key: string, target: string, fetch: () => Promise<T>): Promise<T> => {
    let f = files.get(key) as LazyFile<T> | undefined;
    if (!f) {
      const failed = (error: unknown): never => {
        report(target, error);
        throw error;
      };
      f = loader.file(() => fetch().catch(failed), 8);
      files.set(key, f);
    }
    return f.load();
  };

  const apply = (tag: string, catalogue: CompiledMessages) => {
    messages.value = catalogue;
    locale.value = tag;
    if (root) {
      root.lang = tag;
      root.dir = localeDirection(tag);
    }
  };

  const t: Translate = (key, values) => {
    const catalogue = messages.value;
    const tag = locale.value;
    const ast: MessageFormatElement[] | undefined = catalogue[key];
    // The build leaves out English messages equal to their key, and a catalogue may lack a key:
    // fill their `{name}`s in here.
    if (!ast)
      return values
        ? key.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m))
        : key;
    try {
      return formatCompiled(ast, tag, values);
    } catch (error) {
      // A translated message beyond the compact formatter (a date, a tag…): formatjs formats it,
      // its runtime fetched on first need; the labels show again once it is in.
      if (catalogue !== english) {
        if (engine) return engine(catalogue, tag, key, values, logError) ?? key;
        void load('', tag, loadEngine).then((got) => {
          engine = got;
          if (messages.value === catalogue) messages.value = { ...catalogue };
        }, noop);
      }
      logError('Notes: message formatting failed', error);
      return key;
    }
  };

  let settled: Promise<void> = Promise.resolve();
  /** Switches to the best asset for `tag`; resolves when applied or when its tries are used up. */
  const setLocale = (tag: string): Promise<void> => {
    settled = switchTo(tag);
    return settled;
  };
  const switchTo = async (tag: string): Promise<void> => {
    const target = resolveLocale(tag, Object.keys(urls).concat('en'));
    const request = ++latest;
    if (target === locale.value) return;
    const cached = loaded.get(target);
    if (cached) return apply(target, cached);
    try {
      const url = urls[target];
      if (!url) throw new Error(`no asset for locale ${target}`);
      // Through the loader: a dropped catalogue is tried again.
      const data = await load(url, target, () => fetchJson(url));
      if (!isCompiled(data)) throw new Error(`translations for ${target} are malformed`);
      loaded.set(target, data);
      if (request === latest) apply(target, data);
    } catch (error) {
      report(target, error);
    }
  };

  return {
    locale: locale as ReadonlySignal<string>,
    messages: messages as ReadonlySignal<CompiledMessages>,
    dir: computed(() => localeDirection(locale.value)),
    t,
    setLocale,
    /** The latest `setLocale`'s promise: the first screen is complete in its language once it settles. */
    settled: () => settled,
  };
}
