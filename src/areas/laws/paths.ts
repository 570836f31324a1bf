/** getStaticPaths of the laws area's routes (src/pages/), one function per route. */
import { paginateEntries } from '../../ui/paginate';
import { getT, langStaticPaths } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';
import { getLawEntries, getLawTaxonomy, orderCategoryLaws, type LawTaxonomy } from './collection';

export async function lawsPaths() {
  const perLang = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const [laws, taxonomy] = await Promise.all([getLawEntries(props.lang), getLawTaxonomy(props.lang)]);
      return Promise.all(
        paginateEntries(laws).map(async (slice) => ({
          params: { ...params, page: slice.param },
          props: {
            lang: props.lang,
            laws: slice.items.map((l) => ({ data: l.data })),
            taxonomy: taxonomy?.data ?? { categories: [], subCategories: [] },
            page: slice.page,
            totalPages: slice.totalPages,
          },
          cacheKey: await pageCacheKey(props.lang, taxonomy, slice.items),
        })),
      );
    }),
  );
  return perLang.flat();
}

export async function lawCategoryPaths() {
  const perLang = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const { lang } = props;
      const [laws, taxonomyEntry] = await Promise.all([getLawEntries(lang), getLawTaxonomy(lang)]);
      const taxonomy: LawTaxonomy = taxonomyEntry?.data ?? { categories: [], subCategories: [] };
      const t = getT(lang);
      const pages = await Promise.all(
        taxonomy.categories.map(async (category) => {
          const ordered = orderCategoryLaws(laws, category.slug, taxonomy.subCategories);
          const slices = paginateEntries(ordered);
          // Where each sub-category's first law lands, for the sub-category links.
          const subStarts: { slug: string | null; title: string; page: number }[] = [];
          const subTitle = new Map(taxonomy.subCategories.map((s) => [s.slug, s.title]));
          slices.forEach((slice) =>
            slice.items.forEach((law) => {
              const slug = law.data.subCategoryId;
              if (subStarts.some((s) => s.slug === slug)) return;
              const title = (slug === null ? undefined : subTitle.get(slug)) ?? t('lawsPage.noSubCategory');
              subStarts.push({ slug, title, page: slice.page });
            }),
          );
          return Promise.all(
            slices.map(async (slice) => ({
              params: { ...params, id: category.slug, page: slice.param },
              props: {
                lang,
                category: { ...category, subStarts },
                laws: slice.items.map((l) => ({ data: l.data })),
                taxonomy,
                page: slice.page,
                totalPages: slice.totalPages,
              },
              // The page shows its own laws and the sub-category links (where each sub-category starts).
              cacheKey: await pageCacheKey(lang, taxonomyEntry, slice.items, {
                id: `law-sub-starts:${JSON.stringify(subStarts)}`,
              }),
            })),
          );
        }),
      );
      return pages.flat();
    }),
  );
  return perLang.flat();
}
