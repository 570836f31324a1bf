import { getProvinceContacts } from './api';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import type { Translate } from '../../i18n/translator';
import { ProvinceItem } from './ProvinceItem';

/** The province list is not paged by the API: the island pages it, 12 at a time. */
export async function search(f: FilterQuery, lang: Lang, t: Translate): Promise<ResultPage> {
  const res = await getProvinceContacts(
    { keyword: f.q || undefined, region: f.region || f.fixed.region || undefined },
    lang,
  );
  const start = (f.page - 1) * PAGE_SIZE;
  return {
    total: res.provinces.length,
    pageSize: PAGE_SIZE,
    items: res.provinces
      .slice(start, start + PAGE_SIZE)
      .map((p) => <ProvinceItem key={p.id} province={p} t={t} showRegion />),
  };
}
