/** getStaticPaths of the online-services area's routes (src/pages/), one function per route. */
import { readOnlineServices } from './collection';
import { detailPagePaths, languagePagePaths } from '../../shell/page-paths';

export const onlineServicesPaths = () =>
  languagePagePaths(async (lang) => {
    const { categories, hot, servicesOf } = await readOnlineServices(lang);
    const shown = categories.map((c) => ({ category: c, services: servicesOf(c.data.services) }));
    return {
      props: {
        hot: (hot?.services ?? []).map((e) => e.data),
        categories: shown.map(({ category, services }) => ({
          id: category.data.id,
          title: category.data.title,
          services: services.map((e) => e.data),
        })),
      },
      shows: [hot?.entry, hot?.services, shown.flatMap(({ category, services }) => [category, ...services])],
    };
  });

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
