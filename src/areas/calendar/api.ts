/**
 * Event calendar: GET /common/events (spec point 7 "Content"; spec point 3 Calendar).
 * The Event shape is also returned by /home/events-and-seminar (see home.ts).
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseDataList, parseEach } from '../../api/boundary';
import { listQuery } from '../../api/load-rules';
import { isoDate, idSchema } from '../../api/shared';
import { hasPassed, now } from '../../lib/clock';

// ---- schemas (the API's shapes) ----

const eventCategorySchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  color: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'is not a #rrggbb colour')),
});

const eventSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  location: z._default(z.string(), ''),
  start_at: isoDate,
  end_at: isoDate,
  all_day: z.boolean(),
  category: eventCategorySchema,
  type: z.nullable(z.literal('activity')),
  activity_id: z.nullable(z.union([z.number(), z.string()])),
});

const calendarSchema = z.object({ events: z.array(z.unknown()), categories: z.array(z.unknown()) });

// ---- the portal's types ----

export type EventCategory = ReturnType<typeof mapEventCategory>;
export interface CalendarEvent {
  id: string;
  title: string;
  summary: string;
  location: string;
  startAt: string;
  endAt: string;
  allDay: boolean;
  category: EventCategory;
  /** 'activity' when the event is an activity with its own page (`/activity/{activityId}/`). */
  type: 'activity' | null;
  activityId: string | null;
}

export interface Calendar {
  events: CalendarEvent[];
  categories: EventCategory[];
}

// ---- mappings ----

function mapEventCategory(raw: z.output<typeof eventCategorySchema>) {
  return { id: String(raw.id), title: raw.title, color: raw.color };
}

function mapEvent(raw: z.output<typeof eventSchema>): CalendarEvent {
  return {
    id: String(raw.id),
    title: raw.title,
    summary: raw.summary,
    location: raw.location,
    startAt: raw.start_at,
    endAt: raw.end_at,
    allDay: raw.all_day,
    category: mapEventCategory(raw.category),
    type: raw.type,
    activityId: raw.activity_id === null ? null : String(raw.activity_id),
  };
}

// ---- calls ----

export interface EventsParams {
  /** First day, `YYYY-MM-DD`. */
  from?: string;
  /** Last day, `YYYY-MM-DD`. */
  to?: string;
  /** Event category id. */
  category?: string | number;
}

/** GET /common/events (from, to, category) → the events and every category (for the legend). */
export async function getEvents(params: EventsParams, lang: Lang): Promise<Calendar> {
  const endpoint = '/common/events';
  const raw = await api.get(endpoint, { lang, query: listQuery({ ...params }) });
  return parseData(endpoint, raw, calendarSchema, (v) => ({
    events: parseEach(endpoint, eventSchema, v.events, mapEvent),
    categories: parseEach(endpoint, eventCategorySchema, v.categories, mapEventCategory),
  }));
}

/**
 * GET /home/events-and-seminar — the next 6 events, without those whose end has passed when the
 * API is read (src/lib/clock.ts): the API may list one that started today and is over, and the
 * stored list then follows the clock, not only the API's answer.
 */
export async function getEventsAndSeminars(lang: Lang): Promise<CalendarEvent[]> {
  const endpoint = '/home/events-and-seminar';
  const events = parseDataList(endpoint, await api.get(endpoint, { lang }), eventSchema, mapEvent);
  const at = now();
  return events.filter((e) => !hasPassed(e.endAt, at));
}
