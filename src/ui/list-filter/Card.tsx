/** The live twin of src/ui/ContentCard.astro: same markup and classes. */
import type { ReactNode } from 'react';
import type { Image } from '../../api/shared';

interface Props {
  title: string;
  href: string;
  summary?: string;
  image?: Image | null;
  date?: string;
  meta?: string;
  children?: ReactNode;
}

export function Card({ title, href, summary, image, date, meta, children }: Props) {
  return (
    <article className="flex flex-col gap-2 rounded border border-solid border-border/40 bg-surface overflow-hidden h-full">
      {image && (
        <img
          src={image.url}
          alt=""
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
          className="w-full h-auto aspect-[16/9] object-cover block"
        />
      )}
      <div className="flex flex-col gap-1 p-4">
        {meta && <p className="m-0 text-sm text-muted">{meta}</p>}
        <h2 className="m-0 text-lg font-bold leading-snug">
          <a href={href}>{title}</a>
        </h2>
        {date && <p className="m-0 text-sm text-muted">{date}</p>}
        {summary && <p className="m-0 text-base">{summary}</p>}
        {children}
      </div>
    </article>
  );
}
