import './memory-storage';
import { describe, expect, it, vi } from 'vitest';
import type { Calendar, CalendarEvent } from '../../../src/api/events';
import { createCalendarStore, eventsByDay, monthGrid, monthOf, monthRange, shiftMonth } from '../../../src/stores/calendar';

const fair = { id: '1', title: 'งานแสดงสินค้า', color: '#aa3300' };
const seminar = { id: '2', title: 'สัมมนา', color: '#0033aa' };
function event(id: string, startAt: string, endAt: string, category = fair): CalendarEvent {
  return { id, title: `กิจกรรม ${id}`, summary: '', location: 'กรุงเทพฯ', startAt, endAt, allDay: false, category, type: null, activityId: null };
}
const calendar: Calendar = {
  events: [
    event('a', '2026-11-21T09:00:00+07:00', '2026-11-21T16:00:00+07:00'),
    event('b', '2026-11-29T09:00:00+07:00', '2026-12-02T16:00:00+07:00', seminar),
  ],
  categories: [fair, seminar],
};

describe('calendar helpers', () => {
  it('finds the Bangkok month, moves across years, and covers a whole month', () => {
    expect(monthOf(new Date('2026-12-31T18:00:00Z'))).toEqual({ year: 2027, month: 1 }); // 01:00 on 1 Jan in Bangkok
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('lays out the month grid from Sunday (or Monday)', () => {
    const grid = monthGrid({ year: 2026, month: 11 }); // 1 Nov 2026 is a Sunday
    expect(grid[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(grid.at(-1)).toEqual([29, 30, null, null, null, null, null]);
    expect(monthGrid({ year: 2026, month: 11 }, 1)[0]).toEqual([null, null, null, null, null, null, 1]);
  });

  it('puts multi-day events on each of their days inside the month', () => {
    const byDay = eventsByDay(calendar.events, { year: 2026, month: 11 });
    expect(Object.keys(byDay).sort()).toEqual(['2026-11-21', '2026-11-29', '2026-11-30']);
    expect(Object.keys(eventsByDay(calendar.events, { year: 2026, month: 12 })).sort()).toEqual(['2026-12-01', '2026-12-02']);
  });
});

describe('calendar store', () => {
  it('loads the current month, filters by category without a request, and moves months', async () => {
    const getEvents = vi.fn(async () => calendar);
    const store = createCalendarStore(getEvents, () => new Date('2026-11-20T03:00:00Z'));
    await store.loadMonth({ lang: 'th' });
    expect(getEvents).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-30' }, 'th');
    expect(store.$calendar.get()).toMatchObject({ status: 'success', total: 2, list_category: [fair, seminar] });

    store.setCategoryFilter('2');
    expect(store.$calendar.get().list_calendar_event.map((e) => e.id)).toEqual(['b']);
    expect(store.$calendar.get().list_category).toHaveLength(2); // the legend keeps every category
    expect(getEvents).toHaveBeenCalledTimes(1);

    await store.nextMonth({ lang: 'th' });
    expect(getEvents).toHaveBeenLastCalledWith({ from: '2026-12-01', to: '2026-12-31' }, 'th');
    await store.previousMonth();
    await store.previousMonth();
    expect(store.$calendarCursor.get()).toEqual({ year: 2026, month: 10 });
    await store.goToToday();
    expect(store.$calendarCursor.get()).toEqual({ year: 2026, month: 11 });
  });

  it('a failed month calls the failure callback and reports the error', async () => {
    const store = createCalendarStore(async () => { throw new Error('503'); }, () => new Date('2026-11-20T03:00:00Z'));
    const onFailure = vi.fn();
    await store.loadMonth({ onFailure });
    expect(onFailure).toHaveBeenCalledOnce();
    expect(store.$calendar.get()).toMatchObject({ status: 'error', total: 0 });
  });
});
