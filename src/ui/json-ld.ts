/**
 * Structured data for search engines (schema.org as JSON-LD, typed with schema-dts): the text of
 * a `<script type="application/ld+json">` data block, and the pieces several areas share.
 *
 * A data block is not script: the browser never runs it, so the strict Content Security Policy
 * (astro.config.mjs) needs no hash or 'unsafe-inline' for it. Its text still ends at the first
 * `</script`, so every `<`, `>` and `&` is written as a JSON escape (`\u003c`…): an API title
 * holding `</script><script>…` stays a string inside the block (json-ld.test.ts).
 */
import type { BreadcrumbList, GovernmentOrganization, Graph, Thing, WithContext } from 'schema-dts';
import { HTML_LANG, localizePath, type Lang } from '../i18n';

export type JsonLdDocument = WithContext<Exclude<Thing, string>> | Graph;

const UNSAFE = /[<>&\u2028\u2029]/g;

/** JSON text safe inside an HTML `<script>` data block. */
export function jsonLdText(data: JsonLdDocument): string {
  return JSON.stringify(data).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** An absolute address on the site for a path (already in the page's language). */
export function absoluteUrl(path: string, site: URL | string): string {
  return new URL(path, site).href;
}

/** BreadcrumbList: the trail as shown, each step with its absolute address when it has one. */
export function breadcrumbList(crumbs: readonly { name: string; url?: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(c.url ? { item: c.url } : {}),
    })),
  };
}

/** What every item's structured data names: its page, its language, the agency that publishes it. */
export interface PageFacts {
  /** The page's absolute address. */
  url: string;
  /** BCP 47 tag of the page's language. */
  inLanguage: string;
  /** The agency (publisher, author, organiser). */
  agency: Exclude<GovernmentOrganization, string>;
  site: URL | string;
}

/**
 * The facts of the page being rendered: `pageFacts(Astro.site ?? Astro.url, Astro.url.pathname,
 * lang, t('agency.name'))`.
 */
export function pageFacts(site: URL | string, pathname: string, lang: Lang, agencyName: string): PageFacts {
  return {
    url: absoluteUrl(pathname, site),
    inLanguage: HTML_LANG[lang],
    agency: {
      '@type': 'GovernmentOrganization',
      name: agencyName,
      url: absoluteUrl(localizePath('/', lang), site),
      logo: absoluteUrl('/favicon.svg', site),
    },
    site,
  };
}
