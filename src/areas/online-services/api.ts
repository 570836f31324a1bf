/**
 * Online services area: /online-service/*.
 * Spec point 7 "Other"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseDataList } from '../../api/boundary';
import { attachmentSchema, imageSchema, mapAttachment, mapOptionalImage, idSchema } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const onlineServiceSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  icon: z.nullable(imageSchema),
  category_id: idSchema,
  url: z.nullable(z.string().check(z.minLength(1))),
});

const onlineServiceDetailSchema = z.extend(onlineServiceSchema, {
  body_html: z.string(),
  attachments: z._default(z.array(attachmentSchema), []),
});

const onlineCategorySchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  count: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});

// ---- the portal's types ----

export type OnlineService = ReturnType<typeof mapOnlineService>;
export type OnlineServiceDetail = ReturnType<typeof mapOnlineServiceDetail>;
export interface OnlineServiceCategory {
  id: string;
  title: string;
  count: number;
}

// ---- mappings ----

function mapOnlineService(raw: z.output<typeof onlineServiceSchema>) {
  return {
    id: String(raw.id),
    title: raw.title,
    summary: raw.summary,
    icon: mapOptionalImage(raw.icon),
    categoryId: String(raw.category_id),
    url: raw.url,
  };
}

function mapOnlineServiceDetail(raw: z.output<typeof onlineServiceDetailSchema>) {
  return { ...mapOnlineService(raw), bodyHtml: raw.body_html, attachments: raw.attachments.map(mapAttachment) };
}

function mapOnlineCategory(raw: z.output<typeof onlineCategorySchema>): OnlineServiceCategory {
  return { id: String(raw.id), title: raw.title, count: raw.count };
}

// ---- calls ----

/** GET /online-service/hot-service */
export async function getHotServices(lang: Lang): Promise<OnlineService[]> {
  const endpoint = '/online-service/hot-service';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), onlineServiceSchema, mapOnlineService);
}

/** GET /online-service/view/{id} — one service. */
export async function getOnlineService(id: number | string, lang: Lang): Promise<OnlineServiceDetail> {
  const endpoint = `/online-service/view/${encodeURIComponent(String(id))}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), onlineServiceDetailSchema, mapOnlineServiceDetail);
}

/** GET /online-service/category/list */
export async function getOnlineServiceCategories(lang: Lang): Promise<OnlineServiceCategory[]> {
  const endpoint = '/online-service/category/list';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), onlineCategorySchema, mapOnlineCategory);
}

/** GET /online-service/service-category/{id} — the services of category id. */
export async function getOnlineServicesOfCategory(id: number | string, lang: Lang): Promise<OnlineService[]> {
  const endpoint = `/online-service/service-category/${encodeURIComponent(String(id))}`;
  return parseDataList(endpoint, await api.get(endpoint, { lang }), onlineServiceSchema, mapOnlineService);
}
