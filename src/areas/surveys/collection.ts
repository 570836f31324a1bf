/**
 * The survey list (GET /survey?page=): one record per survey summary, key = survey id.
 * The list page shows title, description, question count and closing date; the form
 * page (/surveys/{id}/, built by the islands helper) may use these ids for its paths.
 */
import { getCollection } from 'astro:content';
import { apiCollection, type AreaContext } from '../../collections/api-collection';
import { storedRecords } from '../../collections/area-collection';
import { compareIds, ofLang } from '../../shell/modules';
import { getSurveys, type SurveySummary } from './api';
import { pageCacheKey } from '../../shell/collection';
import { paginateEntries } from '../../ui/paginate';
import { langStaticPaths } from '../../i18n/paths';
import type { Lang } from '../../i18n/config';
import { surveyFormCollections } from './form-collection';

/** Safety net: the API pages surveys itself (page size not stated); stop after this many. */
const MAX_SURVEY_PAGES = 200;

/** Every page of /survey: page 1 tells the total, the page size is what page 1 holds. */
async function fetchAllSurveys(ctx: AreaContext): Promise<SurveySummary[]> {
  const first = await ctx.call('/survey', () => getSurveys({ page: 1 }, ctx.lang));
  const perPage = first.results.length;
  if (perPage === 0 || first.results.length >= first.total) return first.results;
  const pages = Math.min(Math.ceil(first.total / perPage), MAX_SURVEY_PAGES);
  const rest = Array.from({ length: pages - 1 }, (_, i) => i + 2);
  const more = await ctx.all(
    rest,
    (p) => `/survey?page=${p}`,
    (page) => getSurveys({ page }, ctx.lang),
  );
  return [...first.results, ...more.flatMap((m) => m.results)];
}

export const collections = {
  surveys: apiCollection({
    endpoint: '/survey',
    schema: storedRecords<SurveySummary>(null),
    fetch: async (ctx) => (await fetchAllSurveys(ctx)).map((s) => ({ key: s.id, data: s })),
  }),
  ...surveyFormCollections,
};

/** The surveys of a language in the API's order (by id). */
async function getSurveyEntries(lang: Lang) {
  return ofLang(await getCollection('surveys'), lang).sort((a, b) => compareIds(a.data.id, b.data.id));
}

/** getStaticPaths of the survey list: page 1 (`/surveys/`) or pages 2+ (`/surveys/page/{n}/`). */
export async function surveyListPaths(which: 'first' | 'rest') {
  const perLang = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const slices = paginateEntries(await getSurveyEntries(props.lang));
      const wanted = which === 'first' ? slices.slice(0, 1) : slices.slice(1);
      return Promise.all(
        wanted.map(async (slice) => ({
          params: which === 'first' ? params : { ...params, n: String(slice.page) },
          props: {
            lang: props.lang,
            surveys: slice.items.map((e) => e.data),
            page: slice.page,
            totalPages: slice.totalPages,
          },
          cacheKey: await pageCacheKey(props.lang, slice.items),
        })),
      );
    }),
  );
  return perLang.flat();
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
