/** getStaticPaths of the downloads area's routes (src/pages/), one function per route. */
import { detailPagePaths, languagePagePaths } from '../../shell/page-paths';
import { getDownloadCategoryEntries } from './collection';

/** /downloads/: every category. */
export const downloadsPaths = () =>
  languagePagePaths(async (lang) => {
    const entries = await getDownloadCategoryEntries(lang);
    return { props: { categories: entries.map((e) => e.data) }, shows: [entries] };
  });

/** /downloads/{categoryId}/: one page per category. */
export const downloadCategoryPaths = () =>
  detailPagePaths(async (lang) =>
    (await getDownloadCategoryEntries(lang)).map((entry) => ({
      params: { categoryId: entry.data.id },
      props: { category: entry.data },
      shows: [entry],
    })),
  );
