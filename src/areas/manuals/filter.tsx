import { getManualsOfGroup, searchManuals } from './api';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import type { Translate } from '../../i18n/translator';
import { ManualItem } from './ManualItem';

export async function search(f: FilterQuery, lang: Lang, t: Translate): Promise<ResultPage> {
  const params = { keyword: f.q, page: f.page, limit: PAGE_SIZE };
  const group = f.fixed.group || f.cat;
  const res = group ? await getManualsOfGroup(group, params, lang) : await searchManuals(params, lang);
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((m) => <ManualItem key={m.uuid} manual={m} lang={lang} t={t} />),
  };
}
