/** getStaticPaths of the faq area's routes (src/pages/). */
import { languagePagePaths } from '../../shell/page-paths';
import { getFaqEntry, type FaqPageData } from './collection';

/** /faq/ and /en/faq/: every group with its questions. */
export const faqPaths = () =>
  languagePagePaths(async (lang) => {
    const entry = await getFaqEntry(lang);
    const data: FaqPageData = entry?.data ?? { groups: [], ungrouped: [] };
    return { props: { data }, shows: [entry] };
  });
