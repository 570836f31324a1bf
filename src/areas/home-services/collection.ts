/**
 * Home services (spec point 7 "Other": /home-service/*) as one collection, `homeServices`:
 *   order             the ids in the API's order (/home-service/home)
 *   service:{id}      one service with body and attachments (/home-service/detail/{id})
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
import { getHomeService, getHomeServices } from './api';
import type { Lang } from '../../i18n/config';

const homeServiceShape = z.object({
  kind: z.literal('service'),
  id: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  cover: imageShape.nullable(),
  bodyHtml: z.string(),
  attachments: z.array(attachmentShape),
});

const homeServiceRecordSchema = z.discriminatedUnion('kind', [homeServiceShape, orderShape]);
export type HomeServiceRecord = z.output<typeof homeServiceRecordSchema>;
export type StoredHomeService = z.output<typeof homeServiceShape>;

const serviceKey = (id: string) => `service:${id}`;

export const homeServicesCollections = {
  homeServices: apiCollection({
    endpoint: '/home-service/home',
    schema: homeServiceRecordSchema,
    fetch: async (ctx) => {
      const { lang } = ctx;
      const list = await ctx.call('/home-service/home', () => getHomeServices(lang));
      const items = await ctx.all(
        list,
        (s) => `/home-service/detail/${s.id}`,
        (s) => getHomeService(s.id, lang),
      );
      return [
        { key: 'order', data: { kind: 'order' as const, keys: list.map((s) => serviceKey(s.id)) } },
        ...items.map((s) => ({ key: serviceKey(s.id), data: { kind: 'service' as const, ...s } })),
      ];
    },
  }),
};

export async function readHomeServices(lang: Lang) {
  const byKey = await readArea<HomeServiceRecord>('homeServices', lang);
  return ofKind(pick(byKey, orderKeys(byKey)), 'service');
}
