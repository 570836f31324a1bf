/**
 * Online services (spec point 7 "Other": /online-service/*) as one collection,
 * `onlineServices`, per language:
 *   order             category keys in the API's order (/online-service/category/list)
 *   category:{id}     a category with its service keys (/online-service/service-category/{id})
 *   service:{id}      one service with body, attachments and its address (/online-service/view/{id})
 *   hot               the hot service keys (/online-service/hot-service)
 */
import { z } from 'zod';
import { apiCollection } from '../../collections/api-collection';
import {
  attachmentShape,
  imageShape,
  ofKind,
  orderKeys,
  orderShape,
  pick,
  readArea,
} from '../../collections/area-records';
import { getHotServices, getOnlineService, getOnlineServiceCategories, getOnlineServicesOfCategory } from './api';
import type { Lang } from '../../i18n/config';

const serviceShape = z.object({
  kind: z.literal('service'),
  id: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  icon: imageShape.nullable(),
  categoryId: z.string(),
  url: z.string().nullable(),
  bodyHtml: z.string(),
  attachments: z.array(attachmentShape),
});

const categoryShape = z.object({
  kind: z.literal('category'),
  id: z.string().min(1),
  title: z.string().min(1),
  services: z.array(z.string()),
});

const hotShape = z.object({ kind: z.literal('hot'), keys: z.array(z.string()) });

const onlineServiceRecordSchema = z.discriminatedUnion('kind', [serviceShape, categoryShape, hotShape, orderShape]);
export type OnlineServiceRecord = z.output<typeof onlineServiceRecordSchema>;
export type StoredOnlineService = z.output<typeof serviceShape>;

const serviceKey = (id: string) => `service:${id}`;
const categoryKey = (id: string) => `category:${id}`;

export const onlineServicesCollections = {
  onlineServices: apiCollection({
    endpoint: '/online-service/category/list',
    schema: onlineServiceRecordSchema,
    fetch: async (ctx) => {
      const { lang } = ctx;
      const [categories, hot] = await Promise.all([
        ctx.call('/online-service/category/list', () => getOnlineServiceCategories(lang)),
        ctx.call('/online-service/hot-service', () => getHotServices(lang)),
      ]);
      const lists = await ctx.all(
        categories,
        (c) => `/online-service/service-category/${c.id}`,
        async (c) => ({ category: c, services: await getOnlineServicesOfCategory(c.id, lang) }),
      );
      const ids = [...new Set([...lists.flatMap((l) => l.services.map((s) => s.id)), ...hot.map((s) => s.id)])];
      const services = await ctx.all(
        ids,
        (id) => `/online-service/view/${id}`,
        (id) => getOnlineService(id, lang),
      );
      return [
        { key: 'order', data: { kind: 'order' as const, keys: lists.map((l) => categoryKey(l.category.id)) } },
        { key: 'hot', data: { kind: 'hot' as const, keys: hot.map((s) => serviceKey(s.id)) } },
        ...lists.map(({ category, services: list }) => ({
          key: categoryKey(category.id),
          data: {
            kind: 'category' as const,
            id: category.id,
            title: category.title,
            services: list.map((s) => serviceKey(s.id)),
          },
        })),
        ...services.map((s) => ({ key: serviceKey(s.id), data: { kind: 'service' as const, ...s } })),
      ];
    },
  }),
};

export async function readOnlineServices(lang: Lang) {
  const byKey = await readArea<OnlineServiceRecord>('onlineServices', lang);
  const hot = byKey.get('hot');
  const hotKeys = hot?.data.kind === 'hot' ? hot.data.keys : [];
  const servicesOf = (keys: readonly string[]) => ofKind(pick(byKey, keys), 'service');
  return {
    categories: ofKind(pick(byKey, orderKeys(byKey)), 'category'),
    hot: hot ? { entry: hot, services: servicesOf(hotKeys) } : undefined,
    servicesOf,
    allServices: ofKind([...byKey.values()], 'service'),
    categoryTitle: (id: string) => {
      const c = byKey.get(categoryKey(id));
      return c?.data.kind === 'category' ? c.data.title : undefined;
    },
  };
}
