/**
 * The languages and translation namespaces of spec point 2. Browser-safe: no JSON
 * imports here, so shell scripts can use it without pulling translations in.
 */
export const LANGS = ['th', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** Thai is the default and the fallback; it lives at the site root. */
export const DEFAULT_LANG: Lang = 'th';

export const NAMESPACES = ['common', 'home', 'search', 'contact', 'webboard'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** BCP 47 tags for <html lang>, hreflang and Intl formatting. */
export const HTML_LANG: Record<Lang, string> = { th: 'th', en: 'en' };
/** Open Graph locale tags. */
export const OG_LOCALE: Record<Lang, string> = { th: 'th_TH', en: 'en_US' };

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function otherLang(lang: Lang): Lang {
  return lang === 'th' ? 'en' : 'th';
}
