import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formatMessage } from '@formatjs/intl';
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import { IntlMessageFormat } from 'intl-messageformat';
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
};

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
 * Translations (SPEC §4, DESIGN §4). English is bundled; other locales are fetched once each when
 * asked for. A failed load logs one error and keeps the previous translations. Only the latest
 * request wins when locales change quickly. `<html lang dir>` follow the locale actually shown.
 */
export function createI18n({ english, urls, fetchJson, root, logError = console.error }: I18nDeps) {
  const locale = signal('en');
  const messages = signal<CompiledMessages>(english);
  const loaded = new Map<string, CompiledMessages>([['en', english]]);
  let latest = 0;

  // Compiled messages are stable arrays, so a formatter is cached per array and locale.
  const formats = new WeakMap<MessageFormatElement[], Map<string, IntlMessageFormat>>();
  const state = {
    getNumberFormat: (l: string, o?: Intl.NumberFormatOptions) => new Intl.NumberFormat(l, o),
    getDateTimeFormat: (l: string, o?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(l, o),
    getPluralRules: (l: string, o?: Intl.PluralRulesOptions) => new Intl.PluralRules(l, o),
    getMessageFormat: (msg: MessageFormatElement[], l: string, f: object, o: object) => {
      const byLocale = formats.get(msg) ?? new Map<string, IntlMessageFormat>();
      formats.set(msg, byLocale);
      const fmt = byLocale.get(l) ?? new IntlMessageFormat(msg, l, f, o);
      byLocale.set(l, fmt);
      return fmt;
    },
  };
  const onError = (error: { code?: string }) => {
    if (error.code !== 'MISSING_TRANSLATION') logError('Notes: message formatting failed', error);
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
    const config = { locale: locale.value, messages: messages.value, defaultLocale: 'en', onError };
    // @formatjs/intl's own config type is wider than what formatMessage reads; these are the fields it uses.
    const out = (formatMessage as unknown as (...args: unknown[]) => unknown)(
      config,
      state,
      { id: key },
      values,
    );
    return typeof out === 'string' ? out : key;
  };

  return {
    locale: locale as ReadonlySignal<string>,
    messages: messages as ReadonlySignal<CompiledMessages>,
    dir: computed(() => localeDirection(locale.value)),
    t,
    /** Switches to the best asset for `tag`; resolves when applied or when the failure was logged. */
    async setLocale(tag: string): Promise<void> {
      const target = resolveLocale(tag, Object.keys(urls).concat('en'));
      const request = ++latest;
      if (target === locale.value) return;
      const cached = loaded.get(target);
      if (cached) return apply(target, cached);
      try {
        const url = urls[target];
        if (!url) throw new Error(`no asset for locale ${target}`);
        const data = await fetchJson(url);
        if (!isCompiled(data)) throw new Error(`translations for ${target} are malformed`);
        loaded.set(target, data);
        if (request === latest) apply(target, data);
      } catch (error) {
        logError(`Notes: could not load translations for "${target}"; keeping "${locale.value}"`, error);
      }
    },
  };
}
