/**
 * One article in a list: cover, category, title linking to `/article/{slug}/`, date, summary.
 * Astro renders it statically (ArticleListPage, related articles), the articles filter island
 * (filter.tsx) for its live results: one markup.
 */
import { Card } from '../../ui/Card';
import { localizePath } from '../../i18n/paths';
import type { Lang } from '../../i18n/config';
import type { ArticleSummary } from './api';

interface Props {
  article: Pick<ArticleSummary, 'slug' | 'title' | 'summary' | 'cover' | 'publishedAt'> & {
    category: { title: string };
  };
  lang: Lang;
  level?: 2 | 3;
  eager?: boolean;
}

export function ArticleCard({ article, lang, level = 2, eager = false }: Props) {
  return (
    <Card
      title={article.title}
      href={localizePath(`/article/${encodeURIComponent(article.slug)}/`, lang)}
      summary={article.summary}
      image={article.cover}
      date={article.publishedAt}
      meta={article.category.title}
      level={level}
      eager={eager}
      lang={lang}
    />
  );
}
