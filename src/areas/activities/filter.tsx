import { getActivities, getActivitiesOfCategory, getActivitiesOfDepartment } from './api';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import type { Translate } from '../../i18n/translator';
import { ActivityCard } from './ActivityCard';

export async function search(f: FilterQuery, lang: Lang, t: Translate): Promise<ResultPage> {
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
    items: res.items.map((a) => <ActivityCard key={a.id} activity={a} type={a.kind} lang={lang} t={t} />),
  };
}
