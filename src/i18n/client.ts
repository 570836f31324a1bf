/**
 * i18next for islands: built from the resources the page passed in (one language, only
 * the namespaces the island needs), so the bundle carries no translations of its own.
 *
 *   const i18n = createIslandI18n(lang, resources);  // props from resourcesFor()
 *   <I18nextProvider i18n={i18n}>…</I18nextProvider>
 */
import i18next, { type i18n } from 'i18next';
import type { Lang } from './config';
import type { LangResources } from './resources';

export function createIslandI18n(lang: Lang, resources: LangResources): i18n {
  const namespaces = Object.keys(resources);
  const instance = i18next.createInstance({
    lng: lang,
    fallbackLng: false, // the other language is deliberately absent
    ns: namespaces,
    defaultNS: namespaces.includes('common') ? 'common' : namespaces[0],
    resources: { [lang]: resources },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void instance.init();
  return instance;
}
