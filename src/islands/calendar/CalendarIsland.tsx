/**
 * Event calendar island (`/calendar/`): hydrated client:idle over the build-time event list.
 *
 * Everything it shows comes from the build (`data`, see src/content/events.ts), so it makes no
 * request and deliberately does not use IslandRoot, whose API-language hook would pull the API
 * client into the page: it sets up the same i18n instance and error boundary itself.
 */
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createIslandI18n } from '../../i18n/client';
import type { Lang } from '../../i18n/config';
import type { LangResources } from '../../i18n/resources';
import type { CalendarData } from '../../stores/calendar';
import { IslandErrorBoundary } from '../shared/IslandErrorBoundary';
import { CalendarApp } from './CalendarApp';

interface Props {
  lang: Lang;
  /** From `islandResources(lang, …)` in the page. */
  resources: LangResources;
  data: CalendarData;
}

export default function CalendarIsland({ lang, resources, data }: Props) {
  const i18n = useMemo(() => createIslandI18n(lang, resources), [lang, resources]);
  return (
    <I18nextProvider i18n={i18n}>
      <IslandErrorBoundary>
        <CalendarApp lang={lang} data={data} />
      </IslandErrorBoundary>
    </I18nextProvider>
  );
}
