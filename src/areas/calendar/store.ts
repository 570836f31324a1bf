/**
 * Event calendar (spec point 3: calendar_list, total, list_calendar_event, list_category).
 *
 * Pure: no API here. Events change only when editors publish, which rebuilds the site, so the
 * calendar island gets every event of its range from the build (a compact prop, see
 * `CalendarData`) and this store only moves a month cursor and a category filter over it.
 * That keeps the API client and its validation library out of the calendar page's JavaScript.
 *
 * The month cursor starts at the visitor's current Bangkok month, kept inside the months the
 * build covered (the build fetched a fixed range; beyond it the calendar would claim "no events"
 * without knowing).
 */
import { atom, computed } from 'nanostores';
import { bangkokDateKey } from '../../lib/dates';

export interface MonthCursor {
  year: number;
  /** 1..12 */
  month: number;
}

/** One event as the island shows it (built from the API's event at build time). */
export interface CalendarItem {
  id: string;
  title: string;
  /** ISO date-time. */
  startAt: string;
  /** ISO date-time. */
  endAt: string;
  allDay: boolean;
  location: string;
  /** Its "add to calendar" file (.ics), already in the page's language. */
  ics: string;
  categoryId: string;
  /** The event's own page, already in the page's language, or null. */
  link: string | null;
}

export interface CalendarCategory {
  id: string;
  title: string;
  /** `#rrggbb` */
  color: string;
}

/** Everything the calendar island needs, serialisable as an Astro prop. */
export interface CalendarData {
  events: CalendarItem[];
  categories: CalendarCategory[];
  /** First and last month (YYYY-MM) the build fetched events for. */
  firstMonth: string;
  lastMonth: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The Bangkok month a moment falls in. */
export function monthOf(date: Date): MonthCursor {
  const [year, month] = bangkokDateKey(date).split('-').map(Number) as [number, number];
  return { year, month };
}

/** "YYYY-MM" ↔ cursor. */
export function monthKey({ year, month }: MonthCursor): string {
  return `${year}-${pad(month)}`;
}
export function parseMonthKey(key: string): MonthCursor | null {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
}

export function shiftMonth(cursor: MonthCursor, delta: number): MonthCursor {
  const index = cursor.year * 12 + (cursor.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The cursor moved into [first, last] (either bound may be null for open). */
export function clampMonth(cursor: MonthCursor, first: MonthCursor | null, last: MonthCursor | null): MonthCursor {
  const key = monthKey(cursor);
  if (first && key < monthKey(first)) return first;
  if (last && key > monthKey(last)) return last;
  return cursor;
}

function daysInMonth({ year, month }: MonthCursor): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `from`/`to` (YYYY-MM-DD) covering the whole month. */
export function monthRange(cursor: MonthCursor): { from: string; to: string } {
  const prefix = monthKey(cursor);
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

type Dated = { startAt: string; endAt: string };

/**
 * Events by Bangkok day (YYYY-MM-DD) within the month; an event spanning several days is
 * listed on each of them.
 */
export function eventsByDay<E extends Dated>(events: readonly E[], cursor: MonthCursor): Record<string, E[]> {
  const { from, to } = monthRange(cursor);
  const out: Record<string, E[]> = {};
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

/** The events that overlap the month (in Bangkok days), in start order. */
export function eventsInMonth<E extends Dated>(events: readonly E[], cursor: MonthCursor): E[] {
  const { from, to } = monthRange(cursor);
  return events
    .filter((event) => {
      const start = bangkokDateKey(event.startAt);
      const end = bangkokDateKey(event.endAt) || start;
      return start !== '' && start <= to && end >= from;
    })
    .sort((a, b) => a.startAt.localeCompare(b.startAt));
}

function nextDay(key: string): string {
  const d = new Date(`${key}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The calendar state over build-time data. One store per island mount (the data is a prop):
 *
 *   const store = createCalendarStore(data);  // then useStore(store.$calendar)
 */
export function createCalendarStore(data: CalendarData, now: () => Date = () => new Date()) {
  const first = parseMonthKey(data.firstMonth);
  const last = parseMonthKey(data.lastMonth);
  const within = (cursor: MonthCursor) => clampMonth(cursor, first, last);

  const $cursor = atom<MonthCursor>(within(monthOf(now())));
  /** Category id to show, or null for all. */
  const $filter = atom<string | null>(null);

  const $calendar = computed([$cursor, $filter], (cursor, filter) => {
    const calendar_list = eventsInMonth(data.events, cursor);
    const list_calendar_event = filter === null ? calendar_list : calendar_list.filter((e) => e.categoryId === filter);
    return {
      cursor,
      filter,
      /** Every event of the month, whatever the filter. */
      calendar_list,
      /** The month's events the filter lets through. */
      list_calendar_event,
      /** Every category (the filter and the colour legend keep them all). */
      list_category: data.categories,
      total: list_calendar_event.length,
      byDay: eventsByDay(list_calendar_event, cursor),
      canGoBack: !first || monthKey(cursor) > monthKey(first),
      canGoForward: !last || monthKey(cursor) < monthKey(last),
    };
  });

  const goToMonth = (cursor: MonthCursor) => $cursor.set(within(cursor));

  return {
    $calendar,
    $calendarCursor: $cursor,
    $calendarFilter: $filter,
    goToMonth,
    nextMonth: () => goToMonth(shiftMonth($cursor.get(), 1)),
    previousMonth: () => goToMonth(shiftMonth($cursor.get(), -1)),
    goToToday: () => goToMonth(monthOf(now())),
    setCategoryFilter: (categoryId: string | null) => $filter.set(categoryId),
  };
}
