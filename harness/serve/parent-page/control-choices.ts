/**
 * The option sets of the controls that differ between the two portals (Locale, Theme, Font size),
 * with the option each starts at. The default portal offers the app's own values; the sunbird-cb
 * portal the values the real portal sends (docs/wire-contract.md), started from the same `serve` flags.
 */
import { FONT_SIZES, PIXEL_FONT_SIZES, THEME_NAMES } from '../../../src/protocol/messages.ts';
import { LOCALES, type ParentKind, themeLabel } from '../../shared/choices.ts';
import type { InitialControls } from './page-config.ts';
import { SUNBIRD_LOCALES, SUNBIRD_THEME } from './sunbird-context.ts';

/** One option of a select. */
export type Choice = { value: string; label: string };

/** A select's options and the one it starts at. */
export type ChoiceSet = { items: Choice[]; selected: string };

/** The three portal-specific selects. */
export type ControlChoices = { locale: ChoiceSet; theme: ChoiceSet; fontSize: ChoiceSet };

const same = (values: readonly string[]): Choice[] => values.map((v) => ({ value: v, label: v }));

/** The app's locale as the real portal would spell it (`hi` → `hi-IN`); others stay as they are. */
export const sunbirdLocale = (locale: string): string => (locale === 'hi' ? 'hi-IN' : locale);

/** The controls' options for the portal `kind`, starting from the `serve` flags. */
export function controlChoices(kind: ParentKind | undefined, initial: InitialControls): ControlChoices {
  if (kind === 'sunbird-cb') {
    const locale = sunbirdLocale(initial.locale);
    const locales: string[] = [...SUNBIRD_LOCALES];
    if (!locales.includes(locale)) locales.push(locale);
    return {
      locale: { items: same(locales), selected: locale },
      theme: {
        items: [
          { value: 'igot', label: SUNBIRD_THEME.name },
          { value: 'none', label: "none ('')" },
        ],
        selected: 'igot',
      },
      fontSize: {
        items: same(PIXEL_FONT_SIZES),
        selected: PIXEL_FONT_SIZES[FONT_SIZES.indexOf(initial.fontSize)] ?? '14px',
      },
    };
  }
  return {
    locale: { items: same(LOCALES), selected: initial.locale },
    theme: { items: THEME_NAMES.map((t) => ({ value: t, label: themeLabel(t) })), selected: initial.theme },
    fontSize: { items: same(FONT_SIZES), selected: initial.fontSize },
  };
}
