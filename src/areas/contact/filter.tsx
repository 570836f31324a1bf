import { useTranslation } from '../../ui/island/translation';
import { getProvinceContacts, type ProvinceContact } from './api';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';

function Province({ p }: { p: ProvinceContact }) {
  const { t } = useTranslation('common');
  return (
    <article className="flex flex-col gap-1 rounded border border-solid border-border/40 bg-surface p-4 h-full">
      <p className="m-0 text-sm text-muted">{p.region.title}</p>
      <h2 className="m-0 text-lg font-bold">{p.province}</h2>
      <p className="m-0">{p.office}</p>
      <p className="m-0">{p.address}</p>
      {p.phone && (
        <p className="m-0">
          {t('footer.phone')}: <a href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>{p.phone}</a>
        </p>
      )}
      {p.email && (
        <p className="m-0">
          {t('footer.email')}: <a href={`mailto:${p.email}`}>{p.email}</a>
        </p>
      )}
    </article>
  );
}

/** The province list is not paged by the API: the island pages it, 12 at a time. */
export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const res = await getProvinceContacts(
    { keyword: f.q || undefined, region: f.region || f.fixed.region || undefined },
    lang,
  );
  const start = (f.page - 1) * PAGE_SIZE;
  return {
    total: res.provinces.length,
    pageSize: PAGE_SIZE,
    items: res.provinces.slice(start, start + PAGE_SIZE).map((p) => <Province key={p.id} p={p} />),
  };
}
