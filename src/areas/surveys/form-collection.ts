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
import { getCollection } from 'astro:content';
import { apiCollection, type AreaContext, type DigestSource } from '../../collections/api-collection';
import { storedRecords } from '../../collections/area-collection';
import { getSurvey, getSurveys, type Survey, type SurveySummary } from './api';
import type { Lang } from '../../i18n/config';
import { hasPassed } from '../../lib/clock';

/**
 * A survey's form: the survey (api.ts) with the list's closing time (null = open-ended) and
 * whether that time had passed when the API was read (src/lib/clock.ts: the page shows a closed
 * survey as closed without JavaScript, and the publisher re-reads the area at `closesAt`).
 */
export type SurveyForm = Survey & Pick<SurveySummary, 'closesAt'> & { closed: boolean };
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
    schema: storedRecords<SurveyForm>(null),
    fetch: async (ctx) => {
      const summaries = await allSummaries(ctx);
      const forms = await ctx.all(
        summaries,
        (s) => `/survey/${s.id}`,
        async (s) => {
          // closesAt before sections: the island's props (and its markup's uid) keep their order.
          const { sections, ...survey } = await getSurvey(s.id, ctx.lang);
          return { key: s.id, data: { ...survey, closesAt: s.closesAt, closed: hasPassed(s.closesAt), sections } };
        },
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
