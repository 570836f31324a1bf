/**
 * The calendar page's live part: month heading with previous / this month / next, a category
 * filter, and the month as a table (MonthGrid) or as a list (EventList). Every event comes from
 * the build (`data`); moving months and filtering are instant and make no request. It replaces
 * the build-time list (#calendar-static) as soon as it has mounted.
 *
 * Rendered only after mounting: the month to show and "today" depend on the visitor's clock,
 * which the build cannot know, so the server output is empty rather than a month that may be
 * wrong; the build-time list is what reads until then (and without JavaScript).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../ui/island/translation';
import type { Lang } from '../../i18n/config';
import { bangkokDateKey, formatDate, formatMonthYear } from '../../lib/dates';
import { createCalendarStore, type CalendarData } from './store';
import { EventList } from './EventList';
import { MonthGrid } from './MonthGrid';
import { useStoreValue } from './use-store-value';

const STATIC_LIST_ID = 'calendar-static';
type View = 'month' | 'list';

export function CalendarApp({ lang, data }: { lang: Lang; data: CalendarData }) {
  const { t } = useTranslation('common');
  const store = useMemo(() => createCalendarStore(data), [data]);
  const categories = useMemo(() => new Map(data.categories.map((c) => [c.id, c])), [data]);
  const cal = useStoreValue(store.$calendar);
  const [mounted, setMounted] = useState(false);
  const [view, setView] = useState<View>('month');
  const [selected, setSelected] = useState<string | null>(null);
  const today = bangkokDateKey(new Date());

  // The island takes over from the static list once it shows the month.
  useEffect(() => {
    // After hydration only: the server rendered the static list, the first client render must match it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMounted(true);
    document.getElementById(STATIC_LIST_ID)?.setAttribute('hidden', '');
  }, []);

  // A new month or filter: select today when it has events, else the first day with events.
  const days = Object.keys(cal.byDay).sort();
  useEffect(() => {
    // Today is the browser's date, unknown at build time.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSelected(days.includes(today) ? today : (days[0] ?? null));
  }, [days.join(), today]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!mounted) return null;

  const { cursor } = cal;
  const monthLabel = formatMonthYear(cursor.year, cursor.month, lang);
  const selectedEvents = selected ? (cal.byDay[selected] ?? []) : [];
  // aria-disabled rather than disabled at the ends of the built range, so keyboard focus stays on the button.
  const navButton = (enabled: boolean) => `btn ${enabled ? '' : 'opacity-60 cursor-not-allowed'}`;

  return (
    <section aria-labelledby="calendar-month" className="flex flex-col gap-4" data-calendar-island>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={navButton(cal.canGoBack)}
          aria-disabled={!cal.canGoBack || undefined}
          onClick={() => cal.canGoBack && store.previousMonth()}
        >
          <span aria-hidden="true">‹</span> {t('calendar.previousMonth')}
        </button>
        <h2 id="calendar-month" aria-live="polite" className="text-xl m-0 min-w-48 text-center">
          {monthLabel}
        </h2>
        <button
          type="button"
          className={navButton(cal.canGoForward)}
          aria-disabled={!cal.canGoForward || undefined}
          onClick={() => cal.canGoForward && store.nextMonth()}
        >
          {t('calendar.nextMonth')} <span aria-hidden="true">›</span>
        </button>
        <button type="button" className="btn" onClick={store.goToToday}>
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
            onChange={(e) => store.setCategoryFilter(e.target.value || null)}
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
        {cal.total > 0
          ? t('calendarPage.eventCount', { count: cal.total })
          : t(cal.filter ? 'calendarPage.noEventsInCategory' : 'calendarPage.noEventsInMonth')}
      </p>

      {view === 'month' && (
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
          {days.length > 0 && (
            <section aria-labelledby="calendar-day" aria-live="polite" className="flex flex-col gap-2">
              <h3 id="calendar-day" className="text-lg m-0">
                {selected ? t('calendar.eventsOn', { date: formatDate(selected, lang) }) : t('calendarPage.chooseDay')}
              </h3>
              {selectedEvents.length > 0 && <EventList events={selectedEvents} categories={categories} lang={lang} />}
            </section>
          )}
        </>
      )}
      {view === 'list' && cal.total > 0 && (
        <EventList events={cal.list_calendar_event} categories={categories} lang={lang} />
      )}
    </section>
  );
}
