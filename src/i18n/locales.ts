/** Locales that ship a translation asset; English is bundled with the first load. */
export const SUPPORTED_LOCALES = ['en', 'hi', 'fr', 'es', 'de', 'ar'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** Locales written right to left; `<html dir>` follows. */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/** Language tags are validated loosely (BCP-47-ish) so garbage never becomes a file name or a `lang`. */
const TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/;

/** Cleans an incoming locale tag: `en_us` → `en-US`-style casing is not needed, only safety; else `en`. */
export function cleanLocaleTag(tag: unknown): string {
  return typeof tag === 'string' && tag.length <= 35 && TAG.test(tag) ? tag.replace(/_/g, '-') : 'en';
}

/**
 * Picks the asset for a requested tag: an exact match, else its language (`en-US` → `en`,
 * `fr-CA` → `fr`), else English — so an unsupported locale still gets a readable UI.
 */
export function resolveLocale(tag: string, available: readonly string[] = SUPPORTED_LOCALES): string {
  const lower = tag.toLowerCase();
  const exact = available.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split('-')[0] ?? '';
  return available.find((l) => l.toLowerCase() === language) ?? 'en';
}

/** Text direction for a locale. */
export function localeDirection(locale: string): 'rtl' | 'ltr' {
  return RTL.has((locale.split('-')[0] ?? '').toLowerCase()) ? 'rtl' : 'ltr';
}
