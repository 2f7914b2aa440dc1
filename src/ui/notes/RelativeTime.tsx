import { relativeTime } from '../../format/note-format.ts';
import { useServices } from '../services.ts';

/** "2 minutes ago" in the learner's language, kept fresh by the clock's tick; the exact time in `dateTime`. */
export function RelativeTime({ iso }: { iso: string }) {
  const { clock, i18n } = useServices();
  return <time dateTime={iso}>{relativeTime(iso, clock.now.value, i18n.locale.value)}</time>;
}
