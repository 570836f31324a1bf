// @ts-check
/**
 * Options of @astrojs/sitemap (astro.config.mjs): /sitemap-index.xml and the sitemap
 * files it references list every built page in Thai and English, each with hreflang
 * alternates to its twin (Thai at `/…`, English at `/en/…`, docs/routes.md).
 * Kept here so the Astro config itself stays stable.
 */

/** Pages that must not be indexed: the 404 page and the web board's query-string views. */
const EXCLUDED = [/\/404\/?$/, /\/webboard\/(room|thread)\/$/];

/** @type {import('@astrojs/sitemap').SitemapOptions} */
export const sitemapOptions = {
  i18n: { defaultLocale: 'th', locales: { th: 'th', en: 'en' } },
  filter: (page) => !EXCLUDED.some((re) => re.test(new URL(page).pathname)),
};
