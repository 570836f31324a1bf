import { getFaqs } from './api';
import { htmlToText } from '../../ui/list-filter/html-text';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';

export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const res = await getFaqs(
    { keyword: f.q, page: f.page, limit: PAGE_SIZE, cid: f.fixed.cid || f.cat || undefined },
    lang,
  );
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((faq) => (
      <details key={faq.id} className="rounded border border-solid border-border/40 bg-surface p-4">
        <summary className="cursor-pointer font-bold">{faq.question}</summary>
        <p className="mt-2 mb-0 whitespace-pre-line">{htmlToText(faq.answerHtml)}</p>
      </details>
    )),
  };
}
