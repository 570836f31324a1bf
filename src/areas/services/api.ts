/**
 * Services area: /services/page/{slug} and /services/groups/{slug}.
 * Spec point 7 "Services"; shapes in docs/api-contract.md. The home page's
 * /services/home and /services/home/single-page live in home.ts and reuse the
 * Service and ServiceGroup schemas and mappings exported here.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseDataList } from '../../api/boundary';
import { attachmentSchema, imageSchema, mapAttachment, mapOptionalImage } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const serviceSchema = z.object({
  id: z.union([z.number(), z.string()]),
  slug: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  icon: z.nullable(imageSchema),
  group: z.object({ slug: z.string().check(z.minLength(1)), title: z.string().check(z.minLength(1)) }),
});

const serviceDetailSchema = z.extend(serviceSchema, {
  body_html: z.string(),
  url: z.nullable(z.string().check(z.minLength(1))),
  attachments: z._default(z.array(attachmentSchema), []),
});

const serviceGroupSchema = z.object({
  slug: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  services: z._default(z.array(serviceSchema), []),
});

// ---- the portal's types ----

export type Service = ReturnType<typeof mapService>;
export type ServiceDetail = ReturnType<typeof mapServiceDetail>;
export type ServiceGroup = ReturnType<typeof mapServiceGroup>;
// ---- mappings ----

function mapService(raw: z.output<typeof serviceSchema>) {
  return {
    id: String(raw.id),
    slug: raw.slug,
    title: raw.title,
    summary: raw.summary,
    icon: mapOptionalImage(raw.icon),
    group: { slug: raw.group.slug, title: raw.group.title },
  };
}

function mapServiceDetail(raw: z.output<typeof serviceDetailSchema>) {
  return { ...mapService(raw), bodyHtml: raw.body_html, url: raw.url, attachments: raw.attachments.map(mapAttachment) };
}

function mapServiceGroup(raw: z.output<typeof serviceGroupSchema>) {
  return { slug: raw.slug, title: raw.title, description: raw.description, services: raw.services.map(mapService) };
}

// ---- calls ----

/** GET /services/page/{slug} */
export async function getService(slug: string, lang: Lang): Promise<ServiceDetail> {
  const endpoint = `/services/page/${encodeURIComponent(slug)}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), serviceDetailSchema, mapServiceDetail);
}

/** GET /services/groups/{slug} */
export async function getServiceGroup(slug: string, lang: Lang): Promise<ServiceGroup> {
  const endpoint = `/services/groups/${encodeURIComponent(slug)}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), serviceGroupSchema, mapServiceGroup);
}

/** GET /services/home/single-page — the highlighted (hot) services. */
export async function getHotServices(lang: Lang): Promise<Service[]> {
  const endpoint = '/services/home/single-page';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), serviceSchema, mapService);
}

/** GET /services/home — the service groups of the home page. */
export async function getHomeServiceGroups(lang: Lang): Promise<ServiceGroup[]> {
  const endpoint = '/services/home';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), serviceGroupSchema, mapServiceGroup);
}
