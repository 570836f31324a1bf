/**
 * Language-aware paths. Thai lives at `/…`, English mirrors every path under `/en/…`
 * (docs/routes.md). Menu paths from the API are language-neutral portal paths,
 * so every link the shell renders goes through `localizePath`. Browser-safe.
 */
import { DEFAULT_LANG, type Lang } from './config';

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i; // http:, https:, mailto:, tel:, //host

export function isExternalPath(path: string): boolean {
  return EXTERNAL.test(path);
}

/** The param value to return from getStaticPaths for a language. */
export function paramForLang(lang: Lang): string | undefined {
  return lang === DEFAULT_LANG ? undefined : lang;
}

/** getStaticPaths entries for a page that exists once per language. */
export function langStaticPaths(): Array<{ params: { lang: string | undefined }; props: { lang: Lang } }> {
  return (['th', 'en'] as const).map((lang) => ({ params: { lang: paramForLang(lang) }, props: { lang } }));
}

/** The language a URL path belongs to. */
export function langFromPath(pathname: string): Lang {
  return /^\/en(?:\/|$)/.test(pathname) ? 'en' : DEFAULT_LANG;
}

/** Removes the language prefix: '/en/articles/' → '/articles/', '/en' → '/'. */
function stripLangPrefix(pathname: string): string {
  const stripped = pathname.replace(/^\/en(?=\/|$)/, '');
  return stripped === '' ? '/' : stripped;
}

/**
 * '/articles/' → '/articles/' (th) or '/en/articles/' (en). Keeps query and hash,
 * leaves external addresses and in-page anchors alone, tolerates an existing prefix.
 */
export function localizePath(path: string, lang: Lang): string {
  if (path === '' || isExternalPath(path) || path.startsWith('#') || path.startsWith('?')) return path;
  const match = /^([^?#]*)(.*)$/.exec(path)!;
  let pathname = match[1] ?? '/';
  const rest = match[2] ?? '';
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  pathname = stripLangPrefix(pathname);
  const localized = lang === DEFAULT_LANG ? pathname : pathname === '/' ? '/en/' : `/en${pathname}`;
  return localized + rest;
}

/** The same page in another language: alternatePath('/en/articles/', 'th') → '/articles/'. */
export function alternatePath(currentPath: string, targetLang: Lang): string {
  return localizePath(currentPath, targetLang);
}

/** A file's path in a language (a calendar file), without the trailing slash localizePath gives pages. */
export const localizeFilePath = (path: string, lang: Lang) => localizePath(path, lang).replace(/\/$/, '');
