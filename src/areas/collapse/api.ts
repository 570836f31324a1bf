/**
 * Collapsible content area: /collapse, /collapse/content/{id}, /collapse/manual/highlight.
 * Spec point 7 "Other"; shapes in docs/api-contract.md. Module ids come from the menus.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseDataList } from '../../api/boundary';
import { listQuery } from '../../api/load-rules';
import { manualSchema, mapManual, type Manual } from '../manuals/api';
import { isoDate, mapRef, refSchema, idSchema } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const collapseItemSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
});

const collapseGroupSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  items: z._default(z.array(collapseItemSchema), []),
});

const collapseModuleSchema = z.object({ module: refSchema, groups: z.array(collapseGroupSchema) });

const collapseContentSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  body_html: z.string(),
  group_id: idSchema,
  updated_at: isoDate,
});

// ---- the portal's types ----

export type CollapseModule = ReturnType<typeof mapCollapseModule>;
export type CollapseContent = ReturnType<typeof mapCollapseContent>;
// ---- mappings ----

function mapCollapseGroup(raw: z.output<typeof collapseGroupSchema>) {
  return {
    id: String(raw.id),
    title: raw.title,
    items: raw.items.map((i) => ({ id: String(i.id), title: i.title, summary: i.summary })),
  };
}

function mapCollapseModule(raw: z.output<typeof collapseModuleSchema>) {
  return { module: mapRef(raw.module), groups: raw.groups.map(mapCollapseGroup) };
}

function mapCollapseContent(raw: z.output<typeof collapseContentSchema>) {
  return {
    id: String(raw.id),
    title: raw.title,
    bodyHtml: raw.body_html,
    groupId: String(raw.group_id),
    updatedAt: raw.updated_at,
  };
}

// ---- calls ----

/** GET /collapse?module_id= — the module's groups, each with its items. */
export async function getCollapse(moduleId: number | string, lang: Lang): Promise<CollapseModule> {
  const endpoint = '/collapse';
  const raw = await api.get(endpoint, { lang, query: listQuery({ module_id: moduleId }) });
  return parseData(endpoint, raw, collapseModuleSchema, mapCollapseModule);
}

/** GET /collapse/content/{id}?module_id= */
export async function getCollapseContent(
  id: number | string,
  moduleId: number | string,
  lang: Lang,
): Promise<CollapseContent> {
  const endpoint = `/collapse/content/${encodeURIComponent(String(id))}`;
  const raw = await api.get(endpoint, { lang, query: listQuery({ module_id: moduleId }) });
  return parseData(endpoint, raw, collapseContentSchema, mapCollapseContent);
}

/** GET /collapse/manual/highlight — the highlighted manuals shown beside collapsible content. */
export async function getCollapseManualHighlights(lang: Lang): Promise<Manual[]> {
  const endpoint = '/collapse/manual/highlight';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), manualSchema, mapManual);
}
