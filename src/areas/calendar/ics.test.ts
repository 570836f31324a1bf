import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFile, comingEvents, ICS_TIME_ZONE } from './ics';
import type { CalendarEvent } from './api';

const SITE = 'https://portal.test';

/** The file's events as ical.js reads them back. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

describe('calendarFile', () => {
  it('writes a timed event as exact instants: 09:00–16:30 in Bangkok, with its page, place and Thai text', () => {
    const text = calendarFile(
      [
        {
          uid: 'event-3',
          title: 'งานแสดงสินค้าแฟรนไชส์ไทย',
          summary: 'พบผู้ประกอบการแฟรนไชส์',
          location: 'อิมแพ็ค เมืองทองธานี',
          url: `${SITE}/calendar/`,
          start: '2026-12-01T09:00:00+07:00',
          end: '2026-12-01T16:30:00+07:00',
          allDay: false,
          category: 'งานแสดงสินค้า',
        },
      ],
      'กิจกรรม',
      SITE,
    );
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe(ICS_TIME_ZONE);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('กิจกรรม');
    const [event] = events;
    expect(event!.summary).toBe('งานแสดงสินค้าแฟรนไชส์ไทย');
    expect(event!.location).toBe('อิมแพ็ค เมืองทองธานี');
    expect(event!.uid).toBe('event-3@portal.test');
    expect(event!.component.getFirstPropertyValue('url')).toBe(`${SITE}/calendar/`);
    expect(event!.description).toContain(`${SITE}/calendar/`);
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-12-01T09:30:00.000Z');
  });

  it('writes a whole-day activity as its Bangkok days, the end day exclusive', () => {
    const { events } = parse(
      calendarFile(
        [
          {
            uid: 'activity-7',
            title: 'Export clinic',
            summary: '',
            location: '',
            url: `${SITE}/en/activity/7/`,
            start: '2026-11-21',
            end: '2026-11-23',
            allDay: true,
            stamp: '2026-11-01T10:00:00+07:00',
          },
        ],
        'Export clinic',
        SITE,
      ),
    );
    expect(events[0]!.startDate.isDate).toBe(true);
    expect(events[0]!.startDate.toString()).toBe('2026-11-21');
    expect(events[0]!.endDate.toString()).toBe('2026-11-24');
  });

  it('is the same text in two builds (no clock, no random UID) and leaves out an event without a readable date', () => {
    const items = [
      { uid: 'a', title: 'A', summary: '', location: '', url: SITE, start: '2026-11-21', end: null, allDay: true },
      { uid: 'b', title: 'B', summary: '', location: '', url: SITE, start: 'not a date', end: null, allDay: false },
    ];
    const first = calendarFile(items, 'x', SITE);
    expect(calendarFile(items, 'x', SITE)).toBe(first);
    expect(parse(first).events.map((e) => e.summary)).toEqual(['A']);
  });

  it('is a valid empty calendar when there is nothing to show', () => {
    expect(parse(calendarFile([], 'x', SITE)).events).toEqual([]);
  });
});

describe('comingEvents', () => {
  const event = (id: string, startAt: string, endAt: string) => ({ id, startAt, endAt }) as CalendarEvent;
  it('keeps the events that have not ended by the Bangkok day, soonest first', () => {
    const events = [
      event('later', '2026-12-05T09:00:00+07:00', '2026-12-05T12:00:00+07:00'),
      event('past', '2026-11-20T09:00:00+07:00', '2026-11-20T12:00:00+07:00'),
      event('today', '2026-11-24T09:00:00+07:00', '2026-11-25T01:00:00+07:00'),
    ];
    expect(comingEvents(events, '2026-11-25').map((e) => e.id)).toEqual(['today', 'later']);
  });
});
