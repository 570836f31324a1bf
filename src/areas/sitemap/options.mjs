// @ts-check
/**
 * Options of @astrojs/sitemap (astro.config.mjs): /sitemap-index.xml and the sitemap
 * files it references list every built page in Thai and English, each with hreflang
 * alternates to its twin (Thai at `/…`, English at `/en/…`, docs/routes.md).
 * Kept here so the Astro config itself stays stable.
 *
 * The alternates are worked out here, not by the integration's `i18n` option: that option
 * compares every page with every other page, in time that grows with the square of the page
 * count (seconds of the build at the full site's size). Here `filter` notes every page kept and `serialize` looks the twin
 * up, the same links in the same order, in time that grows with the page count.
 */

/** Pages that must not be indexed: the 404 page and the web board's query-string views. */
const EXCLUDED = [/\/404\/?$/, /\/webboard\/(room|thread)\/$/];

/** The site's languages as sitemap `hreflang` values; Thai is the default, without a prefix. */
const DEFAULT_LANG = 'th';
const PREFIXED = 'en';

/** The pages of the build being listed: `filter` sees them all before `serialize` sees one. */
let listed = new Set();
let serializing = false;

/** `url`'s twin in the other language, and the language of each. */
function twinOf(/** @type {string} */ url) {
  const u = new URL(url);
  const english = u.pathname === `/${PREFIXED}/` || u.pathname.startsWith(`/${PREFIXED}/`);
  const other = new URL(url);
  other.pathname = english ? u.pathname.slice(PREFIXED.length + 1) : `/${PREFIXED}${u.pathname}`;
  return { lang: english ? PREFIXED : DEFAULT_LANG, twin: other.href, twinLang: english ? DEFAULT_LANG : PREFIXED };
}

/**
 * The order the integration sorts page URLs in (`localeCompare(b, 'en', { numeric: true })`), as
 * one collator: `localeCompare` with options builds one on every call (about 20 µs each).
 */
export const urlOrder = new Intl.Collator('en', { numeric: true }).compare;

/** The order the integration lists links in: its sort of page URLs. */
const byUrl = (/** @type {{ url: string }} */ a, /** @type {{ url: string }} */ b) => urlOrder(a.url, b.url);

/** @type {NonNullable<import('@astrojs/sitemap').SitemapOptions>} */
export const sitemapOptions = {
  filter: (page) => {
    if (serializing) {
      // A second build in this process: start its list afresh.
      listed = new Set();
      serializing = false;
    }
    const kept = !EXCLUDED.some((re) => re.test(new URL(page).pathname));
    if (kept) listed.add(page);
    return kept;
  },
  serialize: (item) => {
    serializing = true;
    const { lang, twin, twinLang } = twinOf(item.url);
    if (!listed.has(twin)) return item;
    const links = [
      { url: item.url, lang },
      { url: twin, lang: twinLang },
    ].sort(byUrl);
    return { ...item, links };
  },
};
