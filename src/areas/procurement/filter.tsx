import { getPurchases } from './api';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import type { Translate } from '../../i18n/translator';
import { PurchaseItem } from './PurchaseItem';

export async function search(f: FilterQuery, lang: Lang, t: Translate): Promise<ResultPage> {
  const res = await getPurchases(
    { keyword: f.q, page: f.page, limit: PAGE_SIZE, gid: f.fixed.gid || f.cat || undefined },
    lang,
  );
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((p) => <PurchaseItem key={p.uuid} purchase={p} lang={lang} t={t} />),
  };
}
