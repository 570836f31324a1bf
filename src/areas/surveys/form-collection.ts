/**
 * Every survey's form (GET /survey/{id}) as a build-time collection, so `/surveys/{id}/`
 * pre-renders the title, description and questions, and the form island starts from the
 * static data instead of asking the API again.
 *
 * One record per survey and language, key = the survey id. The survey list (GET /survey) is
 * walked page by page to learn the ids and each survey's closing time (the detail's `closes_at`
 * is not part of the portal's Survey type; the list's summary carries it), then the details are
 * fetched at bounded concurrency. A survey whose detail fails its schema is skipped with a
 * warning by the area context; the others still build.
 */
import { z } from 'zod';
import { getCollection } from 'astro:content';
import { apiCollection, type AreaContext, type DigestSource } from '../../collections/api-collection';
import { getSurvey, getSurveys, type SurveySummary } from './api';
import type { Lang } from '../../i18n/config';

const questionShape = z.object({
  id: z.string().min(1),
  type: z.enum(['single', 'multiple', 'text', 'rating']),
  label: z.string().min(1),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string().min(1) })),
  max: z.number().int().positive().nullable(),
});

const surveyFormShape = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  /** ISO date-time after which the survey takes no answers; null = open-ended. */
  closesAt: z.string().nullable(),
  sections: z.array(z.object({ id: z.string().min(1), title: z.string(), questions: z.array(questionShape) })),
});

export type SurveyForm = z.output<typeof surveyFormShape>;
export type SurveyQuestion = SurveyForm['sections'][number]['questions'][number];

/** Every survey summary: page 1 tells the total, the rest follow at bounded concurrency. */
async function allSummaries(ctx: AreaContext): Promise<SurveySummary[]> {
  const first = await ctx.call('/survey?page=1', () => getSurveys({ page: 1 }, ctx.lang));
  const perPage = Math.max(first.results.length, 1);
  const pageCount = Math.ceil(first.total / perPage);
  const rest = Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => i + 2);
  const pages = await ctx.all(
    rest,
    (p) => `/survey?page=${p}`,
    (p) => getSurveys({ page: p }, ctx.lang),
  );
  return [...first.results, ...pages.flatMap((p) => p.results)];
}

export const surveyFormCollections = {
  surveyForms: apiCollection({
    endpoint: '/survey/{id}',
    schema: surveyFormShape,
    fetch: async (ctx) => {
      const summaries = await allSummaries(ctx);
      const forms = await ctx.all(
        summaries,
        (s) => `/survey/${s.id}`,
        async (s) => ({ key: s.id, data: { ...(await getSurvey(s.id, ctx.lang)), closesAt: s.closesAt } }),
      );
      return forms;
    },
  }),
};

export interface SurveyFormEntry extends DigestSource {
  data: SurveyForm;
}

/** The stored forms of one language. */
export async function getSurveyForms(lang: Lang): Promise<SurveyFormEntry[]> {
  const entries = (await getCollection('surveyForms')) as unknown as SurveyFormEntry[];
  return entries.filter((e) => e.id.startsWith(`${lang}/`));
}
