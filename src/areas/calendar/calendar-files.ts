/**
 * The calendar files of the built site (Astro static endpoints, so the publisher re-renders and
 * re-publishes them with the pages: docs/publisher.md), both languages:
 *
 *   /activity/{id}.ics        one activity (every listed activity; its page links it)
 *   /calendar/event/{id}.ics  one event of the calendar (the calendar page links it)
 *   /calendar/events.ics      the coming events, for calendar apps to subscribe to
 *
 * Each path's cacheKey names the records the file is made from (and, for the feed, the
 * Bangkok day, since "coming" moves with it), so the publisher renders a file again exactly when
 * what it shows changed. The route files in src/pages only hand over to these.
 */
import type { APIContext } from 'astro';
import { cacheKeyOf } from '../../collections/api-collection';
import { getT, localizePath, paramForLang, LANGS, type Lang } from '../../i18n';
import { bangkokDateKey } from '../../lib/dates';
import { readActivities, type StoredActivity } from '../activities/collection';
import type { CalendarEvent } from './api';
import { getEventsEntry } from './collection';
import { eventPath } from './event-text';
import { calendarFile, calendarResponse, comingEvents, type IcsEvent } from './ics';

const DEFAULT_SITE = 'http://127.0.0.1:4321';
const abs = (path: string, lang: Lang, site: URL | undefined) =>
  new URL(localizePath(path, lang), site ?? DEFAULT_SITE).href;

function activityItem(a: StoredActivity, lang: Lang, site: URL | undefined): IcsEvent {
  return {
    uid: `activity-${a.id}`,
    title: a.title,
    summary: a.summary,
    location: a.location,
    url: abs(`/activity/${encodeURIComponent(a.id)}/`, lang, site),
    start: a.startDate,
    end: a.endDate,
    allDay: true,
    stamp: a.publishedAt,
    category: a.category.title,
  };
}

function eventItem(e: CalendarEvent, lang: Lang, site: URL | undefined): IcsEvent {
  return {
    uid: `event-${e.id}`,
    title: e.title,
    summary: e.summary,
    location: e.location,
    url: abs(eventPath(e) ?? '/calendar/', lang, site),
    start: e.startAt,
    end: e.endAt,
    allDay: e.allDay,
    category: e.category.title,
  };
}

// ---- getStaticPaths ----

export async function activityCalendarPaths() {
  const paths = [];
  for (const lang of LANGS) {
    const { listed } = await readActivities(lang);
    for (const entry of listed)
      paths.push({
        params: { lang: paramForLang(lang), id: entry.data.id },
        props: { lang, activity: entry.data },
        cacheKey: cacheKeyOf(entry),
      });
  }
  return paths;
}

export async function eventCalendarPaths() {
  const paths = [];
  for (const lang of LANGS) {
    const entry = await getEventsEntry(lang);
    for (const event of entry?.data.events ?? [])
      paths.push({
        params: { lang: paramForLang(lang), id: event.id },
        props: { lang, event },
        cacheKey: cacheKeyOf(entry),
      });
  }
  return paths;
}

export async function comingEventsPaths() {
  const today = bangkokDateKey(new Date());
  return Promise.all(
    LANGS.map(async (lang) => ({
      params: { lang: paramForLang(lang) },
      props: { lang },
      cacheKey: cacheKeyOf(await getEventsEntry(lang), { id: 'today', digest: today }),
    })),
  );
}

// ---- the files ----

export function activityCalendar({ props, site }: APIContext): Response {
  const { lang, activity } = props as { lang: Lang; activity: StoredActivity };
  return calendarResponse(calendarFile([activityItem(activity, lang, site)], activity.title, site ?? DEFAULT_SITE));
}

export function eventCalendar({ props, site }: APIContext): Response {
  const { lang, event } = props as { lang: Lang; event: CalendarEvent };
  return calendarResponse(calendarFile([eventItem(event, lang, site)], event.title, site ?? DEFAULT_SITE));
}

export async function comingEventsCalendar({ props, site }: APIContext): Promise<Response> {
  const { lang } = props as { lang: Lang };
  const entry = await getEventsEntry(lang);
  const events = comingEvents(entry?.data.events ?? [], bangkokDateKey(new Date()));
  const t = getT(lang);
  const name = t('calendarPage.feedName', { agency: t('agency.name') });
  return calendarResponse(
    calendarFile(
      events.map((e) => eventItem(e, lang, site)),
      name,
      site ?? DEFAULT_SITE,
    ),
  );
}
