/** getStaticPaths of the faq area's routes (src/pages/), one function per route. */
import { langStaticPaths } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';
import { getFaqEntry, type FaqPageData } from './collection';

export async function faqPaths() {
  return Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const entry = await getFaqEntry(props.lang);
      const data: FaqPageData = entry?.data ?? { groups: [], ungrouped: [] };
      return { params, props: { ...props, data }, cacheKey: await pageCacheKey(props.lang, entry) };
    }),
  );
}
