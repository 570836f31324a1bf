/**
 * Previous / page x of y / next for a list paged by an island. Real links (so a new tab or a
 * copied address works); a plain click is handled in place.
 */
import { useTranslation } from './translation';

interface Props {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  onGo: (page: number) => void;
}

export function Pager({ page, pages, hrefOf, onGo }: Props) {
  const { t } = useTranslation('common');
  const link = (target: number, label: string, rel: string) => (
    <a
      href={hrefOf(target)}
      rel={rel}
      className="btn no-underline"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onGo(target);
      }}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center gap-3 my-4">
      {page > 1 && link(page - 1, t('pagination.previous'), 'prev')}
      <span aria-current="page">{t('pagination.pageOf', { page, total: pages })}</span>
      {page < pages && link(page + 1, t('pagination.next'), 'next')}
    </nav>
  );
}
