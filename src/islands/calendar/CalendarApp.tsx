/**
 * The calendar page's live part: month heading with previous / this month / next, a category
 * filter, and the month as a table (MonthGrid) or as a list (EventList). It replaces the
 * build-time list (#calendar-static) once its first month has loaded; until then, and if
 * loading fails, that list stays readable.
 *
 * Rendered only after mounting: the month to show depends on the visitor's clock, which the
 * build cannot know, so the server output is empty rather than a month that may be wrong.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../i18n/config';
import { bangkokDateKey, formatDate, formatMonthYear } from '../../lib/dates';
import { $calendar, goToToday, loadMonth, nextMonth, previousMonth, setCategoryFilter } from '../../stores/calendar';
import { errorMessage } from '../../stores/request';
import { LoadFailure } from '../shared/LoadFailure';
import { Loading } from '../shared/Loading';
import { EventList } from './EventList';
import { MonthGrid } from './MonthGrid';

export const STATIC_LIST_ID = 'calendar-static';
type View = 'month' | 'list';

export function CalendarApp({ lang }: { lang: Lang }) {
  const { t } = useTranslation('common');
  const cal = useStore($calendar);
  const [mounted, setMounted] = useState(false);
  const [view, setView] = useState<View>('month');
  const [selected, setSelected] = useState<string | null>(null);
  const today = bangkokDateKey(new Date());

  useEffect(() => {
    setMounted(true);
    void loadMonth({ lang });
  }, [lang]);

  // The island takes over from the static list once it has something to show.
  useEffect(() => {
    if (cal.status === 'success') document.getElementById(STATIC_LIST_ID)?.setAttribute('hidden', '');
  }, [cal.status]);

  // A new month or filter: select today when it has events, else the first day with events.
  const days = Object.keys(cal.byDay).sort();
  useEffect(() => {
    setSelected(days.includes(today) ? today : (days[0] ?? null));
  }, [days.join(), today]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!mounted) return null;

  const { cursor } = cal;
  const monthLabel = formatMonthYear(cursor.year, cursor.month, lang);
  const options = { lang };
  const hasData = cal.status === 'success' || (cal.status === 'loading' && cal.list_category.length > 0);
  const selectedEvents = selected ? (cal.byDay[selected] ?? []) : [];
  const toolbarButton = 'btn';

  return (
    <section aria-labelledby="calendar-month" className="flex flex-col gap-4" data-calendar-island>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={toolbarButton} onClick={() => void previousMonth(options)}>
          <span aria-hidden="true">‹</span> {t('calendar.previousMonth')}
        </button>
        <h2 id="calendar-month" aria-live="polite" className="text-xl m-0 min-w-48 text-center">
          {monthLabel}
        </h2>
        <button type="button" className={toolbarButton} onClick={() => void nextMonth(options)}>
          {t('calendar.nextMonth')} <span aria-hidden="true">›</span>
        </button>
        <button type="button" className={toolbarButton} onClick={() => void goToToday(options)}>
          {t('calendar.thisMonth')}
        </button>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor="calendar-category" className="font-semibold">
            {t('calendar.category')}
          </label>
          <select
            id="calendar-category"
            value={cal.filter ?? ''}
            onChange={(e) => setCategoryFilter(e.target.value || null)}
            className="min-h-11 px-2 font-inherit text-base rounded border border-solid border-border bg-bg text-fg"
          >
            <option value="">{t('filters.all')}</option>
            {cal.list_category.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div role="group" aria-label={t('calendarPage.viewLabel')} className="flex gap-2">
          {(['month', 'list'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`btn ${view === v ? 'bg-primary text-on-primary border-primary' : ''}`}
            >
              {t(v === 'month' ? 'calendar.monthView' : 'calendar.listView')}
            </button>
          ))}
        </div>
      </div>

      <p role="status" className="m-0" data-calendar-status>
        {cal.status === 'success' &&
          (cal.total > 0
            ? t('calendarPage.eventCount', { count: cal.total })
            : t(cal.filter ? 'calendarPage.noEventsInCategory' : 'calendarPage.noEventsInMonth'))}
      </p>
      {cal.status === 'loading' && <Loading />}
      {cal.status === 'error' && <LoadFailure message={errorMessage(cal.error)} onRetry={() => void loadMonth(options)} />}

      {hasData && view === 'month' && (
        <>
          <MonthGrid
            cursor={cursor}
            byDay={cal.byDay}
            today={today}
            selected={selected}
            onSelect={setSelected}
            lang={lang}
            caption={monthLabel}
          />
          <section aria-labelledby="calendar-day" aria-live="polite" className="flex flex-col gap-2">
            <h3 id="calendar-day" className="text-lg m-0">
              {selected ? t('calendar.eventsOn', { date: formatDate(selected, lang) }) : t('calendarPage.chooseDay')}
            </h3>
            {selectedEvents.length > 0 && <EventList events={selectedEvents} lang={lang} />}
          </section>
        </>
      )}
      {hasData && view === 'list' && cal.total > 0 && <EventList events={[...cal.list_calendar_event].sort((a, b) => a.startAt.localeCompare(b.startAt))} lang={lang} />}
    </section>
  );
}
