/**
 * The shell's HTML, rendered once and reused. The header, footer and consent notice
 * are the same on every page of a language except for a few things that depend on the page:
 * which menu links are the current page (aria-current) and the other language's address of the
 * page. So the key of a rendered part holds the language, the digests of the content-store
 * entries it shows and the page's current links; the other language's address is written as a
 * placeholder and filled in per page. A changed menu or footer changes its digest, so the
 * publisher's long-lived render path re-renders the shell after an edit instead of reusing it.
 */
import { shellLink, isCurrentPath } from './links';
import type { MenuItem } from './navigation-api';
import type { Lang } from '../i18n/config';
import { escapeAttribute } from '../collections/astro-internals.ts';
import { PLACEHOLDER } from './shell-splice';

/** Enough for every current-link variant of both languages; old keys (older digests) go first. */
const MAX_ENTRIES = 512;
const rendered = new Map<string, Promise<string>>();

/**
 * The HTML under `key`, rendering it with `render` the first time. Pages rendered at the same
 * time share one render.
 */
export function renderOnce(key: string, render: () => Promise<string>): Promise<string> {
  let html = rendered.get(key);
  if (html === undefined) {
    html = render();
    rendered.set(key, html);
    // A failed render is not kept: the next page tries again (and reports its own error).
    html.catch(() => rendered.delete(key));
    if (rendered.size > MAX_ENTRIES) rendered.delete(rendered.keys().next().value!);
  }
  return html;
}

/** The HTML rendered under `key` already, or undefined (the publisher's splice: ./shell-parts.ts). */
export function renderedPart(key: string): Promise<string> | undefined {
  return rendered.get(key);
}

/** The reused HTML with this page's values in place of the placeholders (attribute values). */
export function fillPlaceholders(html: string, values: Partial<Record<keyof typeof PLACEHOLDER, string>>): string {
  let out = html;
  for (const [name, value] of Object.entries(values)) {
    const escaped = escapeAttribute(value);
    out = out.replaceAll(PLACEHOLDER[name as keyof typeof PLACEHOLDER], () => escaped); // a `$` in it stays as it is
  }
  return out;
}

/**
 * The menu links that are the current page or its ancestors, as a string: two pages with the
 * same answer render the same menus. `home` is the brand link's address.
 */
export function currentLinks(lang: Lang, currentPath: string, home: string, menus: readonly MenuItem[][]): string {
  const hits: string[] = [];
  if (currentPath === home) hits.push('home');
  for (const menu of menus) {
    for (const href of menuHrefs(menu, lang)) {
      const current = isCurrentPath(href, currentPath);
      if (current) hits.push(`${current}:${href}`);
    }
  }
  return hits.join(' ');
}

/**
 * Every link of a menu, depth first, as the page's language writes it: worked out once per
 * menu (the content store hands every page the same menu object) instead of on every page.
 */
const hrefsOf = new WeakMap<readonly MenuItem[], Partial<Record<Lang, string[]>>>();
function menuHrefs(menu: readonly MenuItem[], lang: Lang): string[] {
  let byLang = hrefsOf.get(menu);
  if (!byLang) hrefsOf.set(menu, (byLang = {}));
  let hrefs = byLang[lang];
  if (!hrefs) {
    const list: string[] = [];
    const walk = (items: readonly MenuItem[]) => {
      for (const item of items) {
        list.push(shellLink(item.path, lang).href);
        walk(item.children);
      }
    };
    walk(menu);
    hrefs = byLang[lang] = list;
  }
  return hrefs;
}
