/**
 * Manual area (service manuals): /manual/*.
 * Spec point 7 "Manual"; shapes in docs/api-contract.md. The Manual schema and mapping
 * are exported for home.ts (/manual/home/highlight) and collapse.ts (/collapse/manual/highlight).
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parsePaged, parseDataList, type Paged } from '../../api/boundary';
import { DEFAULT_PAGE, MANUAL_GROUPS_LIMIT, listQuery } from '../../api/load-rules';
import {
  attachmentSchema,
  isoDate,
  mapAttachment,
  mapRef,
  refSchema,
  type Attachment,
  type Ref,
} from '../../api/shared';

// ---- schemas (the API's shapes) ----

export const manualSchema = z.object({
  uuid: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  group: refSchema,
  updated_at: isoDate,
  highlight: z._default(z.boolean(), false),
});

const manualDetailSchema = z.extend(manualSchema, {
  body_html: z.string(),
  attachments: z._default(z.array(attachmentSchema), []),
});

const manualGroupSchema = z.object({
  id: z.union([z.number(), z.string()]),
  slug: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  count: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});

// ---- the portal's types ----

export interface Manual {
  uuid: string;
  title: string;
  summary: string;
  group: Ref;
  updatedAt: string;
  highlight: boolean;
}

export interface ManualDetail extends Manual {
  bodyHtml: string;
  attachments: Attachment[];
}

export interface ManualGroup {
  id: string;
  slug: string;
  title: string;
  description: string;
  count: number;
}

// ---- mappings ----

export function mapManual(raw: z.output<typeof manualSchema>): Manual {
  return {
    uuid: raw.uuid,
    title: raw.title,
    summary: raw.summary,
    group: mapRef(raw.group),
    updatedAt: raw.updated_at,
    highlight: raw.highlight,
  };
}

function mapManualDetail(raw: z.output<typeof manualDetailSchema>): ManualDetail {
  return { ...mapManual(raw), bodyHtml: raw.body_html, attachments: raw.attachments.map(mapAttachment) };
}

function mapManualGroup(raw: z.output<typeof manualGroupSchema>): ManualGroup {
  return { ...raw, id: String(raw.id) };
}

// ---- calls ----

export interface ManualListParams {
  page?: number;
  keyword?: string;
  limit?: number;
}

/**
 * GET /manual/group/{id} (page, keyword, group_id): spec point 7 lists `group_id` with the
 * group's id in the path, so every call sends it (the same id twice, as the agency's API expects).
 */
export async function getManualsOfGroup(
  id: number | string,
  params: ManualListParams,
  lang: Lang,
): Promise<Paged<Manual>> {
  const endpoint = `/manual/group/${encodeURIComponent(String(id))}`;
  const query = listQuery({ ...params, group_id: id }, { page: DEFAULT_PAGE });
  const raw = await api.get(endpoint, { lang, query });
  return parsePaged(endpoint, raw, manualSchema, mapManual);
}

/** GET /manual/view/{uuid} */
export async function getManual(uuid: string, lang: Lang): Promise<ManualDetail> {
  const endpoint = `/manual/view/${encodeURIComponent(uuid)}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), manualDetailSchema, mapManualDetail);
}

/** GET /manual/search (page, keyword, slug = group slug); a slug of -1 (all groups) is not sent. */
export async function searchManuals(
  params: ManualListParams & { slug?: string | number },
  lang: Lang,
): Promise<Paged<Manual>> {
  const endpoint = '/manual/search';
  const raw = await api.get(endpoint, { lang, query: listQuery({ ...params }, { page: DEFAULT_PAGE }) });
  return parsePaged(endpoint, raw, manualSchema, mapManual);
}

/** GET /manual/groups?page=1&limit=9999 — every group in one page (spec point 9). */
export async function getManualGroups(lang: Lang): Promise<ManualGroup[]> {
  const endpoint = '/manual/groups';
  const query = listQuery({ page: DEFAULT_PAGE, limit: MANUAL_GROUPS_LIMIT });
  return parsePaged(endpoint, await api.get(endpoint, { lang, query }), manualGroupSchema, mapManualGroup).items;
}

/** GET /manual/home */
export async function getManualHome(lang: Lang): Promise<Manual[]> {
  const endpoint = '/manual/home';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), manualSchema, mapManual);
}
