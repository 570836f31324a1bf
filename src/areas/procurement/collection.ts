/**
 * Procurement notices (spec point 7 "Purchase") as one list collection, `purchases`, per
 * language (src/collections/area-collection.ts):
 *   groups            the notice groups, id and title (/purchase/group)
 *   order             notice keys in the API's list order (/purchase/all, every page)
 *   purchase:{uuid}   one notice with body and attachments (/purchase/view/{uuid})
 * A group page lists the notices whose group is that group, in list order.
 */
import { listArea, readListArea, type OrderRecord, type Stored } from '../../collections/area-collection';
import { fetchAllPages, recordOf } from '../../collections/area-records';
import { getPurchase, getPurchaseGroups, getPurchases, type PurchaseDetail, type PurchaseGroup } from './api';
import type { Lang } from '../../i18n/config';

export type StoredPurchase = Stored<'purchase', PurchaseDetail>;
type PurchaseRecord = StoredPurchase | Stored<'groups', { items: Omit<PurchaseGroup, 'count'>[] }> | OrderRecord;

export const collections = {
  purchases: listArea({
    endpoint: '/purchase/all',
    list: (ctx) => fetchAllPages(ctx, '/purchase/all', (page, limit) => getPurchases({ page, limit }, ctx.lang)),
    kind: 'purchase',
    key: (p) => p.uuid,
    detail: { endpoint: (p) => `/purchase/view/${p.uuid}`, load: (p, lang) => getPurchase(p.uuid, lang) },
    extras: {
      // Counts are left out on purpose: they change with every new notice, and the groups record
      // is part of every procurement page's cacheKey.
      groups: async (ctx) => ({
        items: (await ctx.call('/purchase/group', () => getPurchaseGroups(ctx.lang))).map(({ id, title }) => ({
          id,
          title,
        })),
      }),
    },
  }),
};

export async function readPurchases(lang: Lang) {
  const { byKey, items } = await readListArea<PurchaseRecord, 'purchase'>('purchases', lang, 'purchase');
  return { purchases: items, groups: recordOf(byKey, 'groups', 'groups') };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
