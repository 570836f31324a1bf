/**
 * Procurement notices (spec point 7 "Purchase") as one collection, `purchases`, per language:
 *   groups            the notice groups, id and title (/purchase/group)
 *   order             notice keys in the API's list order (/purchase/all, every page)
 *   purchase:{uuid}   one notice with body and attachments (/purchase/view/{uuid})
 * A group page lists the notices whose group is that group, in list order.
 */
import { z } from 'zod';
import { apiCollection } from '../../collections/api-collection';
import {
  attachmentShape,
  fetchAllPages,
  ofKind,
  orderKeys,
  orderShape,
  pick,
  readArea,
  recordOf,
  refShape,
} from '../../collections/area-records';
import { getPurchase, getPurchaseGroups, getPurchases } from './api';
import type { Lang } from '../../i18n/config';

const purchaseShape = z.object({
  kind: z.literal('purchase'),
  uuid: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  group: refShape,
  method: z.string(),
  budget: z.number().nonnegative().nullable(),
  status: z.enum(['open', 'closed', 'awarded']),
  announcedAt: z.string(),
  closingAt: z.string().nullable(),
  bodyHtml: z.string(),
  attachments: z.array(attachmentShape),
});

// Counts are left out on purpose: they change with every new notice, and the groups record
// is part of every procurement page's cacheKey.
const groupsShape = z.object({ kind: z.literal('groups'), items: z.array(refShape) });

const purchaseRecordSchema = z.discriminatedUnion('kind', [purchaseShape, groupsShape, orderShape]);
export type PurchaseRecord = z.output<typeof purchaseRecordSchema>;
export type StoredPurchase = z.output<typeof purchaseShape>;

const purchaseKey = (uuid: string) => `purchase:${uuid}`;

export const purchaseCollections = {
  purchases: apiCollection({
    endpoint: '/purchase/all',
    schema: purchaseRecordSchema,
    fetch: async (ctx) => {
      const { lang } = ctx;
      const [groups, list] = await Promise.all([
        ctx.call('/purchase/group', () => getPurchaseGroups(lang)),
        fetchAllPages(ctx, '/purchase/all', (page, limit) => getPurchases({ page, limit }, lang)),
      ]);
      const items = await ctx.all(
        list,
        (p) => `/purchase/view/${p.uuid}`,
        (p) => getPurchase(p.uuid, lang),
      );
      return [
        { key: 'groups', data: { kind: 'groups' as const, items: groups.map((g) => ({ id: g.id, title: g.title })) } },
        { key: 'order', data: { kind: 'order' as const, keys: list.map((p) => purchaseKey(p.uuid)) } },
        ...items.map((p) => ({ key: purchaseKey(p.uuid), data: { kind: 'purchase' as const, ...p } })),
      ];
    },
  }),
};

export async function readPurchases(lang: Lang) {
  const byKey = await readArea<PurchaseRecord>('purchases', lang);
  return {
    purchases: ofKind(pick(byKey, orderKeys(byKey)), 'purchase'),
    groups: recordOf(byKey, 'groups', 'groups'),
  };
}
