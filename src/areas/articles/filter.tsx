import { getArticles, getArticlesOfCategory, getArticlesOfDepartment } from './api';
import { localizePath } from '../../i18n/paths';
import { formatDate } from '../../lib/dates';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import { Card } from '../../ui/list-filter/Card';

export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const params = { keyword: f.q, page: f.page, limit: PAGE_SIZE };
  const category = f.fixed.category || f.cat;
  const res = f.fixed.department
    ? await getArticlesOfDepartment(f.fixed.department, category || 'all', params, lang)
    : category
      ? await getArticlesOfCategory(category, params, lang)
      : await getArticles(params, lang);
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((a) => (
      <Card
        key={a.id}
        title={a.title}
        href={localizePath(`/article/${encodeURIComponent(a.slug)}/`, lang)}
        summary={a.summary}
        image={a.cover}
        date={formatDate(a.publishedAt, lang)}
        meta={a.category.title}
      />
    )),
  };
}
