/**
 * Every translation, bundled at build time from locales/{lang}/{ns}.json. Server-side
 * only: islands get a slice of this through `resourcesFor`, never the whole table.
 */
import type { Lang, Namespace } from './config';
import thCommon from '../../locales/th/common.json';
import thHome from '../../locales/th/home.json';
import thSearch from '../../locales/th/search.json';
import thContact from '../../locales/th/contact.json';
import thWebboard from '../../locales/th/webboard.json';
import enCommon from '../../locales/en/common.json';
import enHome from '../../locales/en/home.json';
import enSearch from '../../locales/en/search.json';
import enContact from '../../locales/en/contact.json';
import enWebboard from '../../locales/en/webboard.json';

export type TranslationTree = { [key: string]: string | TranslationTree };
export type LangResources = Partial<Record<Namespace, TranslationTree>>;

export const RESOURCES: Record<Lang, Record<Namespace, TranslationTree>> = {
  th: { common: thCommon, home: thHome, search: thSearch, contact: thContact, webboard: thWebboard },
  en: { common: enCommon, home: enHome, search: enSearch, contact: enContact, webboard: enWebboard },
};
