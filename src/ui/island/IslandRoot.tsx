/**
 * The wrapper every island starts with: its text from the resources the page passed (one
 * language only, read by useTranslation in ./translation), the API client switched to the page's language, and an
 * error boundary so a crash inside the island never takes the rest of the page down.
 *
 *   <IslandRoot lang={lang} resources={resources}>…</IslandRoot>
 */
import type { ReactNode } from 'react';
import type { Lang } from '../../i18n/config';
import type { LangResources } from '../../i18n/resources';
import { IslandErrorBoundary } from './IslandErrorBoundary';
import { TranslationProvider } from './translation';
import { useApiLanguage } from './use-api-language';

export interface IslandProps {
  lang: Lang;
  /** From `resourcesFor(lang, namespaces)` in the page. */
  resources: LangResources;
}

export function IslandRoot({ lang, resources, children }: IslandProps & { children: ReactNode }) {
  useApiLanguage(lang);
  return (
    <TranslationProvider lang={lang} resources={resources}>
      <IslandErrorBoundary>{children}</IslandErrorBoundary>
    </TranslationProvider>
  );
}
