/** getStaticPaths of the downloads area's routes (src/pages/), one function per route. */
import { langStaticPaths } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';
import { getDownloadCategoryEntries } from './collection';

export async function downloadsPaths() {
  return Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const entries = await getDownloadCategoryEntries(props.lang);
      return {
        params,
        props: { ...props, categories: entries.map((e) => e.data) },
        cacheKey: await pageCacheKey(props.lang, entries),
      };
    }),
  );
}

export async function downloadCategoryPaths() {
  const perLang = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const entries = await getDownloadCategoryEntries(props.lang);
      return Promise.all(
        entries.map(async (entry) => ({
          params: { ...params, categoryId: entry.data.id },
          props: { lang: props.lang, category: entry.data },
          cacheKey: await pageCacheKey(props.lang, entry),
        })),
      );
    }),
  );
  return perLang.flat();
}
