/** getStaticPaths of the multimedia area's routes (src/pages/), one function per route. */
import { detailPagePaths, listPagePaths } from '../../shell/page-paths';
import { readMedia } from './collection';

export const mediaPaths = () =>
  detailPagePaths(async (lang) =>
    (await readMedia(lang)).media.map((entry) => ({
      params: { slug: entry.data.slug },
      props: { media: entry.data },
      shows: [entry],
    })),
  );

export const multimediaPaths = () =>
  listPagePaths(async (lang) => {
    const { media, categories } = await readMedia(lang);
    return [{ entries: media, props: { categories: categories?.data.list ?? [] }, shows: [categories] }];
  });
