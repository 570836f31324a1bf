/** One page of search hits: type, linked title and summary with the matches marked, date. */
import { useTranslation } from '../../ui/island/translation';
import type { SearchResult } from './api';
import type { Lang } from '../../i18n/config';
import { localizePath } from '../../i18n/paths';
import { bangkokDateKey, formatDate } from '../../lib/dates';
import { Highlight } from './Highlight';

export function ResultList({
  results,
  query,
  lang,
  busy,
}: {
  results: SearchResult[];
  query: string;
  lang: Lang;
  busy: boolean;
}) {
  const { t } = useTranslation('search');
  return (
    <ol className="list-none m-0 p-0 flex flex-col gap-5" aria-busy={busy || undefined}>
      {results.map((hit) => (
        <li key={`${hit.type}:${hit.path}`} className="border-0 border-b border-solid border-border pb-4">
          <p className="m-0 text-sm text-muted">
            <span>{t(`categories.${hit.type}`)}</span>
            {hit.publishedAt && (
              <>
                {' · '}
                <time dateTime={bangkokDateKey(hit.publishedAt)}>{formatDate(hit.publishedAt, lang)}</time>
              </>
            )}
          </p>
          <h3 className="text-lg m-0 my-1 font-semibold">
            <a href={localizePath(hit.path, lang)}>
              <Highlight text={hit.title} query={query} />
            </a>
          </h3>
          {hit.summary && (
            <p className="m-0">
              <Highlight text={hit.summary} query={query} />
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
