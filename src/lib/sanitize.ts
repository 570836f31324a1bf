/**
 * Sanitising the CMS's `body_html` before it is rendered with `set:html`.
 *
 * An allow-list, not a block-list: only the tags and attributes below survive; everything else
 * (script, style, iframe, svg, forms, event handlers, style attributes, javascript:/data: URLs)
 * is dropped. On top of that:
 *   - links keep only http, https, mailto, tel or relative addresses; absolute http(s) links get
 *     rel="noopener noreferrer" so an opened page cannot reach back through window.opener;
 *   - images keep src/alt/width/height (src http/https/relative only — no data: URLs) and get
 *     loading="lazy" decoding="async";
 *   - `/files/…` paths (the API's own file store, see docs/api-contract.md) are resolved
 *     against the API base, because the pages are served from another origin.
 *
 * sanitize-html (htmlparser2 + postcss) is a build-time dependency: call this from Astro pages,
 * components and loaders, never from an island, or the browser bundle grows by ~100 KB.
 */
import sanitizeHtml from 'sanitize-html';

export interface SanitizeOptions {
  /** Origin (and optional path) the API's `/files/…` paths live under, e.g. PUBLIC_API_BASE_URL. */
  apiBase?: string;
}

const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
  'blockquote',
  'strong',
  'em',
  'br',
  'hr',
] as const;

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const IMAGE_SCHEMES = ['http', 'https'];
// Dropped together with their content; other disallowed tags keep their text.
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'template',
  'select',
  'title',
  'head',
];
const DIMENSION = /^\d{1,5}$/;

/** `/files/x.pdf` → `${apiBase}/files/x.pdf`; anything else unchanged. */
export function resolveFileUrl(url: string, apiBase: string | undefined): string {
  if (!apiBase || !url.startsWith('/files/')) return url;
  return apiBase.replace(/\/+$/, '') + url;
}

function isAbsoluteHttp(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

function sanitizeOptions(options: SanitizeOptions): sanitizeHtml.IOptions {
  return {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      ol: ['start', 'reversed'],
      blockquote: ['cite'],
    },
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: { img: IMAGE_SCHEMES },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false, // "//evil.example" would silently leave the site
    disallowedTagsMode: 'discard',
    nonTextTags: DROP_WITH_CONTENT,
    // CMS editors use <b>/<i>; keep their meaning with the semantic tags.
    transformTags: {
      b: 'strong',
      i: 'em',
      a: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = { ...attribs };
        // Only "open in a new tab" is meaningful; _top/_parent could navigate the portal away.
        if (out.target !== '_blank') delete out.target;
        if (typeof attribs.href === 'string') {
          out.href = resolveFileUrl(attribs.href.trim(), options.apiBase);
          if (isAbsoluteHttp(out.href)) out.rel = 'noopener noreferrer';
          else delete out.rel;
        }
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = {};
        if (typeof attribs.src === 'string') out.src = resolveFileUrl(attribs.src.trim(), options.apiBase);
        out.alt = typeof attribs.alt === 'string' ? attribs.alt : ''; // alt="" marks decoration
        for (const dim of ['width', 'height'] as const) {
          if (typeof attribs[dim] === 'string' && DIMENSION.test(attribs[dim]!)) out[dim] = attribs[dim]!;
        }
        out.loading = 'lazy';
        out.decoding = 'async';
        return { tagName, attribs: out };
      },
    },
    // An image whose src was refused (data:, javascript:, missing) would render as a broken box.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

/** Safe HTML for `set:html` from untrusted CMS HTML. Non-string input gives ''. */
export function sanitizeCmsHtml(html: unknown, options: SanitizeOptions = {}): string {
  if (typeof html !== 'string' || html === '') return '';
  return sanitizeHtml(html, sanitizeOptions(options));
}

const BLOCK_END =
  /<\/(p|div|li|h[1-6]|tr|td|th|blockquote|figcaption|caption|section|article)\s*>|<br\s*\/?>|<hr\s*\/?>/gi;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};

/**
 * Plain text for summaries and meta descriptions: tags removed (script/style with their
 * content), block ends turned into spaces so words from two paragraphs do not run together,
 * entities decoded, whitespace collapsed. The result is text, to be escaped by whoever
 * renders it (Astro does).
 */
export function stripHtml(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  const text = sanitizeHtml(
    html.replace(BLOCK_END, (m) => `${m} `),
    {
      allowedTags: [],
      allowedAttributes: {},
      nonTextTags: DROP_WITH_CONTENT,
    },
  );
  return text
    .replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Shortens text to at most `max` characters at a word boundary — Thai has no spaces, so the
 * boundary comes from Intl.Segmenter — and appends an ellipsis when something was cut.
 */
export function truncateText(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text;
  const budget = Math.max(0, max - ellipsis.length);
  let end = 0;
  const segmenter = new Intl.Segmenter('th', { granularity: 'word' });
  for (const { segment, index } of segmenter.segment(text)) {
    if (index + segment.length > budget) break;
    end = index + segment.length;
  }
  // A single word longer than the budget: cut inside it, between graphemes so a Thai vowel or
  // tone mark is never separated from its consonant, rather than return nothing.
  if (end === 0) {
    for (const { segment, index } of new Intl.Segmenter('th', { granularity: 'grapheme' }).segment(text)) {
      if (index + segment.length > budget) break;
      end = index + segment.length;
    }
  }
  const cut = text.slice(0, end);
  return cut.trimEnd() + ellipsis;
}
