/** getStaticPaths of the e-magazine area's routes (src/pages/), one function per route. */
import { readBooks } from './collection';
import { listPagePaths, detailPagePaths } from '../../shell/page-paths';
import { getT } from '../../i18n';

export const eMagazinesPaths = () =>
  listPagePaths(async (lang) => {
    const { books, template } = await readBooks(lang);
    return [{ entries: books, props: { template: template?.data }, shows: [template] }];
  });

export const eMagazinePaths = () =>
  detailPagePaths(async (lang) => {
    const { books, template } = await readBooks(lang);
    const listTitle = template?.data.title ?? getT(lang)('booksPage.title');
    return books.map((entry) => ({
      params: { slug: entry.data.slug },
      props: { book: entry.data, listTitle },
      shows: [entry, template],
    }));
  });
