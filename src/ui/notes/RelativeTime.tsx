import { relativeTime } from '../../format/note-format.ts';
import { useServices } from '../services.ts';
import { useValue } from '../use-value.ts';

/** "2 minutes ago" in the learner's language, kept fresh by the clock's tick; the exact time in `dateTime`. */
export function RelativeTime({ iso }: { iso: string }) {
  const { clock, i18n } = useServices();
  const now = useValue(clock.now);
  const locale = useValue(i18n.locale);
  return <time dateTime={iso}>{relativeTime(iso, now, locale)}</time>;
}
