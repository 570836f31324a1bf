/** getStaticPaths of the online-services area's routes (src/pages/), one function per route. */
import { LANGS, paramForLang } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';
import { readOnlineServices } from './collection';
import { detailPagePaths } from '../../shell/page-paths';

export async function onlineServicesPaths() {
  return Promise.all(
    LANGS.map(async (lang) => {
      const { categories, hot, servicesOf } = await readOnlineServices(lang);
      const shown = categories.map((c) => ({ category: c, services: servicesOf(c.data.services) }));
      return {
        params: { lang: paramForLang(lang) },
        props: {
          lang,
          hot: (hot?.services ?? []).map((e) => e.data),
          categories: shown.map(({ category, services }) => ({
            id: category.data.id,
            title: category.data.title,
            services: services.map((e) => e.data),
          })),
        },
        cacheKey: await pageCacheKey(
          lang,
          hot?.entry,
          hot?.services,
          shown.flatMap(({ category, services }) => [category, ...services]),
        ),
      };
    }),
  );
}

export const onlineServicePaths = () =>
  detailPagePaths(async (lang) => {
    const { allServices, categoryTitle } = await readOnlineServices(lang);
    return allServices.map((entry) => {
      const category = categoryTitle(entry.data.categoryId) ?? '';
      return {
        params: { id: entry.data.id },
        props: { service: entry.data, category },
        shows: [entry, { id: `online-category:${entry.data.categoryId}`, digest: category }],
      };
    });
  });
