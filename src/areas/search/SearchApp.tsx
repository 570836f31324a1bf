/**
 * The search page's live part: a search form, the result types with counts, one page of hits
 * with the matches marked, and pages. The query lives in the address bar (pushState), so a
 * search can be shared and Back/Forward return to the previous one (popstate).
 *
 * Focus: submitting keeps focus in the box (the status line announces the outcome); choosing a
 * type or a page moves focus to the results heading, so a keyboard user starts at the new list.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../ui/island/translation';
import type { SearchCategory } from './api';
import type { Lang } from '../../i18n/config';
import { errorMessage } from '../../stores/request';
import type { SearchQuery } from './store';
import { LoadFailure } from '../../ui/island/LoadFailure';
import { Loading } from '../../ui/island/Loading';
import { CategoryFilter } from './CategoryFilter';
import { Pager, RESULTS_PER_PAGE } from './Pager';
import { ResultList } from './ResultList';
import { isPlainClick, readSearchUrl, searchUrlQuery } from './search-url';

const HEADER_SEARCH_INPUT = 'site-search-q'; // the shell's SearchForm
const NO_SCRIPT_NOTE_ID = 'search-needs-js';

/**
 * The search store (and with it the API module and its validation library, ~25 KB gzipped) is
 * loaded with the first search, not with the page: a visitor who opens the page to type a
 * query downloads it while typing, and one who never searches never downloads it.
 */
type SearchStore = typeof import('./store');
let storeLoad: Promise<SearchStore> | null = null;
const loadStore = () =>
  (storeLoad ??= import('./store').catch((error: unknown) => {
    storeLoad = null; // offline for a moment: let a retry fetch it again
    throw error;
  }));

type SearchState = ReturnType<SearchStore['$search']['get']>;
const IDLE = atom<SearchState>({
  status: 'idle',
  error: null,
  query: { keyword: '', cate: 'all', page: 1 },
  results: [],
  current_page: 1,
  total: 0,
  categories: [],
});

export function SearchApp({ lang }: { lang: Lang }) {
  const { t } = useTranslation('search');
  const [store, setStore] = useState<SearchStore | null>(null);
  const state = useStore(store?.$search ?? IDLE);
  const [booting, setBooting] = useState(false); // a query is waiting for the store to arrive
  const [mounted, setMounted] = useState(false);
  const [pending, setPending] = useState<SearchQuery | null>(null); // a query whose code failed to load
  const [typed, setTyped] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  // The address bar is the source of truth: on load and on Back/Forward, search what it says.
  useEffect(() => {
    // Knowingly set aside: the island renders nothing on the server, and only after mounting
    // can it read the address; this one extra render is that switch.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMounted(true);
    // The page's "search needs JavaScript" note is for visitors without it.
    document.getElementById(NO_SCRIPT_NOTE_ID)?.setAttribute('hidden', '');
    const fromUrl = () => {
      const query = readSearchUrl(location.search);
      setTyped(query.keyword);
      const header = document.getElementById(HEADER_SEARCH_INPUT) as HTMLInputElement | null;
      if (header) header.value = query.keyword;
      void run(query);
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, [lang]); // eslint-disable-line react-hooks/exhaustive-deps -- run only closes over lang

  useEffect(() => {
    if (focusHeading.current && state.status !== 'loading') {
      focusHeading.current = false;
      heading.current?.focus();
    }
  }, [state.status]);

  async function run(query: SearchQuery) {
    if (query.keyword) setBooting(true);
    setPending(null);
    let loaded: SearchStore;
    try {
      loaded = await loadStore();
    } catch {
      setPending(query);
      return;
    } finally {
      setBooting(false);
    }
    setStore(loaded);
    await loaded.runSearch(query, { lang });
  }

  function go(query: SearchQuery, moveFocus: boolean) {
    history.pushState(null, '', searchUrlQuery(query) || location.pathname);
    focusHeading.current = moveFocus;
    void run(query);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    go({ keyword: typed.trim(), cate: 'all', page: 1 }, false);
  }

  // Nothing from the server: what to show depends on the address, which the build cannot know,
  // and a form without its script would only reload this page.
  if (!mounted) return null;

  const { query, status, results, total, categories } = state;
  const hasQuery = query.keyword !== '';
  // The section (with its type filter) stays while any type has hits, so a type with none can be left again.
  const anyHits = categories.some((c) => c.count > 0);
  // A page past the last one (an old or edited address): the API answers the total with no hits.
  const pastEnd = hasQuery && status === 'success' && total > 0 && results.length === 0 && query.page > 1;
  const showResults = hasQuery && status !== 'error' && status !== 'idle' && anyHits && !pastEnd;

  let statusText = '';
  if (booting) statusText = '';
  else if (!hasQuery) statusText = t('enterKeyword');
  else if (status === 'success' && total === 0) statusText = t('noResults', { query: query.keyword });
  else if (pastEnd) statusText = '';
  else if (status === 'success') statusText = t('resultCount', { count: total });

  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={submit} className="flex flex-wrap gap-2 items-end">
        <div className="flex flex-col gap-1 flex-1 min-w-60">
          <label htmlFor="search-page-q" className="font-semibold">
            {t('label')}
          </label>
          <input
            id="search-page-q"
            type="search"
            name="q"
            maxLength={200}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('placeholder')}
            className="min-h-11 px-3 text-base font-inherit rounded border border-solid border-border bg-bg text-fg"
          />
        </div>
        <button type="submit" className="btn bg-primary text-on-primary border-primary">
          {t('submit')}
        </button>
      </form>

      <p role="status" className="m-0" data-search-status>
        {statusText}
      </p>
      {(booting || (hasQuery && status === 'loading')) && <Loading label={t('searching')} />}
      {pending && <LoadFailure message={t('failed')} onRetry={() => void run(pending)} />}
      {hasQuery && status === 'error' && (
        <LoadFailure message={errorMessage(state.error) ?? t('failed')} onRetry={() => void run(query)} />
      )}

      {pastEnd && (
        <div className="p-4 rounded border border-solid border-border bg-notice" data-past-last-page>
          <p className="mt-0">
            {t('pastLastPage', {
              page: query.page,
              pages: Math.ceil(total / RESULTS_PER_PAGE),
              count: total,
              query: query.keyword,
            })}
          </p>
          <a
            href={searchUrlQuery({ ...query, page: 1 })}
            onClick={(e) => {
              if (!isPlainClick(e)) return;
              e.preventDefault();
              go({ ...query, page: 1 }, true);
            }}
          >
            {t('backToResults')}
          </a>
        </div>
      )}
      {showResults && (
        <section aria-labelledby="search-results-heading" className="flex flex-col gap-4">
          <h2 id="search-results-heading" ref={heading} tabIndex={-1} className="text-xl m-0">
            {t('resultsFor', { query: query.keyword })}
          </h2>
          <CategoryFilter
            query={query}
            categories={categories}
            onSelect={(cate: SearchCategory) => go({ ...query, cate, page: 1 }, true)}
          />
          <ResultList results={results} query={query.keyword} lang={lang} busy={status === 'loading'} />
          <Pager query={query} total={total} onPage={(page) => go({ ...query, page }, true)} />
        </section>
      )}
    </div>
  );
}
