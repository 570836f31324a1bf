import { useTranslation } from '../../ui/island/translation';
import { getLaws, type Law } from './api';
import { formatDate } from '../../lib/dates';
import { htmlToText } from '../../ui/list-filter/html-text';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';

function LawItem({ law, lang }: { law: Law; lang: Lang }) {
  const { t } = useTranslation('common');
  return (
    <article
      className="flex flex-col gap-2 rounded border border-solid border-border/60 p-4"
      aria-labelledby={`live-law-${law.id}`}
    >
      <h2 id={`live-law-${law.id}`} className="m-0 text-lg md:text-xl font-bold leading-snug">
        {law.title}
      </h2>
      <p className="m-0 text-sm text-muted">
        {t('lawsPage.enacted')} {formatDate(law.enactedAt, lang)}
      </p>
      {law.summary && <p className="m-0">{law.summary}</p>}
      {law.attachments.length > 0 && (
        <ul className="m-0 ps-5" aria-label={t('lawsPage.filesOf', { title: law.title })}>
          {law.attachments.map((a) => (
            <li key={a.url}>
              <a href={a.url}>{a.name}</a>
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary className="cursor-pointer font-bold text-link">
          {t('lawsPage.fullText')}
          <span className="sr-only">: {law.title}</span>
        </summary>
        <p className="pt-2 m-0 whitespace-pre-line">{htmlToText(law.bodyHtml)}</p>
      </details>
    </article>
  );
}

export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const res = await getLaws(
    {
      keyword: f.q,
      page: f.page,
      page_size: PAGE_SIZE,
      law_categories_id: f.fixed.law_categories_id || f.cat || undefined,
      law_sub_categories_id: f.sub || undefined,
    },
    lang,
  );
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((law) => <LawItem key={law.id} law={law} lang={lang} />),
  };
}
