/**
 * "Add to calendar" files (iCalendar, RFC 5545) made with the `ics` package: one event per
 * activity (`/activity/{id}.ics`) and per calendar event (`/calendar/event/{id}.ics`), and the
 * feed of coming events a calendar app subscribes to (`/calendar/events.ics`), each in the
 * page's language (titles, places, descriptions, the calendar's name) and the agency's time zone:
 *
 * - an event with times is written as exact UTC instants (`DTSTART:20261121T020000Z` is 09:00
 *   in Bangkok), which every calendar app places right wherever its user is;
 * - a whole-day event (every activity: the API gives days) as its Bangkok days (`VALUE=DATE`,
 *   the end day exclusive, as the standard says);
 * - the file names Asia/Bangkok as its zone (`X-WR-TIMEZONE`, the `ics` package has no option
 *   for it), for the apps that show times in the calendar's own zone.
 *
 * Every event carries its page's address (`URL`, and in the description), a UID that stays the
 * same across builds and languages, and a DTSTAMP from the record (not the build's clock), so a
 * file changes only when its event does (the publisher re-renders by cacheKey: docs/publisher.md).
 */
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import { bangkokDateKey, parseDate } from '../../lib/dates';
import type { CalendarEvent } from './api';

export const ICS_TIME_ZONE = 'Asia/Bangkok';
const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const PRODUCT_ID = '-//Department of Business Development Promotion//Agency portal//EN';

export interface IcsEvent {
  /** Stable across builds and languages: `activity-12`, `event-3`. */
  uid: string;
  title: string;
  summary: string;
  location: string;
  /** The event's page, absolute. */
  url: string;
  /** ISO date (`YYYY-MM-DD`, whole days) or date-time. */
  start: string;
  end: string | null;
  allDay: boolean;
  /** When the record was published or last changed (DTSTAMP); falls back to the start. */
  stamp?: string | null;
  category?: string;
}

/** A Bangkok calendar day as the `ics` package's [year, month, day]. */
function dayArray(value: string, addDays = 0): DateArray | null {
  const key = bangkokDateKey(value);
  if (!key) return null;
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + addDays));
  return [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
}

function toAttributes(item: IcsEvent, domain: string): EventAttributes | null {
  const stamp = parseDate(item.stamp ?? item.start) ?? parseDate(item.start);
  const description = [item.summary.trim(), item.url].filter(Boolean).join('\n\n');
  const common = {
    uid: `${item.uid}@${domain}`,
    title: item.title,
    description,
    url: item.url,
    ...(item.location.trim() ? { location: item.location.trim() } : {}),
    ...(item.category ? { categories: [item.category] } : {}),
    status: 'CONFIRMED' as const,
    busyStatus: 'BUSY' as const,
  };
  if (item.allDay) {
    const start = dayArray(item.start);
    // The last day the event takes, plus one: iCalendar's whole-day end is exclusive.
    const end = dayArray(item.end ?? item.start, 1);
    if (!start || !end) return null;
    return { ...common, start, end, ...(stamp ? { timestamp: stamp.getTime() } : {}) } as EventAttributes;
  }
  const start = parseDate(item.start);
  const end = parseDate(item.end ?? item.start);
  if (!start || !end) return null;
  return {
    ...common,
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Math.max(end.getTime(), start.getTime()),
    endInputType: 'utc',
    endOutputType: 'utc',
    ...(stamp ? { timestamp: stamp.getTime() } : {}),
  } as EventAttributes;
}

/**
 * The iCalendar text of `items` (events whose dates cannot be read are left out), named
 * `calName` (in the page's language). `site` gives the UIDs' domain.
 */
export function calendarFile(items: readonly IcsEvent[], calName: string, site: URL | string): string {
  const domain = new URL(site).hostname;
  const events = items.flatMap((item) => toAttributes(item, domain) ?? []);
  const { error, value } = createEvents(events, { productId: PRODUCT_ID, method: 'PUBLISH', calName });
  if (error || !value) throw error ?? new Error('ics: no calendar produced');
  // The agency's zone, after the header the package writes (it has no option for this line).
  return value.replace(/^X-PUBLISHED-TTL:.*\r\n/m, (line) => `${line}X-WR-TIMEZONE:${ICS_TIME_ZONE}\r\n`);
}

/** The file as an endpoint's answer. */
export function calendarResponse(text: string): Response {
  return new Response(text, { headers: { 'Content-Type': ICS_CONTENT_TYPE } });
}

/** Events that have not ended yet on `today` (a Bangkok `YYYY-MM-DD`), soonest first. */
export function comingEvents(events: readonly CalendarEvent[], today: string): CalendarEvent[] {
  return events
    .filter((e) => bangkokDateKey(e.endAt || e.startAt) >= today)
    .sort((a, b) => a.startAt.localeCompare(b.startAt));
}
