/** getStaticPaths of the articles area's routes (src/pages/), one function per route. */
import { detailPagePaths } from '../../shell/page-paths';
import { readArticles } from './collection';
import { wholeListPaths, departmentListPaths, categoryListPaths } from '../../shell/categorised-lists';
import { ARTICLES } from './lists';
import { withDepartmentPlaces } from './department-places';

export const articlePaths = () =>
  detailPagePaths(async (lang) => {
    const { all, relatedOf } = await readArticles(lang);
    return all.map((entry) => {
      const related = relatedOf(entry.data);
      return {
        params: { slug: entry.data.slug },
        props: { article: entry.data, related: related.map((r) => r.data) },
        shows: [entry, ...related],
      };
    });
  });

export const articlesPaths = () => wholeListPaths(ARTICLES);

// The live filter of a department's list also offers region and province (GET /contact/province).
export const articlesOfDepartmentPaths = async () => withDepartmentPlaces(await departmentListPaths(ARTICLES));

export const articlesOfCategoryPaths = () => categoryListPaths(ARTICLES, 'slug');
