/**
 * The result types with their hit counts, as links (each is a shareable address; the island
 * turns a plain click into a live search). The current type carries aria-current.
 * Types with no hit are left out, except the one being shown.
 */
import { useTranslation } from '../../ui/island/translation';
import type { SearchCategory, SearchCategoryCount } from './api';
import type { SearchQuery } from './store';
import { isPlainClick, searchUrlQuery } from './search-url';

interface Props {
  query: SearchQuery;
  categories: SearchCategoryCount[];
  onSelect: (cate: SearchCategory) => void;
}

export function CategoryFilter({ query, categories, onSelect }: Props) {
  const { t } = useTranslation('search');
  const total = categories.reduce((sum, c) => sum + (c.cate === 'all' ? 0 : c.count), 0);
  const options = [
    { cate: 'all' as SearchCategory, count: total },
    ...categories.filter((c) => c.cate !== 'all'),
  ].filter((c) => c.cate === 'all' || c.count > 0 || c.cate === query.cate);
  return (
    <nav aria-label={t('filterLabel')}>
      <ul className="list-none m-0 p-0 flex flex-wrap gap-2">
        {options.map(({ cate, count }) => {
          const current = cate === query.cate;
          return (
            <li key={cate}>
              <a
                href={searchUrlQuery({ ...query, cate, page: 1 }) || '?'}
                aria-current={current ? 'page' : undefined}
                className={`btn no-underline ${current ? 'bg-primary text-on-primary border-primary font-semibold' : ''}`}
                onClick={(e) => {
                  if (!isPlainClick(e)) return;
                  e.preventDefault();
                  onSelect(cate);
                }}
              >
                {t(`categories.${cate}`)} ({count})
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
