import { getMediaList } from './api';
import { localizePath } from '../../i18n/paths';
import { PAGE_SIZE, type FilterQuery, type ResultPage } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';
import { Card } from '../../ui/Card';
import { useTranslation } from '../../ui/island/translation';
import type { MediaSummary } from './api';

function MediaCard({ m, lang }: { m: MediaSummary; lang: Lang }) {
  const { t } = useTranslation('common');
  return (
    <Card
      title={m.title}
      href={localizePath(`/multimedia/${encodeURIComponent(m.slug)}/`, lang)}
      summary={m.summary}
      image={m.cover}
      date={m.publishedAt}
      lang={lang}
      meta={`${t(m.kind === 'video' ? 'content.video' : 'content.gallery')} · ${m.category.title}`}
    />
  );
}

/** GET /media/category/all with keyword and cid (the category), 12 a page. */
export async function search(f: FilterQuery, lang: Lang): Promise<ResultPage> {
  const res = await getMediaList({ keyword: f.q, cid: f.cat || undefined, page: f.page, limit: PAGE_SIZE }, lang);
  return {
    total: res.total,
    pageSize: res.limit,
    items: res.items.map((m) => <MediaCard key={m.id} m={m} lang={lang} />),
  };
}
