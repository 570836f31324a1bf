/**
 * Event calendar island (`/calendar/`): hydrated client:idle over the build-time event list.
 *
 * Everything it shows comes from the build (`data`, see src/areas/calendar/collection.ts), so it makes no
 * request and deliberately does not use IslandRoot, whose API-language hook would pull the API
 * client into the page: it sets up the same translations and error boundary itself.
 */
import type { Lang } from '../../i18n/config';
import type { LangResources } from '../../i18n/resources';
import type { CalendarData } from './store';
import { IslandErrorBoundary } from '../../ui/island/IslandErrorBoundary';
import { TranslationProvider } from '../../ui/island/translation';
import { CalendarApp } from './CalendarApp';

interface Props {
  lang: Lang;
  /** From `islandResources(lang, …)` in the page. */
  resources: LangResources;
  data: CalendarData;
}

export default function CalendarIsland({ lang, resources, data }: Props) {
  return (
    <TranslationProvider lang={lang} resources={resources}>
      <IslandErrorBoundary>
        <CalendarApp lang={lang} data={data} />
      </IslandErrorBoundary>
    </TranslationProvider>
  );
}
