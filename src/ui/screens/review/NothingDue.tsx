import type { ForecastDay } from '../../../review/forecast.ts';
import type { ReviewDeck } from '../../../review/review-deck.ts';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';

/**
 * Nothing due today: says so, when the next note falls due, and the next 30 days as a small bar
 * chart (for the eye; hidden from screen readers) with the same figures in a table behind it.
 */
export function NothingDue({ deck }: { deck: ReviewDeck }) {
  const { i18n } = useServices();
  const t = useT();
  const locale = useValue(i18n.locale);
  const next = useValue(deck.next);
  const days = useValue(deck.forecast);
  const date = (ms: number, style: 'medium' | 'short') =>
    new Intl.DateTimeFormat(locale, { dateStyle: style }).format(ms);
  return (
    <div className="review-done">
      <p className="empty-title" role="status">
        {t('Nothing to review now')}
      </p>
      {next === null ? null : <p>{t('Next note due: {date}', { date: date(next, 'medium') })}</p>}
      {days?.some((d) => d.count) ? (
        <figure className="review-forecast">
          <figcaption>{t('Notes due in the next 30 days')}</figcaption>
          <ForecastChart days={days} />
          <table className="visually-hidden">
            <caption>{t('Notes due in the next 30 days')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Day')}</th>
                <th scope="col">{t('Notes due')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.start}>
                  <th scope="row">{date(d.start, 'medium')}</th>
                  <td>{d.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      ) : null}
    </div>
  );
}

const BAR = 8;
const GAP = 2;
const HEIGHT = 60;

/** The forecast's bars, one a day (today first; in Arabic from the right, as the page runs). */
function ForecastChart({ days }: { days: readonly ForecastDay[] }) {
  const most = Math.max(1, ...days.map((d) => d.count));
  const width = days.length * (BAR + GAP);
  return (
    <svg
      className="forecast-chart"
      viewBox={`0 0 ${width} ${HEIGHT}`}
      width={width * 2}
      height={HEIGHT * 1.5}
      aria-hidden="true"
      focusable="false"
    >
      {days.map((d, i) => {
        const h = d.count ? Math.max(2, (d.count / most) * (HEIGHT - 2)) : 0;
        return <rect key={d.start} x={i * (BAR + GAP)} y={HEIGHT - h} width={BAR} height={h} rx={1} />;
      })}
      <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} />
    </svg>
  );
}
