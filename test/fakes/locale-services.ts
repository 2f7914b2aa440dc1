/**
 * Fake services whose i18n loads the real compiled catalogues (locales/*.json through the build's
 * compiler), so a component test can render in German, Arabic… and see the words a learner sees.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain JavaScript build helper without type declarations
import { compileLocales } from '../../scripts/compile-locales.mjs';
import { type CompiledMessages, createI18n } from '../../src/i18n/i18n-model.ts';
import { createFakeServices, type FakeServices } from './fake-services.ts';

const OUT = fileURLToPath(new URL('../../.test-artifacts/locale-services', import.meta.url));
let compiled: { english: CompiledMessages; urls: Record<string, string> } | null = null;

/** Fake services switched to `locale` (its catalogue compiled and loaded as the app would). */
export async function createLocaleServices(locale: string): Promise<FakeServices> {
  compiled ??= compileLocales(fileURLToPath(new URL('../../locales', import.meta.url)), OUT, '/') as {
    english: CompiledMessages;
    urls: Record<string, string>;
  };
  const fake = createFakeServices();
  const i18n = createI18n({
    english: compiled.english,
    urls: compiled.urls,
    fetchJson: async (url) => JSON.parse(readFileSync(`${OUT}${url}`, 'utf8')),
  });
  await i18n.setLocale(locale);
  if (i18n.locale.value !== locale) throw new Error(`locale ${locale} did not load`);
  fake.services = { ...fake.services, i18n };
  return fake;
}
