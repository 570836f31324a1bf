/**
 * Procure area (procurement groups and their documents): /procure/group and /procure/content.
 * Spec point 7 "Other"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseDataList, parsePaged, type Paged } from '../../api/boundary';
import { DEFAULT_PAGE, listQuery } from '../../api/load-rules';
import { attachmentSchema, isoDate, mapAttachment, idSchema } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const procureItemSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  published_at: isoDate,
  attachments: z._default(z.array(attachmentSchema), []),
});

const procureGroupSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  procure_list: z._default(z.array(procureItemSchema), []),
});

// ---- the portal's types ----

export type ProcureItem = ReturnType<typeof mapProcureItem>;
/** Spec point 3: each group holds its procure_list (the first page of its items). */
export type ProcureGroup = ReturnType<typeof mapProcureGroup>;
// ---- mappings ----

function mapProcureItem(raw: z.output<typeof procureItemSchema>) {
  return {
    id: String(raw.id),
    title: raw.title,
    publishedAt: raw.published_at,
    attachments: raw.attachments.map(mapAttachment),
  };
}

function mapProcureGroup(raw: z.output<typeof procureGroupSchema>) {
  return { id: String(raw.id), title: raw.title, procureList: raw.procure_list.map(mapProcureItem) };
}

/**
 * Spec point 4: paging a group's content replaces that group's procureList only when the
 * new page is non-empty, so paging past the end keeps the last page on screen.
 */
export function replaceProcureList(groups: ProcureGroup[], groupId: string, items: ProcureItem[]): ProcureGroup[] {
  if (items.length === 0) return groups;
  return groups.map((g) => (g.id === groupId ? { ...g, procureList: items } : g));
}

// ---- calls ----

/** GET /procure/group — every group with the first page of its items. */
export async function getProcureGroups(lang: Lang): Promise<ProcureGroup[]> {
  const endpoint = '/procure/group';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), procureGroupSchema, mapProcureGroup);
}

export interface ProcureContentParams {
  /** The group to page through; -1 (spec point 5 sentinel) means no group filter and is not sent. */
  group_id?: number | string;
  page?: number;
  limit?: number;
}

/** GET /procure/content (group_id, page) */
export async function getProcureContent(params: ProcureContentParams, lang: Lang): Promise<Paged<ProcureItem>> {
  const endpoint = '/procure/content';
  const raw = await api.get(endpoint, { lang, query: listQuery({ ...params }, { page: DEFAULT_PAGE }) });
  return parsePaged(endpoint, raw, procureItemSchema, mapProcureItem);
}
