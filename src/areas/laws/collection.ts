/**
 * Laws (/law, /law/categories, /law/subcategories): one record per law, so a changed law
 * re-renders only the list pages that show it, and one taxonomy record per language
 * (every law page offers the whole category filter, so all of them depend on it anyway).
 */
import { getCollection, getEntry } from 'astro:content';
import { apiCollection } from '../../collections/api-collection';
import { storedRecords } from '../../collections/area-collection';
import { fetchAllPages } from '../../collections/all-pages';
import { compareIds, ofLang } from '../../shell/modules';
import { getLawCategories, getLawSubCategories, getLaws, type Law, type LawCategory, type LawSubCategory } from './api';
import type { Lang } from '../../i18n/config';

/** A stored law: the boundary's Law (api.ts) without its view count. */
export type LawRecord = Omit<Law, 'views'>;
export interface LawTaxonomy {
  categories: LawCategory[];
  subCategories: LawSubCategory[];
}

// The records were checked by the endpoint's schema at the boundary (api.ts); the collection
// only carries their type (storedRecords, as every area), so a law is described once.
const lawSchema = storedRecords<LawRecord>(null);
const lawTaxonomySchema = storedRecords<LawTaxonomy>(null);

/** /law accepts page_size up to 500 (docs/api-contract.md); few calls even at 5,000 laws. */
const LAW_FETCH_SIZE = 500;

export const collections = {
  laws: apiCollection({
    endpoint: '/law',
    schema: lawSchema,
    fetch: async (ctx) => {
      const laws = await fetchAllPages(
        ctx,
        '/law',
        (page, page_size) => getLaws({ page, page_size }, ctx.lang),
        LAW_FETCH_SIZE,
      );
      // `views` is left out on purpose: it changes with every visit and would re-render the lists.
      return laws.map(({ views: _views, ...law }) => ({ key: law.id, data: law }));
    },
  }),
  lawTaxonomy: apiCollection({
    endpoint: '/law/categories',
    schema: lawTaxonomySchema,
    fetch: async (ctx) => {
      const [categories, subCategories] = await Promise.all([
        ctx.call('/law/categories', () => getLawCategories(ctx.lang)),
        ctx.call('/law/subcategories', () => getLawSubCategories(ctx.lang)),
      ]);
      return [{ key: 'main', data: { categories, subCategories } }];
    },
  }),
};

/** Newest enacted first, as the API lists them (enacted_at DESC, id DESC). */
function compareLaws(a: LawRecord, b: LawRecord): number {
  return b.enactedAt.localeCompare(a.enactedAt) || compareIds(b.id, a.id);
}

/** Every law of a language as collection entries, newest first. */
export async function getLawEntries(lang: Lang) {
  return ofLang(await getCollection('laws'), lang).sort((a, b) => compareLaws(a.data, b.data));
}

export async function getLawTaxonomy(lang: Lang) {
  return getEntry('lawTaxonomy', `${lang}/main`);
}

/** A category's sub-category, or the laws filed directly under the category (slug null). */
export interface LawSubGroup {
  slug: string | null;
  title: string | null;
}

/**
 * The laws of one category in the order its page lists them: by sub-category in the API's
 * order, laws filed directly under the category first, then any whose sub-category the API
 * did not list; newest first inside each. The order within a sub-category is `laws`' own.
 */
export function orderCategoryLaws<T extends { data: LawRecord }>(
  laws: readonly T[],
  categoryId: string,
  subCategories: LawTaxonomy['subCategories'],
): T[] {
  const mine = laws.filter((l) => l.data.categoryId === categoryId);
  const subs = subCategories.filter((s) => s.categoryId === categoryId);
  const rank = new Map(subs.map((s, i) => [s.slug, i + 1]));
  const rankOf = (l: T) => (l.data.subCategoryId === null ? 0 : (rank.get(l.data.subCategoryId) ?? subs.length + 1));
  return mine
    .map((law, index) => ({ law, index }))
    .sort((a, b) => rankOf(a.law) - rankOf(b.law) || a.index - b.index)
    .map(({ law }) => law);
}

/** Runs of consecutive laws with the same sub-category: the sub-headings of one page. */
export function runsBySubCategory<T extends { data: LawRecord }>(
  laws: readonly T[],
  subCategories: LawTaxonomy['subCategories'],
): { sub: LawSubGroup; laws: T[] }[] {
  const titles = new Map(subCategories.map((s) => [s.slug, s.title]));
  const runs: { sub: LawSubGroup; laws: T[] }[] = [];
  for (const law of laws) {
    const slug = law.data.subCategoryId;
    const last = runs[runs.length - 1];
    if (last && last.sub.slug === slug) last.laws.push(law);
    else runs.push({ sub: { slug, title: slug === null ? null : (titles.get(slug) ?? null) }, laws: [law] });
  }
  return runs;
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
