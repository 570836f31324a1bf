/**
 * Online services (spec point 7 "Other": /online-service/*) as one grouped collection,
 * `onlineServices`, per language (src/collections/area-collection.ts):
 *   order             category keys in the API's order (/online-service/category/list)
 *   group:{id}        a category with its service keys (/online-service/service-category/{id})
 *   service:{id}      one service with body, attachments and its address (/online-service/view/{id})
 *   hot               the hot service keys (/online-service/hot-service)
 */
import { groupedArea, readGroupedArea, type OrderRecord, type Stored } from '../../collections/area-collection';
import { groupKey } from '../../collections/area-records';
import {
  getHotServices,
  getOnlineService,
  getOnlineServiceCategories,
  getOnlineServicesOfCategory,
  type OnlineServiceCategory,
  type OnlineServiceDetail,
} from './api';
import type { Lang } from '../../i18n/config';

export type StoredOnlineService = Stored<'service', OnlineServiceDetail>;
type StoredCategory = Stored<'group', Omit<OnlineServiceCategory, 'count'> & { services: string[] }>;
type OnlineServiceRecord = StoredOnlineService | StoredCategory | OrderRecord;

export const collections = {
  onlineServices: groupedArea({
    endpoint: '/online-service/category/list',
    groups: async (ctx) => {
      const categories = await ctx.call('/online-service/category/list', () => getOnlineServiceCategories(ctx.lang));
      return ctx.all(
        categories,
        (c) => `/online-service/service-category/${c.id}`,
        async (c) => ({ group: c, items: await getOnlineServicesOfCategory(c.id, ctx.lang) }),
      );
    },
    groupKey: (c) => c.id,
    group: ({ id, title }, services) => ({ id, title, services }),
    hot: (ctx) => ctx.call('/online-service/hot-service', () => getHotServices(ctx.lang)),
    kind: 'service',
    key: (s) => s.id,
    detail: { endpoint: (id) => `/online-service/view/${id}`, load: getOnlineService },
  }),
};

export async function readOnlineServices(lang: Lang) {
  const area = await readGroupedArea<OnlineServiceRecord, 'service'>('onlineServices', lang, 'service');
  return {
    categories: area.groups,
    hot: area.hot && { entry: area.hot.entry, services: area.hot.items },
    servicesOf: area.itemsOf,
    allServices: area.all,
    categoryTitle: (id: string) => {
      const c = area.byKey.get(groupKey(id));
      return c?.data.kind === 'group' ? c.data.title : undefined;
    },
  };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
