import { getLaws, type Law } from './api';
import { htmlToText } from '../../ui/list-filter/html-text';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import type { Translate } from '../../i18n/translator';
import { LawItem, lawMeta } from './LawItem';

export async function search(f: FilterQuery, lang: Lang, t: Translate): Promise<ResultPage> {
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
  // As on the static /laws/ list: a category page groups its laws instead of naming the category.
  const metaOf = (law: Law) =>
    f.fixed.law_categories_id ? undefined : lawMeta(law, f.titles.categories, f.titles.subCategories);
  return {
    total: res.total,
    pageSize: res.limit,
    // The full text as plain text: the sanitiser is build-time only (html-text.ts).
    items: res.items.map((law) => (
      <LawItem
        key={law.id}
        law={law}
        body={{ text: htmlToText(law.bodyHtml) }}
        lang={lang}
        t={t}
        meta={metaOf(law)}
        idPrefix="live-"
      />
    )),
  };
}
