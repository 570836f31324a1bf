/**
 * The shell's parts in a page's HTML, marked so that the publisher can swap them.
 *
 * The header, footer and consent notice are rendered once per key and reused (./render-cache.ts,
 * ./RenderOnce.astro); each is written between `<!--shell:part-->` and `<!--/shell:part-->`. When
 * only what every page shows changed (a menu, the footer), the publisher's rest does not render
 * every page again: it takes each live page's bytes and puts the parts rendered for the new
 * content in place of the old (`spliceShell`), after checking, route by route, that this gives
 * the bytes a render gives (scripts/publisher/stages/splice.ts).
 *
 * No imports (Node's Buffer only): the publisher loads this module as it is, outside the build.
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

/** A part's HTML as bytes, cut at its placeholders: copied into each page as it is. */
interface PartBytes {
  /** The part's bytes between its placeholders (one more than `holes`). */
  pieces: Buffer[];
  /** The placeholder in each hole between two pieces. */
  holes: string[];
  /** Each placeholder's anchor: the start of its tag up to it (`<a class="lang-switch" href="`). */
  anchors: Map<string, Buffer>;
}

const MARKERS = Object.fromEntries(
  SHELL_PARTS.map((part) => [part, { open: Buffer.from(open(part)), close: Buffer.from(close(part)) }]),
) as Record<ShellPart, { open: Buffer; close: Buffer }>;
const QUOTE = 0x22;
/** Parts as bytes, by their HTML: made once for the pages sharing a part (a language's, a section's). */
const asBytes = new Map<string, PartBytes | null>();
const PARTS_KEPT = 256;

function bytesOf(html: string): PartBytes | null {
  let bytes = asBytes.get(html);
  if (bytes === undefined) {
    if (asBytes.size >= PARTS_KEPT) asBytes.clear(); // an old menu's parts
    asBytes.set(html, (bytes = partBytes(html)));
  }
  return bytes;
}

function partBytes(html: string): PartBytes | null {
  const pieces: Buffer[] = [];
  const holes: string[] = [];
  const anchors = new Map<string, Buffer>();
  let at = 0;
  for (;;) {
    let next = -1;
    let placeholder = '';
    for (const p of Object.values(PLACEHOLDER)) {
      const i = html.indexOf(p, at);
      if (i >= 0 && (next < 0 || i < next)) [next, placeholder] = [i, p];
    }
    if (next < 0) break;
    if (!anchors.has(placeholder)) {
      const tag = html.lastIndexOf('<', next);
      if (tag < 0) return null;
      anchors.set(placeholder, Buffer.from(html.slice(tag, next)));
    }
    pieces.push(Buffer.from(html.slice(at, next)));
    holes.push(placeholder);
    at = next + placeholder.length;
  }
  pieces.push(Buffer.from(html.slice(at)));
  return { pieces, holes, anchors };
}

/**
 * `page` with each part replaced by `parts` (as rendered, placeholders unfilled), each placeholder
 * filled with the value the page's old part had there: an attribute value, found after the start
 * of its tag as the new part writes it (`<a class="lang-switch" href="`: markup of the template,
 * not content). Null when a part's markers or a placeholder's value are not found: the page is
 * rendered instead.
 *
 * On bytes, never decoded: the markers and anchors are ASCII, and the page's value is copied as
 * it is. Decoding each 44 KB page and encoding it again took as long as the rest of its swap.
 */
export function spliceShell(page: Buffer, parts: Readonly<Record<ShellPart, string>>): Buffer | null {
  const out: Buffer[] = [];
  let at = 0;
  for (const part of SHELL_PARTS) {
    const { open: opening, close: closing } = MARKERS[part];
    const start = page.indexOf(opening, at);
    const end = start < 0 ? -1 : page.indexOf(closing, start);
    if (end < 0) return null;
    const inner = start + opening.length;
    const bytes = bytesOf(parts[part]);
    if (!bytes) return null;
    const { pieces, holes, anchors } = bytes;
    const values = new Map<string, Buffer>();
    for (const [placeholder, anchor] of anchors) {
      const from = page.indexOf(anchor, inner);
      if (from < 0 || from + anchor.length > end) return null;
      const valueStart = from + anchor.length;
      const valueEnd = page.indexOf(QUOTE, valueStart);
      if (valueEnd < 0 || valueEnd >= end) return null;
      values.set(placeholder, page.subarray(valueStart, valueEnd)); // escaped as the page has it: written back as is
    }
    out.push(page.subarray(at, inner));
    pieces.forEach((piece, i) => {
      out.push(piece);
      if (i < holes.length) out.push(values.get(holes[i]!)!);
    });
    at = end;
  }
  out.push(page.subarray(at));
  return Buffer.concat(out);
}
