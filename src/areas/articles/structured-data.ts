/** An article as a schema.org NewsArticle (JSON-LD for search engines, src/ui/json-ld.ts). */
import type { NewsArticle, WithContext } from 'schema-dts';
import { absoluteUrl, type PageFacts } from '../../ui/json-ld';
import type { StoredArticle } from './collection';

export function newsArticle(article: StoredArticle, page: PageFacts): WithContext<NewsArticle> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    ...(article.summary ? { description: article.summary } : {}),
    url: page.url,
    mainEntityOfPage: page.url,
    inLanguage: page.inLanguage,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    ...(article.cover ? { image: absoluteUrl(article.cover.url, page.site) } : {}),
    ...(article.listed ? { articleSection: article.category.title } : {}),
    author: page.agency,
    publisher: page.agency,
  };
}
