/** getStaticPaths of the calendar area's routes (src/pages/), one function per route. */
import { langStaticPaths } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';
import { getEventsEntry } from './collection';

export async function calendarPaths() {
  return Promise.all(
    langStaticPaths().map(async (entry) => {
      const events = await getEventsEntry(entry.props.lang);
      return { ...entry, props: { ...entry.props, events }, cacheKey: await pageCacheKey(entry.props.lang, events) };
    }),
  );
}
