/**
 * One item of a list: image (fixed size, lazy below the fold), a short label, the title linking
 * to the detail page, date and summary; the heading level fits the page outline. The one card
 * markup: Astro renders it statically (ContentCard.astro and the areas' cards) and the list
 * filter island renders the same component for its live results.
 */
import type { ReactNode } from 'react';
import type { Image } from '../api/shared';
import type { Lang } from '../i18n/config';
import { FormattedDate } from './FormattedDate';

export interface CardProps {
  title: string;
  /** Localised href of the detail page. */
  href: string;
  summary?: string;
  image?: Image | null;
  date?: string;
  /** A short label shown above the title (category, group, status). */
  meta?: string;
  level?: 2 | 3;
  /** The first cards of a page are above the fold: load their images eagerly. */
  eager?: boolean;
  lang: Lang;
  children?: ReactNode;
}

export function Card({ title, href, summary, image, date, meta, level = 2, eager = false, lang, children }: CardProps) {
  const Heading = `h${level}` as const;
  return (
    <article className="flex flex-col gap-2 rounded border border-solid border-border/40 bg-surface overflow-hidden h-full">
      {image && (
        <img
          src={image.url}
          alt=""
          width={image.width}
          height={image.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="w-full h-auto aspect-[16/9] object-cover block"
        />
      )}
      <div className="flex flex-col gap-1 p-4">
        {meta && <p className="m-0 text-sm text-muted">{meta}</p>}
        <Heading className="m-0 text-lg font-bold leading-snug">
          <a href={href}>{title}</a>
        </Heading>
        {date && (
          <p className="m-0 text-sm text-muted">
            <FormattedDate value={date} lang={lang} />
          </p>
        )}
        {summary && <p className="m-0 text-base">{summary}</p>}
        {children}
      </div>
    </article>
  );
}
