/**
 * The live filter over a static list (Filterable.astro): a keyword box and the kind's selects
 * (category or group; sub-category for laws; region for provinces; region and province for a
 * department's articles). A filter calls the API and
 * replaces the static list (which gets `hidden`); clearing it brings the static list back. The
 * state lives in the address (?q=&cat=&sub=&region=&page=), so a shared URL opens filtered, and
 * the count of results is announced in a polite live region.
 *
 * The kind's fetcher and renderer come from its area's filter.tsx (src/areas/<area>/filter.tsx)
 * through the `loadKind` dynamic import its entry (src/areas/<area>/<Kind>Filter.tsx) passes,
 * loaded the first time a filter is applied:
 * a page never downloads another kind's API module, and the build benchmark, which follows a
 * page's imports, sees only the page's own kind.
 *
 * The form is rendered on the server as a plain GET form (fields q, cat, sub, region): the page
 * shows it from the first paint, and the island hydrates only when the visitor reaches into it
 * (client:interaction) or when the address already holds a filter. Submitted before React has
 * arrived, it loads the same page with the filter in the address, which the island then applies.
 * What the visitor typed or chose before hydration is read from the form when the island mounts.
 * Without JavaScript the form is hidden (Filterable.astro): a static page cannot filter itself.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../island/translation';
import { IslandRoot, LoadFailure, type IslandProps } from '../island';
import { Pager } from '../island/Pager';
import type { FilterState, KindModule, ListFilterSpec } from './types';
import { EMPTY_FILTER, isEmptyFilter, readFilter, writeFilter } from './url-state';

interface Option {
  id: string;
  title: string;
}

export interface ListFilterProps extends IslandProps {
  /** How the kind's filter looks (its manifest's declaration). */
  look: Pick<ListFilterSpec, 'categoryLabel' | 'grid' | 'sort'>;
  categories?: Option[];
  subCategories?: (Option & { categoryId: string })[];
  regions?: Option[];
  /** Provinces with their region, offered after the region (department article lists). */
  provinces?: (Option & { regionId: string })[];
  fixed?: Record<string, string>;
  /** id of the element that holds the static list. */
  staticId: string;
}

/** Astro islands props are data only; each kind's entry (<Kind>Filter.tsx in its area) adds its loader. */
export interface ListFilterIslandProps extends ListFilterProps {
  loadKind: () => Promise<KindModule>;
}

/** The `fixed` keys that pin the category of a page, so its select is not offered. */
const PINNED_CATEGORY = ['category', 'cid', 'gid', 'group', 'law_categories_id'];
const KEYWORD_DELAY_MS = 400;
const FIELD_CLASS = 'min-h-11 px-2 rounded border border-solid border-border bg-bg text-fg font-inherit text-base';

/** A labelled select of the form; `name` is also its address parameter. */
function Select(p: {
  base: string;
  name: string;
  label: string;
  all: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  const id = `${p.base}-${p.name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-bold">
        {p.label}
      </label>
      <select
        id={id}
        name={p.name}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        className={FIELD_CLASS}
      >
        <option value="">{p.all}</option>
        {p.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.title}
          </option>
        ))}
      </select>
    </div>
  );
}

type Results =
  | { status: 'idle' }
  | { status: 'loading'; previous: { items: ReactNode[]; total: number; pages: number } | null }
  | { status: 'error' }
  | { status: 'done'; items: ReactNode[]; total: number; pages: number };

function Filter({
  look,
  lang,
  categories = [],
  subCategories = [],
  regions = [],
  provinces = [],
  fixed = {},
  staticId,
  loadKind,
}: Omit<ListFilterIslandProps, 'resources'>) {
  const { t } = useTranslation('common');
  const id = useId();
  const [mounted, setMounted] = useState(false);
  const [filter, setFilter] = useState<FilterState>(EMPTY_FILTER);
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<Results>({ status: 'idle' });
  const [announce, setAnnounce] = useState('');
  const generation = useRef(0);
  /** Whether live results replaced the static list, so clearing can say it is back. */
  const showingLive = useRef(false);
  const resultsRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const titles = useMemo(
    () => ({
      categories: new Map(categories.map((c) => [c.id, c.title])),
      subCategories: new Map(subCategories.map((s) => [s.id, s.title])),
    }),
    [categories, subCategories],
  );
  const categoryPinned = PINNED_CATEGORY.some((k) => fixed[k]);
  const showCategory = !categoryPinned && categories.length > 0;
  const activeCategory = fixed.law_categories_id || filter.cat;
  const subs = subCategories.filter((s) => !activeCategory || s.categoryId === activeCategory);
  const provinceOptions = provinces.filter((p) => !filter.region || p.regionId === filter.region);
  const active = !isEmptyFilter(filter);

  // The address is the source of truth: read it on mount and on back/forward.
  useEffect(() => {
    const sync = () => {
      const f = readFilter(location.search);
      setFilter(f);
      setKeyword(f.q);
    };
    // What the visitor did in the server-rendered form before React arrived (hydration keeps
    // the fields' values, the first render after it would reset them to the state): applied now.
    const early = readFilter(`?${new URLSearchParams(new FormData(formRef.current!) as unknown as string[][])}`);
    if (isEmptyFilter(readFilter(location.search)) && !isEmptyFilter(early)) {
      setKeyword(early.q);
      apply(early, 'push');
    } else {
      sync();
    }
    setMounted(true);
    addEventListener('popstate', sync);
    return () => removeEventListener('popstate', sync);
  }, []);

  const run = useCallback(
    async (f: FilterState) => {
      const staticList = document.getElementById(staticId);
      const mine = ++generation.current;
      if (isEmptyFilter(f)) {
        if (staticList) staticList.hidden = false;
        if (showingLive.current) setAnnounce(t('listFilter.staticBack'));
        showingLive.current = false;
        setResults({ status: 'idle' });
        return;
      }
      if (staticList) staticList.hidden = true;
      showingLive.current = true;
      setResults((r) => ({ status: 'loading', previous: r.status === 'done' ? r : null }));
      setAnnounce(t('listFilter.searching'));
      try {
        const mod = await loadKind();
        const page = await mod.search({ ...f, fixed, titles }, lang, t);
        if (mine !== generation.current) return;
        const pages = Math.max(1, Math.ceil(page.total / Math.max(page.pageSize, 1)));
        setResults({ status: 'done', items: page.items, total: page.total, pages });
        setAnnounce(
          page.total === 0
            ? t('listFilter.noResults')
            : page.items.length === 0
              ? t('pagination.pastLastPage', { pages })
              : t('filters.resultCount', { count: page.total }),
        );
      } catch {
        if (mine !== generation.current) return;
        setResults({ status: 'error' });
        // The failure's own alert (LoadFailure) says it; the status line would say it twice.
        setAnnounce('');
      }
    },
    [lang, fixed, titles, staticId, t, loadKind],
  );

  useEffect(() => {
    // Knowingly set aside: a filter change starts a request (an external system), and its
    // loading state is set as the request starts.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (mounted) void run(filter);
  }, [filter, mounted, run]);

  function apply(next: FilterState, mode: 'push' | 'replace') {
    const url = `${location.pathname}${writeFilter(location.search, next)}${location.hash}`;
    if (mode === 'push') history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    setFilter(next);
  }

  // Typing filters after a short pause; the address follows without adding history entries.
  useEffect(() => {
    if (!mounted || keyword.trim() === filter.q) return;
    const timer = setTimeout(() => apply({ ...filter, q: keyword.trim(), page: 1 }, 'replace'), KEYWORD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ ...filter, q: keyword.trim(), page: 1 }, 'push');
  };
  const clear = () => {
    setKeyword('');
    apply(EMPTY_FILTER, 'push');
  };
  const goPage = (page: number) => {
    apply({ ...filter, page }, 'push');
    resultsRef.current?.focus();
  };

  /** A select changed: the rest of the filter as it is, the keyword as typed, page 1. */
  const choose = (patch: Partial<FilterState>) => apply({ ...filter, q: keyword.trim(), page: 1, ...patch }, 'push');

  const shown = results.status === 'done' ? results : results.status === 'loading' ? results.previous : null;
  const all = t('filters.all');

  return (
    <div className="my-6 flex flex-col gap-4">
      <form
        ref={formRef}
        role="search"
        method="get"
        aria-labelledby={`${id}-h`}
        onSubmit={submit}
        className="flex flex-wrap items-end gap-3 p-4 rounded bg-surface"
      >
        <h2 id={`${id}-h`} className="sr-only">
          {t('listFilter.heading')}
        </h2>
        <div className="flex flex-col gap-1 grow min-w-48">
          <label htmlFor={`${id}-q`} className="font-bold">
            {t('filters.keyword')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            maxLength={200}
            value={keyword}
            placeholder={t('filters.keywordPlaceholder')}
            onChange={(e) => setKeyword(e.target.value)}
            className={FIELD_CLASS}
          />
        </div>
        {showCategory && (
          <Select
            base={id}
            name="cat"
            label={t(look.categoryLabel === 'group' ? 'filters.group' : 'filters.category')}
            all={all}
            value={filter.cat}
            options={categories}
            onChange={(cat) => choose({ cat, sub: '' })}
          />
        )}
        {subs.length > 0 && (
          <Select
            base={id}
            name="sub"
            label={t('listFilter.subCategory')}
            all={all}
            value={filter.sub}
            options={subs}
            onChange={(sub) => choose({ sub })}
          />
        )}
        {look.sort && (
          <Select
            base={id}
            name="sort"
            label={t('filters.sortBy')}
            all={t('filters.newest')}
            value={filter.sort}
            options={[{ id: 'oldest', title: t('filters.oldest') }]}
            onChange={(sort) => choose({ sort })}
          />
        )}
        {regions.length > 0 && (
          <Select
            base={id}
            name="region"
            label={t('filters.region')}
            all={all}
            value={filter.region}
            options={regions}
            onChange={(region) => choose({ region, province: '' })}
          />
        )}
        {provinceOptions.length > 0 && (
          <Select
            base={id}
            name="province"
            label={t('filters.province')}
            all={all}
            value={filter.province}
            options={provinceOptions}
            onChange={(province) => choose({ province })}
          />
        )}
        <button type="submit" className="btn">
          {t('filters.apply')}
        </button>
        {(active || keyword) && (
          <button type="button" className="btn" onClick={clear}>
            {t('filters.reset')}
          </button>
        )}
      </form>

      <p role="status" aria-live="polite" className={active ? 'm-0 font-bold' : 'sr-only'} data-filter-status>
        {announce}
      </p>

      {results.status === 'error' && <LoadFailure message={t('listFilter.failed')} onRetry={() => void run(filter)} />}

      {active && shown && (
        <section
          ref={resultsRef}
          tabIndex={-1}
          aria-label={t('listFilter.resultsFor')}
          aria-busy={results.status === 'loading' || undefined}
          data-filter-results
        >
          {shown.items.length > 0 && (
            <ul
              className={`list-none m-0 p-0 ${look.grid ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-4'}`}
            >
              {shown.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          )}
          {shown.items.length === 0 && shown.total > 0 && (
            <div className="p-4 rounded border border-solid border-border bg-notice" data-past-last-page>
              <p className="mt-0">{t('pagination.pastLastPage', { pages: shown.pages })}</p>
              <a
                href={`${location.pathname}${writeFilter(location.search, { ...filter, page: 1 })}`}
                onClick={(e) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  goPage(1);
                }}
              >
                {t('pagination.backToFirst')}
              </a>
            </div>
          )}
          {shown.pages > 1 && shown.items.length > 0 && (
            <Pager
              page={filter.page}
              pages={shown.pages}
              hrefOf={(p) => `${location.pathname}${writeFilter(location.search, { ...filter, page: p })}`}
              onGo={goPage}
            />
          )}
        </section>
      )}
    </div>
  );
}

export function ListFilterIsland({ lang, resources, ...rest }: ListFilterIslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <Filter lang={lang} {...rest} />
    </IslandRoot>
  );
}
