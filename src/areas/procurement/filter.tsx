import { useTranslation } from '../../ui/island/translation';
import { getPurchases, type Purchase } from './api';
import { localizePath } from '../../i18n/paths';
import { formatDate } from '../../lib/dates';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';

const STATUS_KEY = {
  open: 'content.statusOpen',
  closed: 'content.statusClosed',
  awarded: 'content.statusAwarded',
} as const;

function PurchaseItem({ p, lang }: { p: Purchase; lang: Lang }) {
  const { t } = useTranslation('common');
  return (
    <article className="flex flex-col gap-2 rounded border border-solid border-border/40 bg-surface p-4">
      <p className="m-0 flex flex-wrap gap-2 items-center text-sm">
        <span className="inline-block px-2 rounded border border-solid font-bold">
          <span className="sr-only">{t('content.status')}: </span>
          {t(STATUS_KEY[p.status])}
        </span>
        <span className="text-muted">{p.group.title}</span>
      </p>
      <h2 className="m-0 text-lg font-bold leading-snug">
        <a href={localizePath(`/procurement/${encodeURIComponent(p.uuid)}/`, lang)}>{p.title}</a>
      </h2>
      <p className="m-0 text-sm text-muted">
        {t('dates.announced')} {formatDate(p.announcedAt, lang)}
        {p.closingAt && (
          <>
            {' '}
            · {t('dates.closing')} {formatDate(p.closingAt, lang)}
          </>
        )}
      </p>
      {p.summary && <p className="m-0">{p.summary}</p>}
    </article>
  );
}

export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const res = await getPurchases(
    { keyword: f.q, page: f.page, limit: PAGE_SIZE, gid: f.fixed.gid || f.cat || undefined },
    lang,
  );
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((p) => <PurchaseItem key={p.uuid} p={p} lang={lang} />),
  };
}
