import { getBooks } from './api';
import { localizePath } from '../../i18n/paths';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import { Card } from '../../ui/Card';

/** GET /book/category/all with keyword (the endpoint takes no category), 12 a page. */
export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const res = await getBooks({ keyword: f.q, page: f.page, limit: PAGE_SIZE }, lang);
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((b) => (
      <Card
        key={b.id}
        title={b.title}
        href={localizePath(`/e-magazine/${encodeURIComponent(b.slug)}/`, lang)}
        image={b.cover}
        date={b.publishedAt}
        lang={lang}
        meta={b.category.title}
      />
    )),
  };
}
