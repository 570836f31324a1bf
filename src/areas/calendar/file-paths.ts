/** Where the calendar files live (src/areas/calendar/calendar-files.ts), for the pages that link them (an activity's: src/areas/activities/ActivityDetail.astro). */
export const eventCalendarPath = (id: string) => `/calendar/event/${encodeURIComponent(id)}.ics`;
export const COMING_EVENTS_PATH = '/calendar/events.ics';
