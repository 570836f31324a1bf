/**
 * One procurement notice in a list: status, group, title (to `/procurement/{uuid}/`), method,
 * budget and dates. Astro renders it statically (PurchaseListPage), the procurement filter island
 * (filter.tsx) for its live results: one markup.
 */
import { FormattedDate } from '../../ui/FormattedDate';
import { localizePath } from '../../i18n/paths';
import type { Lang } from '../../i18n/config';
import type { Text } from '../../ui/text';
import { formatBudget, statusLabel } from './purchase-format';
import type { Purchase } from './api';

const STATUS_CLASS = {
  open: 'border-link text-link',
  closed: 'border-muted text-muted',
  awarded: 'border-fg text-fg',
} as const;

interface Props {
  purchase: Purchase;
  lang: Lang;
  t: Text;
}

export function PurchaseItem({ purchase: p, lang, t }: Props) {
  return (
    <article className="flex flex-col gap-2 rounded border border-solid border-border/40 bg-surface p-4">
      <p className="m-0 flex flex-wrap gap-2 items-center text-sm">
        <span className={`inline-block px-2 rounded border border-solid font-bold ${STATUS_CLASS[p.status]}`}>
          <span className="sr-only">{`${t('content.status')}: `}</span>
          {statusLabel(p.status, t)}
        </span>
        <span className="text-muted">{p.group.title}</span>
      </p>
      <h2 className="m-0 text-lg font-bold leading-snug">
        <a href={localizePath(`/procurement/${p.uuid}/`, lang)}>{p.title}</a>
      </h2>
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted">{t('procurementPage.method')}</dt>
        <dd className="m-0">{p.method}</dd>
        <dt className="text-muted">{t('procurementPage.budget')}</dt>
        <dd className="m-0">{formatBudget(p.budget, lang, t)}</dd>
        <dt className="text-muted">{t('dates.announced')}</dt>
        <dd className="m-0">
          <FormattedDate value={p.announcedAt} lang={lang} />
        </dd>
        {p.closingAt && (
          <>
            <dt className="text-muted">{t('dates.closing')}</dt>
            <dd className="m-0">
              <FormattedDate value={p.closingAt} lang={lang} />
            </dd>
          </>
        )}
      </dl>
    </article>
  );
}
