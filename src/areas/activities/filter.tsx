import { getActivities, getActivitiesOfCategory, getActivitiesOfDepartment } from './api';
import { localizePath } from '../../i18n/paths';
import { formatDate } from '../../lib/dates';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import { Card } from '../../ui/list-filter/Card';

export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const sortBy = f.sort === 'oldest' ? 'oldest' : 'newest';
  const params = { keyword: f.q, page: f.page, limit: PAGE_SIZE, sortBy } as const;
  // A category page (/activities/category/{id}/) asks its own endpoint, /activity/category/{id}.
  const res = f.fixed.department
    ? await getActivitiesOfDepartment(f.fixed.department, f.fixed.category || 'all', params, lang)
    : f.fixed.cid
      ? await getActivitiesOfCategory(f.fixed.cid, params, lang)
      : await getActivities({ ...params, cid: f.cat || undefined }, lang);
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((a) => (
      <Card
        key={a.id}
        title={a.title}
        href={localizePath(`/activity/${encodeURIComponent(a.id)}/`, lang)}
        summary={a.summary}
        image={a.cover}
        date={formatDate(a.startDate, lang)}
        meta={a.category.title}
      />
    )),
  };
}
