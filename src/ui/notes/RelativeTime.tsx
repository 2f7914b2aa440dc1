import { relativeTime } from '../../format/note-format.ts';
import { useServices } from '../services.ts';

/**
 * "2 minutes ago" in the learner's language, kept fresh by the clock's tick; the exact date and
 * time are in `dateTime` and the tooltip.
 */
export function RelativeTime({ iso, prefix }: { iso: string; prefix?: string }) {
  const { clock, i18n } = useServices();
  const locale = i18n.locale.value;
  const when = relativeTime(iso, clock.now.value, locale);
  const exact = Number.isNaN(Date.parse(iso))
    ? ''
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <time dateTime={iso} title={exact}>
      {prefix ? i18n.t(prefix, { when }) : when}
    </time>
  );
}
