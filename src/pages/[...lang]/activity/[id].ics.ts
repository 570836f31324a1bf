/** One activity as an iCalendar file: /activity/{id}.ics (src/areas/calendar/calendar-files.ts). */
import { activityCalendar, activityCalendarPaths } from '../../../areas/calendar/calendar-files';

export const getStaticPaths = activityCalendarPaths;
export const GET = activityCalendar;
