/**
 * Articles (spec point 7 "Content") as one content collection, `articles`, per language:
 *   order                      slugs of every listed article, in the API's order (/content/category/all)
 *   rss                        slugs of the feed's articles (/content/rss, the 20 newest)
 *   article:{slug}             one article with body, attachments and the slugs of its related articles (/content/page/{slug})
 *   category:{slug}            a category of the dropdown (/content/dropdown/category), even an empty one
 *   department:{dept}/{cat}    the slugs of /content/category/{dept}/{cat}, for every pair that has articles
 *
 * Articles that menus or banners link to but lists do not show (the "about" page, slug `a`)
 * are fetched too, so every `/article/{slug}/` link of the shell resolves.
 */
import { apiCollection, type AreaContext } from '../../collections/api-collection';
import { storedRecords, type OrderRecord, type Stored } from '../../collections/area-collection';
import { fetchAllPages, orderKeys, orderRecord, pick, readArea, type AreaEntry } from '../../collections/area-records';
import {
  categorisedRecords,
  fetchDepartmentLists,
  readCategorised,
  type CategorisedRecord,
} from '../../collections/categorised-records';
import {
  getArticle,
  getArticleCategories,
  getArticles,
  getArticlesOfDepartment,
  getRssArticles,
  type Article,
  type ArticleSummary,
} from './api';
import { getFooter, getMenu, getNewMenu, type MenuItem } from '../../shell/navigation-api';
import { getMainBanners } from '../../shell/banners-api';
import type { Lang } from '../../i18n/config';

/** `listed`: false for pages that only menus link to (the "about" page): they stay out of lists and feeds. */
export type StoredArticle = Stored<'article', Article & { listed: boolean }>;
export type StoredArticleSummary = ArticleSummary;
type ArticleRecord = StoredArticle | OrderRecord | CategorisedRecord;

const articleKey = (slug: string) => `article:${slug}`;
const ARTICLE_PATH = /^\/article\/([^/?#]+)\/?$/;

/** Slugs of `/article/{slug}/` links in menus, footer and main banners. */
async function linkedArticleSlugs(ctx: AreaContext): Promise<string[]> {
  const { lang } = ctx;
  const [menu, newMenu, footer, banners] = await Promise.all([
    ctx.call('/menu', () => getMenu(lang)),
    ctx.call('/new-menu', () => getNewMenu(lang)),
    ctx.call('/footer', () => getFooter(lang)),
    ctx.call('/home/banner/main', () => getMainBanners(lang)),
  ]);
  const paths: string[] = [];
  const walk = (items: MenuItem[]) => items.forEach((i) => (paths.push(i.path), walk(i.children)));
  walk(menu);
  walk(newMenu);
  footer.columns.forEach((c) => c.links.forEach((l) => paths.push(l.path)));
  banners.forEach((b) => b.link && paths.push(b.link));
  return paths.flatMap((p) => {
    const m = ARTICLE_PATH.exec(p);
    return m?.[1] ? [decodeURIComponent(m[1])] : [];
  });
}

export const collections = {
  articles: apiCollection({
    endpoint: '/content/category/all',
    schema: storedRecords<ArticleRecord>(),
    fetch: async (ctx) => {
      const { lang } = ctx;
      const [list, categories, linked, rss] = await Promise.all([
        fetchAllPages(ctx, '/content/category/all', (page, limit) => getArticles({ page, limit }, lang)),
        ctx.call('/content/dropdown/category', () => getArticleCategories(lang)),
        linkedArticleSlugs(ctx),
        ctx.call('/content/rss', () => getRssArticles(lang)),
      ]);
      const listedSlugs = new Set(list.map((a) => a.slug));
      const slugs = [...new Set([...listedSlugs, ...linked, ...rss.map((a) => a.slug)])];
      const [articles, departments] = await Promise.all([
        ctx.all(
          slugs,
          (slug) => `/content/page/${slug}`,
          (slug) => getArticle(slug, lang),
        ),
        fetchDepartmentLists(ctx, list, categories, {
          endpoint: (dept, cat) => `/content/category/${dept}/${cat}`,
          load: (dept, cat, page, limit) => getArticlesOfDepartment(dept, cat, { page, limit }, lang),
          key: (a) => articleKey(a.slug),
        }),
      ]);
      return [
        orderRecord([...listedSlugs].map(articleKey)),
        orderRecord(
          rss.map((a) => articleKey(a.slug)),
          'rss',
        ),
        ...categorisedRecords(categories, (c) => c.slug, departments),
        ...articles.map((a) => ({
          key: articleKey(a.slug),
          data: { kind: 'article' as const, ...a, listed: listedSlugs.has(a.slug) },
        })),
      ];
    },
  }),
};

export type ArticleEntry = AreaEntry<StoredArticle>;

/** Everything the article pages of a language need, read once from the store. */
export async function readArticles(lang: Lang) {
  const byKey = await readArea<ArticleRecord>('articles', lang);
  const isArticle = (e: AreaEntry<ArticleRecord>): e is ArticleEntry => e.data.kind === 'article';
  const listed = pick(byKey, orderKeys(byKey)).filter(isArticle);
  const rss = pick(byKey, orderKeys(byKey, 'rss')).filter(isArticle);
  const all = [...byKey.values()].filter(isArticle);
  return {
    /** Listed articles, newest first (the API's order). */
    listed,
    /** The feed's articles (/content/rss), newest first. */
    rss,
    /** Every stored article, listed or not (detail pages). */
    all,
    /** The stored records of an article's related articles, in its order (one missing from the store is left out). */
    relatedOf: (article: StoredArticle) =>
      pick(
        byKey,
        article.related.map((r) => articleKey(r.slug)),
      ).filter(isArticle),
    ...readCategorised(byKey, isArticle),
  };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
