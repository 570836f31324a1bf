/**
 * Services (spec point 7 "Services") as one collection, `services`, per language:
 *   order             group keys in the API's order (/services/home)
 *   group:{slug}      a group with its description and service keys (/services/groups/{slug})
 *   service:{slug}    one service with body, address and attachments (/services/page/{slug})
 *   hot               the highlighted ("hot") service keys (/services/home/single-page)
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
import { getService, getServiceGroup } from './api';
import { getHomeServiceGroups, getHotServices } from '../home/api';
import type { Lang } from '../../i18n/config';

const serviceShape = z.object({
  kind: z.literal('service'),
  id: z.string().min(1),
  slug: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  icon: imageShape.nullable(),
  group: z.object({ slug: z.string().min(1), title: z.string().min(1) }),
  bodyHtml: z.string(),
  url: z.string().nullable(),
  attachments: z.array(attachmentShape),
});

const groupShape = z.object({
  kind: z.literal('group'),
  slug: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  services: z.array(z.string()),
});

const hotShape = z.object({ kind: z.literal('hot'), keys: z.array(z.string()) });

const serviceRecordSchema = z.discriminatedUnion('kind', [serviceShape, groupShape, hotShape, orderShape]);
export type ServiceRecord = z.output<typeof serviceRecordSchema>;
export type StoredService = z.output<typeof serviceShape>;
export type StoredServiceGroup = z.output<typeof groupShape>;

const serviceKey = (slug: string) => `service:${slug}`;
const groupKey = (slug: string) => `group:${slug}`;

export const servicesCollections = {
  services: apiCollection({
    endpoint: '/services/home',
    schema: serviceRecordSchema,
    fetch: async (ctx) => {
      const { lang } = ctx;
      const [homeGroups, hot] = await Promise.all([
        ctx.call('/services/home', () => getHomeServiceGroups(lang)),
        ctx.call('/services/home/single-page', () => getHotServices(lang)),
      ]);
      const groups = await ctx.all(
        homeGroups,
        (g) => `/services/groups/${g.slug}`,
        (g) => getServiceGroup(g.slug, lang),
      );
      const slugs = [...new Set([...groups.flatMap((g) => g.services.map((s) => s.slug)), ...hot.map((s) => s.slug)])];
      const services = await ctx.all(
        slugs,
        (s) => `/services/page/${s}`,
        (s) => getService(s, lang),
      );
      return [
        { key: 'order', data: { kind: 'order' as const, keys: groups.map((g) => groupKey(g.slug)) } },
        { key: 'hot', data: { kind: 'hot' as const, keys: hot.map((s) => serviceKey(s.slug)) } },
        ...groups.map((g) => ({
          key: groupKey(g.slug),
          data: {
            kind: 'group' as const,
            slug: g.slug,
            title: g.title,
            description: g.description,
            services: g.services.map((s) => serviceKey(s.slug)),
          },
        })),
        ...services.map((s) => ({ key: serviceKey(s.slug), data: { kind: 'service' as const, ...s } })),
      ];
    },
  }),
};

export async function readServices(lang: Lang) {
  const byKey = await readArea<ServiceRecord>('services', lang);
  const hot = byKey.get('hot');
  const hotKeys = hot?.data.kind === 'hot' ? hot.data.keys : [];
  const servicesOf = (keys: readonly string[]) => ofKind(pick(byKey, keys), 'service');
  return {
    groups: ofKind(pick(byKey, orderKeys(byKey)), 'group'),
    hot: hot ? { entry: hot, services: servicesOf(hotKeys) } : undefined,
    servicesOf,
    allServices: ofKind([...byKey.values()], 'service'),
  };
}
