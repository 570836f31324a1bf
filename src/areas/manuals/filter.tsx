import { getManualsOfGroup, searchManuals } from './api';
import { localizePath } from '../../i18n/paths';
import { formatDate } from '../../lib/dates';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import { Card } from '../../ui/list-filter/Card';

export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const params = { keyword: f.q, page: f.page, limit: PAGE_SIZE };
  const group = f.fixed.group || f.cat;
  const res = group ? await getManualsOfGroup(group, params, lang) : await searchManuals(params, lang);
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((m) => (
      <Card
        key={m.uuid}
        title={m.title}
        href={localizePath(`/manuals/${encodeURIComponent(m.uuid)}/`, lang)}
        summary={m.summary}
        date={formatDate(m.updatedAt, lang)}
        meta={m.group.title}
      />
    )),
  };
}
