/**
 * How the shell renders a path from the API (menus, footer, banners): portal paths get
 * the page's language prefix, external addresses open as they are and say so.
 */
import { isExternalPath, localizePath } from '../i18n/paths';
import type { Lang } from '../i18n/config';

export interface ShellLink {
  href: string;
  external: boolean;
  rel?: string;
}

export function shellLink(path: string, lang: Lang): ShellLink {
  if (isExternalPath(path)) return { href: path, external: /^https?:|^\/\//i.test(path), rel: 'noopener noreferrer' };
  return { href: localizePath(path, lang), external: false };
}

/** True when `path` is the current page or one of its ancestors (for aria-current). */
export function isCurrentPath(linkHref: string, currentPath: string): 'page' | 'location' | undefined {
  if (linkHref === currentPath) return 'page';
  if (linkHref !== '/' && linkHref !== '/en/' && currentPath.startsWith(linkHref)) return 'location';
  return undefined;
}
