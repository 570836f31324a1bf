import { describe, expect, it } from 'vitest';
import {
  clampMonth,
  createCalendarStore,
  eventsByDay,
  eventsInMonth,
  monthGrid,
  monthOf,
  monthRange,
  parseMonthKey,
  shiftMonth,
  type CalendarData,
  type CalendarItem,
} from './store';

const fair = { id: '1', title: 'งานแสดงสินค้า', color: '#aa3300' };
const seminar = { id: '2', title: 'สัมมนา', color: '#0033aa' };
function event(id: string, startAt: string, endAt: string, categoryId = fair.id): CalendarItem {
  return {
    id,
    title: `กิจกรรม ${id}`,
    location: 'กรุงเทพฯ',
    startAt,
    endAt,
    allDay: false,
    categoryId,
    link: null,
    ics: `/calendar/event/${id}.ics`,
  };
}
const data: CalendarData = {
  events: [
    event('b', '2026-11-29T09:00:00+07:00', '2026-12-02T16:00:00+07:00', seminar.id),
    event('a', '2026-11-21T09:00:00+07:00', '2026-11-21T16:00:00+07:00'),
    event('c', '2027-01-05T09:00:00+07:00', '2027-01-05T12:00:00+07:00'),
  ],
  categories: [fair, seminar],
  firstMonth: '2026-10',
  lastMonth: '2027-01',
};
const novemberNow = () => new Date('2026-11-20T03:00:00Z');

describe('calendar functions', () => {
  it('finds the Bangkok month, moves across years, and covers a whole month', () => {
    expect(monthOf(new Date('2026-12-31T18:00:00Z'))).toEqual({ year: 2027, month: 1 }); // 01:00 on 1 Jan in Bangkok
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('reads month keys and keeps a month inside a range', () => {
    expect(parseMonthKey('2026-11')).toEqual({ year: 2026, month: 11 });
    expect(parseMonthKey('2026-13')).toBeNull();
    expect(parseMonthKey('')).toBeNull();
    const first = { year: 2026, month: 10 };
    const last = { year: 2027, month: 1 };
    expect(clampMonth({ year: 2025, month: 12 }, first, last)).toEqual(first);
    expect(clampMonth({ year: 2027, month: 2 }, first, last)).toEqual(last);
    expect(clampMonth({ year: 2026, month: 12 }, first, last)).toEqual({ year: 2026, month: 12 });
    expect(clampMonth({ year: 1999, month: 1 }, null, null)).toEqual({ year: 1999, month: 1 });
  });

  it('lays out the month grid from Sunday (or Monday)', () => {
    const grid = monthGrid({ year: 2026, month: 11 }); // 1 Nov 2026 is a Sunday
    expect(grid[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(grid.at(-1)).toEqual([29, 30, null, null, null, null, null]);
    expect(monthGrid({ year: 2026, month: 11 }, 1)[0]).toEqual([null, null, null, null, null, null, 1]);
  });

  it('puts multi-day events on each of their days inside the month, and in every month they overlap', () => {
    const byDay = eventsByDay(data.events, { year: 2026, month: 11 });
    expect(Object.keys(byDay).sort()).toEqual(['2026-11-21', '2026-11-29', '2026-11-30']);
    expect(Object.keys(eventsByDay(data.events, { year: 2026, month: 12 })).sort()).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(eventsInMonth(data.events, { year: 2026, month: 11 }).map((e) => e.id)).toEqual(['a', 'b']); // start order
    expect(eventsInMonth(data.events, { year: 2026, month: 12 }).map((e) => e.id)).toEqual(['b']);
    expect(eventsInMonth(data.events, { year: 2026, month: 10 })).toEqual([]);
  });
});

describe('calendar store (build-time data)', () => {
  it('starts at the current month, filters by category, and moves months', () => {
    const store = createCalendarStore(data, novemberNow);
    expect(store.$calendar.get()).toMatchObject({
      cursor: { year: 2026, month: 11 },
      total: 2,
      list_category: [fair, seminar],
    });

    store.setCategoryFilter('2');
    expect(store.$calendar.get().list_calendar_event.map((e) => e.id)).toEqual(['b']);
    expect(store.$calendar.get().calendar_list.map((e) => e.id)).toEqual(['a', 'b']); // the month, unfiltered
    expect(store.$calendar.get().list_category).toHaveLength(2); // the filter keeps every category
    expect(Object.keys(store.$calendar.get().byDay).sort()).toEqual(['2026-11-29', '2026-11-30']);

    store.nextMonth();
    expect(store.$calendar.get()).toMatchObject({ cursor: { year: 2026, month: 12 }, total: 1 });
    store.setCategoryFilter(null);
    store.nextMonth();
    expect(store.$calendar.get().list_calendar_event.map((e) => e.id)).toEqual(['c']);
    store.goToToday();
    expect(store.$calendarCursor.get()).toEqual({ year: 2026, month: 11 });
  });

  it('a month without events has none, and navigation stops at the ends of the built range', () => {
    const store = createCalendarStore(data, novemberNow);
    store.previousMonth();
    expect(store.$calendar.get()).toMatchObject({
      cursor: { year: 2026, month: 10 },
      total: 0,
      byDay: {},
      canGoBack: false,
      canGoForward: true,
    });
    store.previousMonth();
    expect(store.$calendarCursor.get()).toEqual({ year: 2026, month: 10 });
    store.goToMonth({ year: 2030, month: 5 });
    expect(store.$calendar.get()).toMatchObject({ cursor: { year: 2027, month: 1 }, canGoForward: false });
  });

  it('a visitor whose clock lies beyond the built range starts at its nearest end', () => {
    const store = createCalendarStore(data, () => new Date('2028-03-01T00:00:00Z'));
    expect(store.$calendarCursor.get()).toEqual({ year: 2027, month: 1 });
  });
});
