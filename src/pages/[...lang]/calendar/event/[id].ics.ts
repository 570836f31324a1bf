/** One calendar event as an iCalendar file: /calendar/event/{id}.ics (src/areas/calendar/calendar-files.ts). */
import { eventCalendar, eventCalendarPaths } from '../../../../areas/calendar/calendar-files';

export const getStaticPaths = eventCalendarPaths;
export const GET = eventCalendar;
