/**
 * Event calendar (spec point 3: calendar_list, total, list_calendar_event, list_category).
 *
 * One request per month (GET /common/events from the first to the last day); the category
 * filter is applied here, on the loaded month, so changing it costs no request and the
 * legend always lists every category. The month cursor starts at the current Bangkok month.
 */
import { atom, computed } from 'nanostores';
import { getEvents as realGetEvents, type Calendar, type CalendarEvent, type EventsParams } from '../api/events';
import type { Lang } from '../i18n/config';
import { bangkokDateKey } from '../lib/dates';
import { pageLang } from './locale';
import { createLoader, type LoadResult } from './request';

export interface MonthCursor {
  year: number;
  /** 1..12 */
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The Bangkok month a moment falls in. */
export function monthOf(date: Date): MonthCursor {
  const [year, month] = bangkokDateKey(date).split('-').map(Number) as [number, number];
  return { year, month };
}

export function shiftMonth(cursor: MonthCursor, delta: number): MonthCursor {
  const index = cursor.year * 12 + (cursor.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function daysInMonth({ year, month }: MonthCursor): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `from`/`to` (YYYY-MM-DD) covering the whole month. */
export function monthRange(cursor: MonthCursor): { from: string; to: string } {
  const prefix = `${cursor.year}-${pad(cursor.month)}`;
  return { from: `${prefix}-01`, to: `${prefix}-${pad(daysInMonth(cursor))}` };
}

/**
 * The month as weeks of day numbers for a grid, null where a week cell lies outside the month.
 * `firstDay` 0 starts weeks on Sunday (the Thai convention), 1 on Monday.
 */
export function monthGrid(cursor: MonthCursor, firstDay = 0): (number | null)[][] {
  const startWeekday = new Date(Date.UTC(cursor.year, cursor.month - 1, 1)).getUTCDay();
  const lead = (startWeekday - firstDay + 7) % 7;
  const cells: (number | null)[] = [...Array<null>(lead).fill(null)];
  for (let d = 1; d <= daysInMonth(cursor); d++) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/**
 * Events by Bangkok day (YYYY-MM-DD) within the month; an event spanning several days is
 * listed on each of them.
 */
export function eventsByDay(events: CalendarEvent[], cursor: MonthCursor): Record<string, CalendarEvent[]> {
  const { from, to } = monthRange(cursor);
  const out: Record<string, CalendarEvent[]> = {};
  for (const event of events) {
    const start = bangkokDateKey(event.startAt);
    const end = bangkokDateKey(event.endAt) || start;
    if (!start) continue; // unparseable date: the boundary already warned
    for (let day = start < from ? from : start; day <= end && day <= to; day = nextDay(day)) {
      (out[day] ??= []).push(event);
    }
  }
  return out;
}

function nextDay(key: string): string {
  const d = new Date(`${key}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function createCalendarStore(
  getEvents: (params: EventsParams, lang: Lang) => Promise<Calendar> = realGetEvents,
  now: () => Date = () => new Date(),
) {
  const $cursor = atom<MonthCursor>(monthOf(now()));
  /** Category id to show, or null for all. */
  const $filter = atom<string | null>(null);
  const request = createLoader((p: { cursor: MonthCursor; lang: Lang }) => getEvents(monthRange(p.cursor), p.lang));

  const $calendar = computed([request.$state, $cursor, $filter], (state, cursor, filter) => {
    const all = state.data?.events ?? [];
    const events = filter === null ? all : all.filter((e) => e.category.id === filter);
    return {
      status: state.status,
      error: state.error,
      cursor,
      filter,
      list_calendar_event: events,
      list_category: state.data?.categories ?? [],
      total: events.length,
      byDay: eventsByDay(events, cursor),
    };
  });

  type Options = { lang?: Lang; onFailure?: (e: unknown) => void };

  function load(options: Options = {}): Promise<LoadResult<Calendar>> {
    return request.load({ cursor: $cursor.get(), lang: options.lang ?? pageLang() }, { onFailure: options.onFailure });
  }

  function goTo(cursor: MonthCursor, options: Options = {}) {
    $cursor.set(cursor);
    return load(options);
  }

  return {
    $calendar,
    $calendarCursor: $cursor,
    $calendarFilter: $filter,
    loadMonth: load,
    goToMonth: goTo,
    nextMonth: (options: Options = {}) => goTo(shiftMonth($cursor.get(), 1), options),
    previousMonth: (options: Options = {}) => goTo(shiftMonth($cursor.get(), -1), options),
    goToToday: (options: Options = {}) => goTo(monthOf(now()), options),
    setCategoryFilter: (categoryId: string | null) => $filter.set(categoryId),
  };
}

export const {
  $calendar,
  $calendarCursor,
  $calendarFilter,
  loadMonth,
  goToMonth,
  nextMonth,
  previousMonth,
  goToToday,
  setCategoryFilter,
} = createCalendarStore();
