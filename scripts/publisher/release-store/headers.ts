/**
 * The HTTP headers every file of a release is served with, wherever it is served from: the
 * publisher's static server sets them on each response, the S3 store stores them on each object
 * (standard headers as object headers, cache tags as object metadata the CDN maps back).
 *
 * One place decides content type, caching and the security headers a file can carry. Headers a
 * file cannot carry (HSTS, CSP `frame-ancestors`) are the CDN's: see docs/deploy.md.
 */
import mime from 'mime-types';

/** Header name → value, names in their usual capitalisation. */
export type HeaderMap = Record<string, string>;

/** Hashed build assets: the name changes with the bytes, so they never change under a name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * HTML, feeds and sitemaps: browsers keep them one minute and may show the old copy for ten more
 * while they fetch the new one. The CDN holds them until a purge names them (its own edge TTL).
 */
export const SHORT = 'public, max-age=60, stale-while-revalidate=600';
/** Other public files (favicon, robots.txt, files copied from public/): an hour. */
export const STATIC = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * Browser features a content portal never uses, all turned off (`()` = no origin may use it).
 * Fullscreen stays allowed for the site itself (media players).
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'ambient-light-sensor=()',
  'autoplay=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Carried by every response and object. */
export const SECURITY_HEADERS: Readonly<HeaderMap> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
});

/**
 * Longest tag header value written. Fastly and Cloudflare both accept 16 KB; S3 allows 2 KB of
 * user metadata per object in total, so the S3 store asks for less (see `tagHeaders`).
 */
const TAG_HEADER_LIMIT = 8 * 1024;

/** Text types that get `charset=utf-8` even where the MIME database names no charset. */
const UTF8_TYPES = /^(text\/|application\/(.+\+)?(xml|json|javascript)$|image\/svg\+xml$)/;

function extensionOf(sitePath: string): string {
  const name = sitePath.slice(sitePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** `Content-Type` for a site path, with `charset=utf-8` on every text format. */
export function contentTypeOf(sitePath: string): string {
  const type = mime.lookup(extensionOf(sitePath) || 'bin') || 'application/octet-stream';
  return UTF8_TYPES.test(type) ? `${type}; charset=utf-8` : type;
}

/** Files under `_astro/`: Vite names them by content hash. */
export function isHashedAsset(sitePath: string): boolean {
  return sitePath.replace(/^\/+/, '').startsWith('_astro/');
}

/** Pages, feeds and sitemaps: they change under the same name when content changes. */
export function isDocument(sitePath: string): boolean {
  const ext = extensionOf(sitePath);
  return ext === 'html' || ext === 'xml' || ext === 'xsl' || sitePath.endsWith('/') || ext === '';
}

export function cacheControlOf(sitePath: string): string {
  if (isHashedAsset(sitePath)) return IMMUTABLE;
  if (isDocument(sitePath)) return SHORT;
  return STATIC;
}

/**
 * A cache tag as it travels in a header: printable ASCII without space, comma or `%`. Other
 * characters (Thai slugs, spaces) are percent-encoded as UTF-8, so the encoding is one-to-one
 * and a purge that encodes the same tag the same way names the same key.
 */
export function encodeTag(tag: string): string {
  return tag.replace(/[^\x21-\x7e]|[,%]/gu, (c) => encodeURIComponent(c));
}

/**
 * `Surrogate-Key` (Fastly, space-separated) and `Cache-Tag` (Cloudflare, comma-separated) for
 * a page's tags, deduplicated, in the given order, each value at most `limit` characters: tags
 * that do not fit are left out whole (the purge names the page's path too, so a page with more
 * records than fit is still purged by URL).
 */
export function tagHeaders(tags: readonly string[], limit = TAG_HEADER_LIMIT): HeaderMap {
  const kept: string[] = [];
  let length = -1;
  for (const tag of new Set(tags.map(encodeTag))) {
    if (!tag) continue;
    if (length + 1 + tag.length > limit) continue;
    kept.push(tag);
    length += 1 + tag.length;
  }
  if (kept.length === 0) return {};
  return { 'Surrogate-Key': kept.join(' '), 'Cache-Tag': kept.join(',') };
}

/** Every header a file of the site at `sitePath` is served with. */
export function headersFor(sitePath: string, tags: readonly string[] = [], tagLimit = TAG_HEADER_LIMIT): HeaderMap {
  return {
    'Content-Type': contentTypeOf(sitePath),
    'Cache-Control': cacheControlOf(sitePath),
    ...SECURITY_HEADERS,
    ...tagHeaders(tags, tagLimit),
  };
}
