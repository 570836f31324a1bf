/**
 * Law area: /law, /law/categories, /law/subcategories and PUT /law/{id}/view.
 * Spec point 7 "Other"; shapes in docs/api-contract.md; the category mapping is spec point 3.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parsePaged, type Paged } from '../../api/boundary';
import { DEFAULT_PAGE, LAW_CATEGORIES_PAGE_SIZE, listQuery } from '../../api/load-rules';
import { attachmentSchema, isoDate, mapAttachment, idSchema } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const lawSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  body_html: z.string(),
  law_categories_id: idSchema,
  // A law filed directly under a category has no sub-category.
  law_sub_categories_id: z.nullable(idSchema),
  enacted_at: isoDate,
  views: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  attachments: z._default(z.array(attachmentSchema), []),
});

const lawCategorySchema = z.object({
  id: idSchema,
  title_th: z.string().check(z.minLength(1)),
  title_en: z.nullish(z.string()),
});

const lawSubCategorySchema = z.extend(lawCategorySchema, { law_categories_id: idSchema });

// ---- mappings (each one's output is the portal's type of the record, written nowhere else) ----

export type Law = ReturnType<typeof mapLaw>;
/** Spec point 3: slug (from id), title (from title_th). */
export type LawCategory = ReturnType<typeof mapLawCategory>;
/** Spec point 3: slug (from id), title (from title_th), categoryId (from law_categories_id). */
export type LawSubCategory = ReturnType<typeof mapLawSubCategory>;

function mapLaw(raw: z.output<typeof lawSchema>) {
  return {
    id: String(raw.id),
    title: raw.title,
    summary: raw.summary,
    bodyHtml: raw.body_html,
    categoryId: String(raw.law_categories_id),
    subCategoryId: raw.law_sub_categories_id === null ? null : String(raw.law_sub_categories_id),
    enactedAt: raw.enacted_at,
    views: raw.views,
    attachments: raw.attachments.map(mapAttachment),
  };
}

/**
 * The law categories are the one place where the API sends both languages instead of
 * answering in the requested one (docs/api-contract.md "Conventions"). Spec point 3 maps
 * the title from title_th; that is right for Thai pages, but an English page would then show
 * Thai headings. Our choice: English pages use title_en when it is present and not blank,
 * and fall back to title_th (never an empty heading).
 */
function lawCategoryTitle(raw: { title_th: string; title_en?: string | null }, lang: Lang): string {
  const english = raw.title_en?.trim();
  return lang === 'en' && english ? english : raw.title_th;
}

function mapLawCategory(raw: z.output<typeof lawCategorySchema>, lang: Lang) {
  return { slug: String(raw.id), title: lawCategoryTitle(raw, lang) };
}

function mapLawSubCategory(raw: z.output<typeof lawSubCategorySchema>, lang: Lang) {
  return { ...mapLawCategory(raw, lang), categoryId: String(raw.law_categories_id) };
}

// ---- calls ----

export interface LawListParams {
  page?: number;
  /** Laws page with page_size, not limit. */
  page_size?: number;
  keyword?: string;
  law_categories_id?: number | string;
  law_sub_categories_id?: number | string;
}

/** GET /law (page, page_size, keyword, law_categories_id, law_sub_categories_id) */
export async function getLaws(params: LawListParams, lang: Lang): Promise<Paged<Law>> {
  const endpoint = '/law';
  const raw = await api.get(endpoint, { lang, query: listQuery({ ...params }, { page: DEFAULT_PAGE }) });
  return parsePaged(endpoint, raw, lawSchema, mapLaw);
}

/** Spec point 9: the category lists are read in one page of 500. */
const categoriesQuery = () => listQuery({ page: DEFAULT_PAGE, page_size: LAW_CATEGORIES_PAGE_SIZE });

/** GET /law/categories?page=1&page_size=500 */
export async function getLawCategories(lang: Lang): Promise<LawCategory[]> {
  const endpoint = '/law/categories';
  const raw = await api.get(endpoint, { lang, query: categoriesQuery() });
  return parsePaged(endpoint, raw, lawCategorySchema, (c) => mapLawCategory(c, lang)).items;
}

/** GET /law/subcategories?page=1&page_size=500 */
export async function getLawSubCategories(lang: Lang): Promise<LawSubCategory[]> {
  const endpoint = '/law/subcategories';
  const raw = await api.get(endpoint, { lang, query: categoriesQuery() });
  return parsePaged(endpoint, raw, lawSubCategorySchema, (c) => mapLawSubCategory(c, lang)).items;
}
