/**
 * Services (spec point 7 "Services") as one grouped collection, `services`, per language
 * (src/collections/area-collection.ts):
 *   order             group keys in the API's order (/services/home)
 *   group:{slug}      a group with its description and service keys (/services/groups/{slug})
 *   service:{slug}    one service with body, address and attachments (/services/page/{slug})
 *   hot               the highlighted ("hot") service keys (/services/home/single-page)
 */
import { groupedArea, readGroupedArea, type OrderRecord, type Stored } from '../../collections/area-collection';
import {
  getHomeServiceGroups,
  getHotServices,
  getService,
  getServiceGroup,
  type ServiceDetail,
  type ServiceGroup,
} from './api';
import type { Lang } from '../../i18n/config';

export type StoredService = Stored<'service', ServiceDetail>;
export type StoredServiceGroup = Stored<'group', Omit<ServiceGroup, 'services'> & { services: string[] }>;
type ServiceRecord = StoredService | StoredServiceGroup | OrderRecord;

export const collections = {
  services: groupedArea({
    endpoint: '/services/home',
    groups: async (ctx) => {
      const home = await ctx.call('/services/home', () => getHomeServiceGroups(ctx.lang));
      const groups = await ctx.all(
        home,
        (g) => `/services/groups/${g.slug}`,
        (g) => getServiceGroup(g.slug, ctx.lang),
      );
      return groups.map((group) => ({ group, items: group.services }));
    },
    groupKey: (g) => g.slug,
    group: ({ slug, title, description }, services) => ({ slug, title, description, services }),
    hot: (ctx) => ctx.call('/services/home/single-page', () => getHotServices(ctx.lang)),
    kind: 'service',
    key: (s) => s.slug,
    detail: { endpoint: (slug) => `/services/page/${slug}`, load: getService },
  }),
};

export async function readServices(lang: Lang) {
  const { groups, itemsOf, all, hot } = await readGroupedArea<ServiceRecord, 'service'>('services', lang, 'service');
  return { groups, hot: hot && { entry: hot.entry, services: hot.items }, servicesOf: itemsOf, allServices: all };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
