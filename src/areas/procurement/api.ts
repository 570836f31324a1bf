/**
 * Purchase area (procurement notices): /purchase/*.
 * Spec point 7 "Purchase"; shapes in docs/api-contract.md. The home page's latest 5
 * (GET /purchase/all?page=1&limit=5) lives in home.ts and reuses the schema and mapping here.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseDataList, parsePaged, type Paged } from '../../api/boundary';
import { DEFAULT_PAGE, listQuery } from '../../api/load-rules';
import { attachmentSchema, isoDate, mapAttachment, mapRef, refSchema } from '../../api/shared';

// ---- schemas (the API's shapes) ----

export const purchaseSchema = z.object({
  uuid: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  group: refSchema,
  method: z.string(),
  budget: z.nullable(z.number().check(z.nonnegative())),
  status: z.enum(['open', 'closed', 'awarded']),
  announced_at: isoDate,
  closing_at: z.nullable(isoDate),
});

const purchaseDetailSchema = z.extend(purchaseSchema, {
  body_html: z.string(),
  attachments: z._default(z.array(attachmentSchema), []),
});

const purchaseGroupSchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string().check(z.minLength(1)),
  count: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});

// ---- the portal's types ----

export type Purchase = ReturnType<typeof mapPurchase>;
export type PurchaseDetail = ReturnType<typeof mapPurchaseDetail>;
export type PurchaseGroup = ReturnType<typeof mapPurchaseGroup>;
// ---- mappings ----

export function mapPurchase(raw: z.output<typeof purchaseSchema>) {
  return {
    uuid: raw.uuid,
    title: raw.title,
    summary: raw.summary,
    group: mapRef(raw.group),
    method: raw.method,
    budget: raw.budget,
    status: raw.status,
    announcedAt: raw.announced_at,
    closingAt: raw.closing_at,
  };
}

function mapPurchaseDetail(raw: z.output<typeof purchaseDetailSchema>) {
  return { ...mapPurchase(raw), bodyHtml: raw.body_html, attachments: raw.attachments.map(mapAttachment) };
}

function mapPurchaseGroup(raw: z.output<typeof purchaseGroupSchema>) {
  return { id: String(raw.id), title: raw.title, count: raw.count };
}

// ---- calls ----

export interface PurchaseListParams {
  page?: number;
  keyword?: string;
  /** Group filter; -1 (spec point 5 sentinel) means all groups and is not sent. */
  gid?: number | string;
  limit?: number;
}

/** GET /purchase/all (page, keyword, gid) */
export async function getPurchases(params: PurchaseListParams, lang: Lang): Promise<Paged<Purchase>> {
  const endpoint = '/purchase/all';
  const raw = await api.get(endpoint, { lang, query: listQuery({ ...params }, { page: DEFAULT_PAGE }) });
  return parsePaged(endpoint, raw, purchaseSchema, mapPurchase);
}

/** GET /purchase/view/{uuid} */
export async function getPurchase(uuid: string, lang: Lang): Promise<PurchaseDetail> {
  const endpoint = `/purchase/view/${encodeURIComponent(uuid)}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), purchaseDetailSchema, mapPurchaseDetail);
}

/** GET /purchase/group */
export async function getPurchaseGroups(lang: Lang): Promise<PurchaseGroup[]> {
  const endpoint = '/purchase/group';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), purchaseGroupSchema, mapPurchaseGroup);
}
