/**
 * Home services area: /home-service/home and /home-service/detail/{id}.
 * Spec point 7 "Other"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseDataList } from '../../api/boundary';
import { attachmentSchema, imageSchema, mapAttachment, mapOptionalImage, idSchema } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const homeServiceSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  cover: z.nullable(imageSchema),
});

const homeServiceDetailSchema = z.extend(homeServiceSchema, {
  body_html: z.string(),
  attachments: z._default(z.array(attachmentSchema), []),
});

// ---- the portal's types ----

export type HomeService = ReturnType<typeof mapHomeService>;
export type HomeServiceDetail = ReturnType<typeof mapHomeServiceDetail>;
// ---- mappings ----

function mapHomeService(raw: z.output<typeof homeServiceSchema>) {
  return { id: String(raw.id), title: raw.title, summary: raw.summary, cover: mapOptionalImage(raw.cover) };
}

function mapHomeServiceDetail(raw: z.output<typeof homeServiceDetailSchema>) {
  return { ...mapHomeService(raw), bodyHtml: raw.body_html, attachments: raw.attachments.map(mapAttachment) };
}

// ---- calls ----

/** GET /home-service/home */
export async function getHomeServices(lang: Lang): Promise<HomeService[]> {
  const endpoint = '/home-service/home';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), homeServiceSchema, mapHomeService);
}

/** GET /home-service/detail/{id} */
export async function getHomeService(id: number | string, lang: Lang): Promise<HomeServiceDetail> {
  const endpoint = `/home-service/detail/${encodeURIComponent(String(id))}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), homeServiceDetailSchema, mapHomeServiceDetail);
}
