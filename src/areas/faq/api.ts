/**
 * FAQ area: /faqs/groups and /faqs.
 * Spec point 7 "Other"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseDataList, parsePaged, type Paged } from '../../api/boundary';
import { DEFAULT_PAGE, listQuery } from '../../api/load-rules';

// ---- schemas (the API's shapes) ----

const faqGroupSchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string().check(z.minLength(1)),
  count: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});

const faqSchema = z.object({
  id: z.union([z.number(), z.string()]),
  question: z.string().check(z.minLength(1)),
  answer_html: z.string(),
  group_id: z.union([z.number(), z.string()]),
});

// ---- the portal's types ----

export type FaqGroup = ReturnType<typeof mapFaqGroup>;
export type Faq = ReturnType<typeof mapFaq>;
// ---- mappings ----

function mapFaqGroup(raw: z.output<typeof faqGroupSchema>) {
  return { id: String(raw.id), title: raw.title, count: raw.count };
}

function mapFaq(raw: z.output<typeof faqSchema>) {
  return { id: String(raw.id), question: raw.question, answerHtml: raw.answer_html, groupId: String(raw.group_id) };
}

// ---- calls ----

export interface FaqListParams {
  page?: number;
  keyword?: string;
  limit?: number;
  /** Group filter; -1 (spec point 5 sentinel) means all groups and is not sent. */
  cid?: number | string;
}

/** GET /faqs/groups */
export async function getFaqGroups(lang: Lang): Promise<FaqGroup[]> {
  const endpoint = '/faqs/groups';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), faqGroupSchema, mapFaqGroup);
}

/** GET /faqs (page, keyword, limit, cid) */
export async function getFaqs(params: FaqListParams, lang: Lang): Promise<Paged<Faq>> {
  const endpoint = '/faqs';
  const raw = await api.get(endpoint, { lang, query: listQuery({ ...params }, { page: DEFAULT_PAGE }) });
  return parsePaged(endpoint, raw, faqSchema, mapFaq);
}
