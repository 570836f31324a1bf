import { getArticles, getArticlesOfCategory, getArticlesOfDepartment } from './api';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import { ArticleCard } from './ArticleCard';

export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const params = { keyword: f.q, page: f.page, limit: PAGE_SIZE };
  const category = f.fixed.category || f.cat;
  const res = f.fixed.department
    ? await getArticlesOfDepartment(
        f.fixed.department,
        category || 'all',
        { ...params, region: f.region || undefined, province: f.province || undefined },
        lang,
      )
    : category
      ? await getArticlesOfCategory(category, params, lang)
      : await getArticles(params, lang);
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((a) => <ArticleCard key={a.id} article={a} lang={lang} />),
  };
}
