/**
 * The wrapper every island starts with: its own i18next instance built from the resources the
 * page passed (one language only), the API client switched to the page's language, and an
 * error boundary so a crash inside the island never takes the rest of the page down.
 *
 *   <IslandRoot lang={lang} resources={resources}>…</IslandRoot>
 */
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createIslandI18n } from '../../i18n/client';
import type { Lang } from '../../i18n/config';
import type { LangResources } from '../../i18n/resources';
import { IslandErrorBoundary } from './IslandErrorBoundary';
import { useApiLanguage } from './use-api-language';

export interface IslandProps {
  lang: Lang;
  /** From `resourcesFor(lang, namespaces)` in the page. */
  resources: LangResources;
}

export function IslandRoot({ lang, resources, children }: IslandProps & { children: ReactNode }) {
  useApiLanguage(lang);
  // One instance per island mount; resources never change after the page rendered.
  const i18n = useMemo(() => createIslandI18n(lang, resources), [lang, resources]);
  return (
    <I18nextProvider i18n={i18n}>
      <IslandErrorBoundary>{children}</IslandErrorBoundary>
    </I18nextProvider>
  );
}
