/**
 * One law in a list: title, enacted date, summary, its files, and the full text in a <details>
 * so the list stays scannable. The one law markup: LawsListing.astro renders it statically (no
 * JavaScript shipped), the laws filter island (filter.tsx) renders it for its live results.
 * Opening the full text counts a view (the hidden marker; src/ui/view-counter.ts makes the call).
 */
import { FileList } from '../../ui/FileList';
import { FormattedDate } from '../../ui/FormattedDate';
import type { Lang } from '../../i18n/config';
import type { Text } from '../../ui/text';
import type { Law } from './api';

/** "Category › Sub-category", the label of a law on a list that mixes categories. */
export function lawMeta(
  law: Pick<Law, 'categoryId' | 'subCategoryId'>,
  categories: ReadonlyMap<string, string>,
  subCategories: ReadonlyMap<string, string>,
): string {
  return [categories.get(law.categoryId), law.subCategoryId ? subCategories.get(law.subCategoryId) : undefined]
    .filter(Boolean)
    .join(' › ');
}

interface Props {
  law: Omit<Law, 'views'>;
  /**
   * The full text: editor HTML already sanitised at build time (static pages), or plain text
   * (the island: the sanitiser is build-time only, so live results never insert API HTML).
   */
  body: { html: string } | { text: string };
  lang: Lang;
  t: Text;
  /** Category (and sub-category) name shown above the title on mixed lists. */
  meta?: string;
  level?: 2 | 3;
  /** 'live-' for the island's copy, so its ids never clash with the static list's. */
  idPrefix?: string;
}

export function LawItem({ law, body, lang, t, meta, level = 2, idPrefix = '' }: Props) {
  const Heading = `h${level}` as const;
  const titleId = `${idPrefix}law-${law.id}-title`;
  return (
    <article
      id={`${idPrefix}law-${law.id}`}
      aria-labelledby={titleId}
      className="law-item flex flex-col gap-2 rounded border border-solid border-border/60 p-4"
    >
      {meta && <p className="m-0 text-sm text-muted">{meta}</p>}
      <Heading id={titleId} className="m-0 text-lg md:text-xl font-bold leading-snug">
        {law.title}
      </Heading>
      <p className="m-0 text-sm text-muted">
        {`${t('lawsPage.enacted')} `}
        <FormattedDate value={law.enactedAt} lang={lang} />
      </p>
      {law.summary && <p className="m-0">{law.summary}</p>}
      <FileList files={law.attachments} label={t('lawsPage.filesOf', { title: law.title })} lang={lang} t={t} />
      <details className="law-body" data-law-id={law.id}>
        <summary className="cursor-pointer font-bold text-link">
          {t('lawsPage.fullText')}
          <span className="sr-only">{`: ${law.title}`}</span>
        </summary>
        <div className="pt-2">
          {'html' in body ? (
            <div className="cms-content" dangerouslySetInnerHTML={{ __html: body.html }} />
          ) : (
            <p className="m-0 whitespace-pre-line">{body.text}</p>
          )}
        </div>
        <span data-view-counter="law" data-view-id={law.id} hidden />
      </details>
    </article>
  );
}
