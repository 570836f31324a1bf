/**
 * The month as a real table (weekday column headers, one row a week). A day with events is a
 * button that shows that day's events below the table; days without events are plain text,
 * so Tab visits only the days worth visiting. Today's cell carries aria-current="date".
 *
 * Why buttons and not an arrow-key grid: a native button in a native table needs no ARIA,
 * works with every screen reader's table commands, and a month rarely has more than a dozen
 * event days, so the tab order stays short.
 */
import { useTranslation } from '../../ui/island/translation';
import type { Lang } from '../../i18n/config';
import { formatDate, weekdayNames } from '../../lib/dates';
import { monthGrid, type CalendarItem, type MonthCursor } from './store';

const SHOWN_TITLES = 2;
const pad = (n: number) => String(n).padStart(2, '0');

interface Props {
  cursor: MonthCursor;
  byDay: Record<string, CalendarItem[]>;
  today: string;
  selected: string | null;
  onSelect: (day: string) => void;
  lang: Lang;
  caption: string;
}

export function MonthGrid({ cursor, byDay, today, selected, onSelect, lang, caption }: Props) {
  const { t } = useTranslation('common');
  const short = weekdayNames(lang, lang === 'th' ? 'narrow' : 'short');
  const long = weekdayNames(lang, 'long');
  return (
    <table className="w-full border-collapse table-fixed">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {short.map((name, i) => (
            <th key={i} scope="col" className="p-1 text-sm font-semibold">
              <span aria-hidden="true">{name}</span>
              <span className="sr-only">{long[i]}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(cursor).map((week, w) => (
          <tr key={w}>
            {week.map((day, i) => {
              if (day === null) return <td key={i} className="border border-solid border-border bg-surface" />;
              const key = `${cursor.year}-${pad(cursor.month)}-${pad(day)}`;
              const events = byDay[key] ?? [];
              const isToday = key === today;
              const label = (
                <>
                  <span
                    aria-hidden="true"
                    className={
                      isToday
                        ? 'inline-flex items-center justify-center w-7 h-7 rounded-full bg-primary text-on-primary font-bold'
                        : 'font-semibold'
                    }
                  >
                    {day}
                  </span>
                  <span className="sr-only">{formatDate(key, lang, 'full')}</span>
                  {isToday && <span className="block text-xs font-semibold">{t('dates.today')}</span>}
                </>
              );
              return (
                <td
                  key={i}
                  aria-current={isToday ? 'date' : undefined}
                  className={`align-top p-0 h-20 md:h-28 border border-solid border-border ${isToday ? 'outline outline-3 outline-focus -outline-offset-3' : ''}`}
                >
                  {events.length === 0 ? (
                    <div className="p-1">{label}</div>
                  ) : (
                    <button
                      type="button"
                      aria-pressed={selected === key}
                      onClick={() => onSelect(key)}
                      className={`w-full h-full p-1 flex flex-col items-start gap-1 text-left font-inherit text-fg border-0 cursor-pointer ${selected === key ? 'bg-notice' : 'bg-bg'}`}
                    >
                      {label}
                      <span className="sr-only">{t('calendarPage.eventCount', { count: events.length })}</span>
                      <span className="flex gap-1 md:hidden" aria-hidden="true">
                        {events.map((e) => (
                          <span
                            key={e.id}
                            className="w-2 h-2 rounded-full [background:var(--cat-color)]"
                            data-cat={e.categoryId}
                          />
                        ))}
                      </span>
                      <span className="hidden md:flex flex-col gap-0.5 w-full">
                        {events.slice(0, SHOWN_TITLES).map((e) => (
                          <span
                            key={e.id}
                            className="block truncate text-xs px-1 rounded text-white [background:var(--cat-color)]"
                            data-cat={e.categoryId}
                          >
                            {e.title}
                          </span>
                        ))}
                        {events.length > SHOWN_TITLES && (
                          <span className="text-xs">
                            {t('calendar.moreEvents', { count: events.length - SHOWN_TITLES })}
                          </span>
                        )}
                      </span>
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
