import { getFaqs } from './api';
import { htmlToText } from '../../ui/list-filter/html-text';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import { FaqItem } from './FaqItem';

export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const res = await getFaqs(
    { keyword: f.q, page: f.page, limit: PAGE_SIZE, cid: f.fixed.cid || f.cat || undefined },
    lang,
  );
  return {
    total: res.total,
    pageSize: res.limit,
    // The answer as plain text: the sanitiser is build-time only (html-text.ts).
    items: res.items.map((faq) => (
      <FaqItem key={faq.id} faq={faq} answer={{ text: htmlToText(faq.answerHtml) }} idPrefix="live-" />
    )),
  };
}
