/** getStaticPaths of the services area's routes (src/pages/), one function per route. */
import { readServices } from './collection';
import { detailPagePaths, languagePagePaths } from '../../shell/page-paths';

export const servicesPaths = () =>
  languagePagePaths(async (lang) => {
    const { groups, hot, servicesOf } = await readServices(lang);
    const shown = groups.map((g) => ({ group: g, services: servicesOf(g.data.services) }));
    return {
      props: {
        hot: (hot?.services ?? []).map((e) => e.data),
        groups: shown.map(({ group, services }) => ({ group: group.data, services: services.map((e) => e.data) })),
      },
      shows: [hot?.entry, hot?.services, shown.flatMap(({ group, services }) => [group, ...services])],
    };
  });

export const servicePaths = () =>
  detailPagePaths(async (lang) => {
    const { allServices, groups, servicesOf } = await readServices(lang);
    return allServices.map((entry) => {
      const group = groups.find((g) => g.data.slug === entry.data.group.slug);
      const siblings = group ? servicesOf(group.data.services).filter((s) => s.data.slug !== entry.data.slug) : [];
      return {
        params: { slug: entry.data.slug },
        props: { service: entry.data, siblings: siblings.map((s) => s.data) },
        shows: [entry, siblings],
      };
    });
  });

export const serviceGroupPaths = () =>
  detailPagePaths(async (lang) => {
    const { groups, servicesOf } = await readServices(lang);
    return groups.map((group) => {
      const services = servicesOf(group.data.services);
      return {
        params: { slug: group.data.slug },
        props: { group: group.data, services: services.map((e) => e.data) },
        shows: [group, services],
      };
    });
  });
