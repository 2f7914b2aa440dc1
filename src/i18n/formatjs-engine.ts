import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formatMessage } from '@formatjs/intl';
import { IntlMessageFormat } from 'intl-messageformat';
import type { CompiledMessages, MessageValues } from './i18n-model.ts';

/** Formats `key` of a catalogue with formatjs; `null` when it has no such message or it failed. */
export type FormatjsEngine = (
  messages: CompiledMessages,
  locale: string,
  key: string,
  values: MessageValues | undefined,
  logError: (message: string, error?: unknown) => void,
) => string | null;

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

/**
 * The full ICU runtime of @formatjs/intl, for translated catalogues (translators may use any ICU
 * feature). It is a chunk of its own, fetched alongside the first non-English catalogue.
 */
export const formatWithFormatjs: FormatjsEngine = (messages, locale, key, values, logError) => {
  const onError = (error: { code?: string }) => {
    if (error.code !== 'MISSING_TRANSLATION') logError('Notes: message formatting failed', error);
  };
  const config = { locale, messages, defaultLocale: 'en', onError };
  // @formatjs/intl's own config type is wider than what formatMessage reads; these are the fields it uses.
  const out = (formatMessage as unknown as (...args: unknown[]) => unknown)(
    config,
    state,
    { id: key },
    values,
  );
  return typeof out === 'string' ? out : null;
};

/** The start-up failure's translation rides in this lazy chunk (its URL is in the first load already). */
export { translateFailure } from '../boot/failure-words.ts';
