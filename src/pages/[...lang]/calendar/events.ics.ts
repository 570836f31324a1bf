/** The coming events as a calendar to subscribe to: /calendar/events.ics (src/areas/calendar/calendar-files.ts). */
import { comingEventsCalendar, comingEventsPaths } from '../../../areas/calendar/calendar-files';

export const getStaticPaths = comingEventsPaths;
export const GET = comingEventsCalendar;
