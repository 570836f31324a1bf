/**
 * The shell's data (header menus, quick menu, footer, consent, link banners, exchange
 * links) as content-layer collections, loaded once per build and language.
 *
 * Each collection holds ONE record per language, `th/main` and `en/main`, because the
 * whole menu or footer shows on every page anyway. Stored records are what the mappings of
 * src/shell/navigation-api.ts and src/shell/banners-api.ts return.
 *
 * Every page renders the shell, so every page's cacheKey must include the shell's
 * digests: use `pageCacheKey(lang, …entries)` from here rather than `cacheKeyOf`.
 */
import { getEntry } from 'astro:content';
import {
  apiCollection,
  cacheKeyOf,
  contentVersion,
  keyPrefix,
  noteReads,
  type DigestSource,
  type KeyPrefix,
} from '../collections/api-collection';
import { storedRecords } from '../collections/area-collection';
import { getConsent, getFooter, getMenu, getNewMenu, getQuickMenu } from './navigation-api';
import type { Consent, Footer, MenuItem, QuickMenuItem } from './navigation-api';
import { getExchangeLinks, getLinkBanners, type Banner } from './banners-api';
import { sanitizeCmsHtml } from '../lib/sanitize';
import type { Lang } from '../i18n/config';

// The stored records are the API mappings' outputs (src/shell/navigation-api.ts, banners-api.ts),
// checked field by field at the boundary; lists are kept under `items`.
const menuSchema = storedRecords<{ items: MenuItem[] }>(null);
const listSchema = <T>() => storedRecords<{ items: T[] }>(null);

// ---- collections ----

const MAIN = 'main';

export const collections = {
  menu: apiCollection({
    endpoint: '/menu',
    schema: menuSchema,
    fetch: async ({ lang, call }) => [{ key: MAIN, data: { items: await call('/menu', () => getMenu(lang)) } }],
  }),
  newMenu: apiCollection({
    endpoint: '/new-menu',
    schema: menuSchema,
    fetch: async ({ lang, call }) => [{ key: MAIN, data: { items: await call('/new-menu', () => getNewMenu(lang)) } }],
  }),
  quickMenu: apiCollection({
    endpoint: '/master/quick-menu',
    schema: listSchema<QuickMenuItem>(),
    fetch: async ({ lang, call }) => [
      { key: MAIN, data: { items: await call('/master/quick-menu', () => getQuickMenu(lang)) } },
    ],
  }),
  footer: apiCollection({
    endpoint: '/footer',
    schema: storedRecords<Footer>(null),
    fetch: async ({ lang, call }) => [{ key: MAIN, data: await call('/footer', () => getFooter(lang)) }],
  }),
  consent: apiCollection({
    endpoint: '/consent',
    schema: storedRecords<Consent>(null),
    fetch: async ({ lang, call }) => {
      const consent = await call('/consent', () => getConsent(lang));
      // Editors write this text: sanitise at build time like every other CMS HTML.
      return [{ key: MAIN, data: { ...consent, bodyHtml: sanitizeCmsHtml(consent.bodyHtml) } }];
    },
  }),
  linkBanners: apiCollection({
    endpoint: '/banner/link',
    schema: listSchema<Banner>(),
    fetch: async ({ lang, call }) => [
      { key: MAIN, data: { items: await call('/banner/link', () => getLinkBanners(lang)) } },
    ],
  }),
  exchangeLinks: apiCollection({
    endpoint: '/home/banner/exchange-link',
    schema: listSchema<Banner>(),
    fetch: async ({ lang, call }) => [
      { key: MAIN, data: { items: await call('/home/banner/exchange-link', () => getExchangeLinks(lang)) } },
    ],
  }),
};

/** The collections the layout renders on every page (exchange links are the home page's). */
const LAYOUT_COLLECTIONS = ['menu', 'newMenu', 'quickMenu', 'footer', 'consent', 'linkBanners'] as const;

export interface ShellData {
  menu: MenuItem[];
  topMenu: MenuItem[];
  quickMenu: QuickMenuItem[];
  footer: Footer | undefined;
  consent: Consent | undefined;
  linkBanners: Banner[];
  /** The content-store digests of what the header, the footer and the consent notice show. */
  digests: { header: string; footer: string; consent: string };
}

const digestOf = (...entries: Array<{ digest?: string | number } | undefined>) =>
  entries.map((e) => e?.digest ?? '-').join('.');

/** Everything the layout shows for one language, read from the content store. */
export async function getShellData(lang: Lang): Promise<ShellData> {
  const id = `${lang}/${MAIN}`;
  const [menu, newMenu, quickMenu, footer, consent, linkBanners] = await Promise.all([
    getEntry('menu', id),
    getEntry('newMenu', id),
    getEntry('quickMenu', id),
    getEntry('footer', id),
    getEntry('consent', id),
    getEntry('linkBanners', id),
  ]);
  return {
    menu: menu?.data.items ?? [],
    topMenu: newMenu?.data.items ?? [],
    quickMenu: quickMenu?.data.items ?? [],
    footer: footer?.data,
    consent: consent?.data,
    linkBanners: linkBanners?.data.items ?? [],
    digests: {
      header: digestOf(menu, newMenu, quickMenu),
      footer: digestOf(footer, linkBanners),
      consent: digestOf(consent),
    },
  };
}

/** The exchange links, for the home page. */
export async function getExchangeLinkBanners(lang: Lang): Promise<Banner[]> {
  return (await getEntry('exchangeLinks', `${lang}/${MAIN}`))?.data.items ?? [];
}

/** The shell entries of a language, for cache keys. */
async function readShellEntries(lang: Lang): Promise<DigestSource[]> {
  const id = `${lang}/${MAIN}`;
  const entries = await Promise.all(LAYOUT_COLLECTIONS.map((c) => getEntry(c, id)));
  return entries.map((e, i) => e ?? { id: `${LAYOUT_COLLECTIONS[i]}:${id}:missing` });
}

/**
 * The shell entries read once per language and content version (`contentVersion`), not once per
 * page: every page's cacheKey starts with them, and Astro's getEntry costs an import and two
 * property traps a call (six calls a page: about 0.3 s of each publish's getStaticPaths at
 * 20,000 pages), and kept as their lines and records (`keyPrefix`), not worked out again for every
 * key. The publisher is told the collections a page reads from the memo (`noteReads`).
 * Only the publisher and a build use cacheKeys (a build's store is loaded before any page, the
 * publisher's moves on with `contentVersion`); the dev server's may lag, unused.
 */
let shellRead: { version: number | undefined; byLang: Map<Lang, Promise<KeyPrefix>> } | null = null;
function shellEntries(lang: Lang): Promise<KeyPrefix> {
  const version = contentVersion();
  if (!shellRead || shellRead.version !== version) shellRead = { version, byLang: new Map() };
  let entries = shellRead.byLang.get(lang);
  if (entries) noteReads(LAYOUT_COLLECTIONS);
  else {
    const read = readShellEntries(lang).then(keyPrefix);
    shellRead.byLang.set(lang, read);
    // A failed read is not kept: the next page asks again.
    read.catch(() => shellRead?.byLang.get(lang) === read && shellRead.byLang.delete(lang));
    entries = read;
  }
  return entries;
}

/**
 * The cacheKey of a page in `lang`: the digests of the shell it is wrapped in plus the
 * entries it shows (pass exactly those; never counts or the whole collection).
 *
 *   return { params, props, cacheKey: await pageCacheKey(lang, article, ...related) };
 */
export async function pageCacheKey(
  lang: Lang,
  ...entries: Array<DigestSource | readonly DigestSource[] | undefined>
): Promise<string> {
  return cacheKeyOf(await shellEntries(lang), ...entries);
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
