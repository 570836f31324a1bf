/**
 * FAQ (/faqs/groups, /faqs) as one record per language: the FAQ page is the only page
 * that shows the questions, and it shows all of them, so one record is exactly what
 * its cacheKey needs. Questions keep the API's order inside their group.
 */
import { getEntry } from 'astro:content';
import { apiCollection } from '../../collections/api-collection';
import { storedRecords } from '../../collections/area-collection';
import { fetchAllPages } from '../../collections/all-pages';
import { getFaqGroups, getFaqs, type Faq, type FaqGroup } from './api';
import type { Lang } from '../../i18n/config';

type FaqItem = Omit<Faq, 'groupId'>;

export interface FaqPageData {
  groups: (Omit<FaqGroup, 'count'> & { faqs: FaqItem[] })[];
  /** Questions whose group the API did not list: shown last, under a heading of their own. */
  ungrouped: FaqItem[];
}

/** The most the API gives per page (docs/api-contract.md "Limits"). */
const FAQ_PAGE_SIZE = 100;

const item = (f: Faq): FaqItem => ({ id: f.id, question: f.question, answerHtml: f.answerHtml });

export const collections = {
  faq: apiCollection({
    endpoint: '/faqs',
    schema: storedRecords<FaqPageData>(null),
    fetch: async (ctx) => {
      const [groups, faqs] = await Promise.all([
        ctx.call('/faqs/groups', () => getFaqGroups(ctx.lang)),
        fetchAllPages(ctx, '/faqs', (page, limit) => getFaqs({ page, limit }, ctx.lang), FAQ_PAGE_SIZE),
      ]);
      const known = new Set(groups.map((g) => g.id));
      const data: FaqPageData = {
        groups: groups.map((g) => ({
          id: g.id,
          title: g.title,
          faqs: faqs.filter((f) => f.groupId === g.id).map(item),
        })),
        ungrouped: faqs.filter((f) => !known.has(f.groupId)).map(item),
      };
      return [{ key: 'main', data }];
    },
  }),
};

/** The FAQ entry of a language (undefined when the API had none). */
export function getFaqEntry(lang: Lang) {
  return getEntry('faq', `${lang}/main`);
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
