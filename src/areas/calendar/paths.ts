/** getStaticPaths of the calendar area's routes (src/pages/); the calendar files' are in ./calendar-files.ts. */
import { languagePagePaths } from '../../shell/page-paths';
import { getEventsEntry } from './collection';

/** /calendar/ and /en/calendar/: every event of the language. */
export const calendarPaths = () =>
  languagePagePaths(async (lang) => {
    const events = await getEventsEntry(lang);
    return { props: { events }, shows: [events] };
  });
