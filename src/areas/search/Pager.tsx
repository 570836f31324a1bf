/** Previous / numbered / next links for the result pages (10 hits a page, the API's size). */
import { useTranslation } from '../../ui/island/translation';
import type { SearchQuery } from './store';
import { isPlainClick, searchUrlQuery } from './search-url';

export const RESULTS_PER_PAGE = 10;
const WINDOW = 2; // pages shown either side of the current one

export function Pager({ query, total, onPage }: { query: SearchQuery; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('common');
  const pages = Math.ceil(total / RESULTS_PER_PAGE);
  if (pages <= 1) return null;
  const current = Math.min(query.page, pages);
  const first = Math.max(1, current - WINDOW);
  const last = Math.min(pages, current + WINDOW);

  const link = (page: number, label: string | undefined, text: string = String(page)) => (
    <a
      href={searchUrlQuery({ ...query, page })}
      aria-label={label}
      aria-current={page === current ? 'page' : undefined}
      className={`btn no-underline ${page === current ? 'bg-primary text-on-primary border-primary' : ''}`}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        onPage(page);
      }}
    >
      {text}
    </a>
  );

  return (
    <nav aria-label={t('pagination.label')} className="mt-6">
      <ul className="list-none m-0 p-0 flex flex-wrap gap-2 items-center">
        {current > 1 && <li>{link(current - 1, undefined, t('pagination.previous'))}</li>}
        {Array.from({ length: last - first + 1 }, (_, i) => first + i).map((page) => (
          <li key={page}>
            {link(page, page === current ? t('pagination.current', { page }) : t('pagination.page', { page }))}
          </li>
        ))}
        {current < pages && <li>{link(current + 1, undefined, t('pagination.next'))}</li>}
      </ul>
      <p className="text-sm text-muted">{t('pagination.pageOf', { page: current, total: pages })}</p>
    </nav>
  );
}
