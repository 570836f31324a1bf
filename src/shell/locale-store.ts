/**
 * The chosen language (spec point 2): localStorage key `locale`, 'th' or 'en'. The page's
 * language itself comes from its URL (`/` Thai, `/en/` English); this key only remembers the
 * visitor's last choice for the language switcher.
 */
import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_LANG, isLang, type Lang } from '../i18n/config';

export const LOCALE_KEY = 'locale';

export const $locale = persistentAtom<Lang>(LOCALE_KEY, DEFAULT_LANG, {
  encode: (lang) => lang,
  decode: (raw) => (isLang(raw) ? raw : DEFAULT_LANG), // a hand-edited value must not break pages
});

export function setLocale(lang: Lang): void {
  $locale.set(lang);
}

/** The language of the page being shown, from `<html lang>`; Thai outside a browser. */
export function pageLang(doc: Pick<Document, 'documentElement'> | undefined = globalThis.document): Lang {
  const lang = doc?.documentElement?.lang?.slice(0, 2).toLowerCase();
  return isLang(lang) ? lang : DEFAULT_LANG;
}
