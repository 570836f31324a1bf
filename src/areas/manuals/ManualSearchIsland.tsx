/**
 * The manual search (`/manuals/search/?keyword=…&group=…&page=…`): a GET form over keyword and
 * group (the group's slug, sent as `slug`), hydrated at once (client:load), so a form submitted
 * before React arrived, a shared address or Back/Forward all search what the address says.
 *
 * Without JavaScript the form is a plain GET to the same page, and the site server renders that
 * page with the results (`initial`, from the page's own search: docs/publisher.md "The manual
 * search route"); the pager and the retry are real links to the next address, which the server
 * renders again. With JavaScript, an address the server already answered is not searched twice.
 *
 * Results come from GET /manual/search (page, keyword, slug), 12 a page, with a pager; a page
 * past the last one says so and links back to the first page instead of showing an empty list.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { IslandRoot, type IslandProps } from '../../ui/island/IslandRoot';
import { Loading } from '../../ui/island/Loading';
import { useTranslation } from '../../ui/island/translation';
import { Card } from '../../ui/Card';
import { Pager } from '../../ui/island/Pager';
import { localizePath } from '../../i18n/paths';
import type { Lang } from '../../i18n/config';
import { isManualSearch, manualSearchUrl, readManualSearch, type ManualSearch } from './search-url';
import type { ManualSearchOutcome } from './search';

interface Group {
  slug: string;
  title: string;
}

/** A search the server already ran for this address (only on a page rendered for a request). */
interface ManualSearchInitial {
  query: ManualSearch;
  outcome: ManualSearchOutcome;
}

export interface ManualSearchProps extends IslandProps {
  groups: Group[];
  initial?: ManualSearchInitial;
}

type State = { status: 'idle' } | { status: 'loading' } | ManualSearchOutcome;

const FIELD = 'min-h-11 px-3 rounded border border-solid border-border bg-bg text-fg text-base font-inherit';
// The API module (and zod with it) loads with the first search, not with the page.
const loadSearch = () => import('./search');
const EMPTY: ManualSearch = { keyword: '', group: '', page: 1 };

function ManualSearchApp({ lang, groups, initial }: { lang: Lang; groups: Group[]; initial?: ManualSearchInitial }) {
  const { t } = useTranslation('common');
  const id = useId();
  const [query, setQuery] = useState<ManualSearch>(initial?.query ?? EMPTY);
  const [keyword, setKeyword] = useState(initial?.query.keyword ?? '');
  const [group, setGroup] = useState(initial?.query.group ?? '');
  const [state, setState] = useState<State>(initial?.outcome ?? { status: 'idle' });
  const generation = useRef(0);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const path = localizePath('/manuals/search/', lang);

  async function run(q: ManualSearch) {
    const mine = ++generation.current;
    setQuery(q);
    if (!isManualSearch(q)) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'loading' });
    const { runManualSearch } = await loadSearch();
    const outcome = await runManualSearch(q, lang);
    if (mine === generation.current) setState(outcome);
  }

  // The address is the source of truth: on load and on Back/Forward.
  useEffect(() => {
    const fromUrl = () => {
      const q = readManualSearch(location.search);
      setKeyword(q.keyword);
      setGroup(q.group);
      void run(q);
    };
    // The server answered this very address with results: they are on the page already.
    const answered =
      initial?.outcome.status === 'done' &&
      manualSearchUrl(initial.query) === manualSearchUrl(readManualSearch(location.search));
    if (!answered) fromUrl();
    document.querySelector('[data-manual-search-help]')?.setAttribute('hidden', '');
    addEventListener('popstate', fromUrl);
    return () => removeEventListener('popstate', fromUrl);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- run only closes over lang

  function go(q: ManualSearch, focus: boolean) {
    history.pushState(null, '', `${path}${manualSearchUrl(q)}`);
    void run(q);
    if (focus) resultsRef.current?.focus();
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ keyword: keyword.trim(), group, page: 1 }, false);
  };

  const groupTitle = (slug: string) => groups.find((g) => g.slug === slug)?.title ?? '';
  const pastEnd = state.status === 'done' && state.items.length === 0 && state.total > 0;

  return (
    <div data-manual-search-app>
      <form
        data-manual-search
        method="get"
        action={path}
        role="search"
        aria-label={t('manualsPage.search')}
        onSubmit={submit}
        className="flex flex-wrap gap-4 items-end mb-6"
      >
        <div className="flex flex-col gap-1 grow min-w-60">
          <label htmlFor={`${id}-keyword`} className="font-bold">
            {t('filters.keyword')}
          </label>
          <input
            id={`${id}-keyword`}
            name="keyword"
            type="search"
            maxLength={200}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('filters.keywordPlaceholder')}
            className={FIELD}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-group`} className="font-bold">
            {t('filters.group')}
          </label>
          <select
            id={`${id}-group`}
            name="group"
            value={group}
            onChange={(e) => setGroup(e.target.value)}
            className={FIELD}
          >
            <option value="">{t('manualsPage.allGroups')}</option>
            {groups.map((g) => (
              <option key={g.slug} value={g.slug}>
                {g.title}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn min-h-11">
          {t('filters.apply')}
        </button>
      </form>

      <section aria-labelledby={`${id}-results`} data-manual-search-results hidden={state.status === 'idle'}>
        <h2 id={`${id}-results`} ref={resultsRef} tabIndex={-1} className="text-xl font-bold">
          {t('manualsPage.results')}
        </h2>
        <p role="status" className="font-bold" data-manual-search-status>
          {state.status === 'done' &&
            !pastEnd &&
            (state.total === 0
              ? t('manualsPage.noResults')
              : t(query.keyword ? 'manualsPage.resultCount' : 'manualsPage.groupResultCount', {
                  count: state.total,
                  keyword: query.keyword,
                  group: groupTitle(query.group) || t('manualsPage.allGroups'),
                }))}
        </p>
        {state.status === 'loading' && <Loading label={t('listFilter.searching')} />}
        {state.status === 'error' && (
          <div role="alert" className="my-4 p-4 rounded border border-solid border-border bg-notice" data-search-failed>
            <p className="mt-0">{t('manualsPage.searchFailed')}</p>
            <a
              href={`${path}${manualSearchUrl(query)}`}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                void run(query);
              }}
            >
              {t('errors.retry')}
            </a>
          </div>
        )}
        {pastEnd && (
          <div className="p-4 rounded border border-solid border-border bg-notice" data-past-last-page>
            <p className="mt-0">{t('pagination.pastLastPage', { pages: state.pages })}</p>
            <a
              href={`${path}${manualSearchUrl({ ...query, page: 1 })}`}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                go({ ...query, page: 1 }, true);
              }}
            >
              {t('pagination.backToFirst')}
            </a>
          </div>
        )}
        {state.status === 'done' && state.items.length > 0 && (
          <>
            <ul className="list-none m-0 p-0 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {state.items.map((m) => (
                <li key={m.uuid}>
                  <Card
                    title={m.title}
                    href={localizePath(`/manuals/${encodeURIComponent(m.uuid)}/`, lang)}
                    summary={m.summary}
                    date={m.updatedAt}
                    lang={lang}
                    meta={m.group.title}
                  />
                </li>
              ))}
            </ul>
            {state.pages > 1 && (
              <Pager
                page={query.page}
                pages={state.pages}
                hrefOf={(page) => `${path}${manualSearchUrl({ ...query, page })}`}
                onGo={(page) => go({ ...query, page }, true)}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}

export default function ManualSearchIsland({ lang, resources, groups, initial }: ManualSearchProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <ManualSearchApp lang={lang} groups={groups} initial={initial} />
    </IslandRoot>
  );
}
