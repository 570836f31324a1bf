/**
 * The shell's parts in a page's HTML, marked so that the publisher can swap them (issue 23).
 *
 * The header, footer and consent notice are rendered once per key and reused (./render-cache.ts,
 * ./RenderOnce.astro); each is written between `<!--shell:part-->` and `<!--/shell:part-->`. When
 * only what every page shows changed (a menu, the footer), the publisher's rest does not render
 * every page again: it takes each live page's bytes and puts the parts rendered for the new
 * content in place of the old (`spliceShell`), after checking, route by route, that this gives
 * the bytes a render gives (scripts/publisher/stages/splice.ts).
 *
 * No imports: the publisher loads this module as it is, outside the build.
 */

export const SHELL_PARTS = ['header', 'footer', 'consent'] as const;
export type ShellPart = (typeof SHELL_PARTS)[number];

/** Written where a page's own value goes in a reused part; replaced per page (attribute values). */
export const PLACEHOLDER = {
  alternateHref: '__shell_alternate_href__',
} as const;

const open = (part: ShellPart) => `<!--shell:${part}-->`;
const close = (part: ShellPart) => `<!--/shell:${part}-->`;

/** A part's HTML as a page carries it: between its markers. */
export function markPart(part: ShellPart, html: string): string {
  return `${open(part)}${html}${close(part)}`;
}

/**
 * `page` with each part replaced by `parts` (as rendered, placeholders unfilled), each placeholder
 * filled with the value the page's old part had there: an attribute value, found after the start
 * of its tag as the new part writes it (`<a class="lang-switch" href="`: markup of the template,
 * not content). Null when a part's markers or a placeholder's value are not found: the page is
 * rendered instead.
 */
export function spliceShell(page: string, parts: Readonly<Record<ShellPart, string>>): string | null {
  let out = '';
  let at = 0;
  for (const part of SHELL_PARTS) {
    const start = page.indexOf(open(part), at);
    const end = start < 0 ? -1 : page.indexOf(close(part), start);
    if (end < 0) return null;
    const inner = start + open(part).length;
    const filled = fill(parts[part], page.slice(inner, end));
    if (filled === null) return null;
    out += page.slice(at, inner) + filled;
    at = end;
  }
  return out + page.slice(at);
}

function fill(html: string, old: string): string | null {
  let out = html;
  for (const placeholder of Object.values(PLACEHOLDER)) {
    const i = html.indexOf(placeholder);
    if (i < 0) continue;
    const anchor = html.slice(html.lastIndexOf('<', i), i);
    const from = old.indexOf(anchor);
    if (!anchor.startsWith('<') || from < 0) return null;
    const valueStart = from + anchor.length;
    const valueEnd = old.indexOf('"', valueStart);
    if (valueEnd < 0) return null;
    const value = old.slice(valueStart, valueEnd); // escaped as the page has it: written back as is
    out = out.replaceAll(placeholder, () => value);
  }
  return out;
}
