/**
 * Text inside islands: `const { t } = useTranslation('webboard')`, the same call shape as
 * react-i18next, over src/i18n/translator.ts (why not react-i18next: see there and the README).
 * IslandRoot (or an island that sets itself up, like the calendar) provides the page's language
 * and the resources the page passed as a prop.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Lang } from '../../i18n/config';
import type { LangResources } from '../../i18n/resources';
import { createTranslator, type Translate } from '../../i18n/translator';

interface TranslationSource {
  lang: Lang;
  resources: LangResources;
}

const TranslationContext = createContext<TranslationSource | null>(null);

export function TranslationProvider({ lang, resources, children }: TranslationSource & { children: ReactNode }) {
  const value = useMemo(() => ({ lang, resources }), [lang, resources]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/** `t` for a namespace (default 'common'); other namespaces with 'ns:key'. */
export function useTranslation(ns = 'common'): { t: Translate; lang: Lang } {
  const source = useContext(TranslationContext);
  if (!source) throw new Error('useTranslation needs a TranslationProvider (IslandRoot) above it');
  const { lang, resources } = source;
  const t = useMemo(() => createTranslator(lang, resources, ns), [lang, resources, ns]);
  return { t, lang };
}
