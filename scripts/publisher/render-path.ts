/**
 * The warm render path (docs/publisher.md): the prerender bundle a build kept
 * (src/integrations/render-path), loaded once into this long-lived process.
 *
 * - `paths()` runs every page's getStaticPaths against the current content store and returns
 *   each output file with its route and cacheKey. A page whose cacheKey did not change since
 *   the last render shows the same records and is reused; the others are rendered.
 *   `paths(changed)` runs again only the getStaticPaths that read one of the `changed`
 *   collections last time (or none at all): the others answer from Astro's route cache.
 * - `render(path)` renders one page exactly as `astro build` would (same code, same hashed
 *   asset names, same request URL).
 * - `renderRequest(pathname, search)` renders a page for one visitor's request, query included
 *   (the manual search route of site-server.ts): a prerendered page sees `Astro.url.search` here,
 *   which a build never gives it.
 * - `store` is the bundle's content-layer store: records re-read from the API replace the
 *   built ones in place (see ./content-store.ts).
 * - `shellParts(page)` gives the shell's parts (header, footer, consent notice) a page shows now,
 *   as rendered for an earlier page with the same keys (src/shell/shell-parts.ts), for the rest
 *   of a menu or footer edit to swap into the live pages (./stages/splice.ts).
 */
import { loadBundle, readFacts, type LoadedBundle, type RouteData } from '../../src/integrations/render-path/bundle.ts';
import { pathsOfRoute, storeOf, watchRouteCache, watchStoreReads } from '../../src/collections/astro-internals.ts';
import {
  CACHE_KEY_BODIES,
  CACHE_KEY_RECORDS,
  COLLECTIONS,
  CONTENT_VERSION,
  DATA_STORE,
  FETCH_RETRY,
  NOTE_READS,
  SHELL_PARTS,
  type CollectionDefinitions,
} from '../../src/lib/bridge.ts';
import type { ShellPart } from '../../src/shell/shell-splice.ts';

const STATUS_CODE_PAGES = new Set(['/404', '/500']);

/** The content store changed, or was loaded anew: memos of it (`contentVersion`) are stale. */
export function contentChanged(): void {
  CONTENT_VERSION.set((CONTENT_VERSION.get() ?? 0) + 1);
}

/** `paths` stopped before every route's getStaticPaths ran, as its `stop` asked. */
export class PathsStopped extends Error {
  constructor() {
    super('getStaticPaths stopped for a waiting edit');
  }
}

/** One output file of the site, as getStaticPaths describes it. */
export interface PagePath {
  /** Path inside the release: `en/article/x/index.html`, `rss.xml`. */
  file: string;
  pathname: string;
  route: RouteData;
  /** From getStaticPaths; undefined for a route without params (rendered on every publish). */
  cacheKey: string | undefined;
  /** `collection/id` of the entries the cacheKey was made from: the records the page shows. */
  records: readonly string[];
  /**
   * What the page shows besides its shell, as a key: two cacheKeys with the same body key differ
   * in the shell only. Undefined for a key not made that way (the feeds, the home page).
   */
  bodyKey?: string | undefined;
}

/** One stored record of Astro's content layer (what `store.set` keeps). */
export interface StoreEntry {
  id: string;
  data: Record<string, unknown>;
  digest?: string;
  [more: string]: unknown;
}

export interface RenderPath {
  dir: string;
  /** The site's origin the build rendered with (SITE_URL). */
  origin: string;
  /**
   * Every output file, in the order the build generates them. With `changed` (collection names:
   * those an edit re-read and found changed), only the routes whose getStaticPaths read one of
   * them (or read no collection: they may depend on something else, the date) run it again.
   * With `stop`, asked before each route's getStaticPaths: true throws `PathsStopped`, and the
   * routes not run yet keep what they gave before (those run already give their new pages).
   */
  paths(changed?: ReadonlySet<string> | null, stop?: () => boolean): Promise<PagePath[]>;
  /** Of the last `paths()`: the routes whose getStaticPaths ran, and the prerendered routes in all. */
  readonly routesRun?: { ran: number; of: number };
  /**
   * Those of `collections` that nine in ten or more page routes' getStaticPaths read when they last
   * ran (the menus, the footer: every page's shell), or none while a page route has not been
   * watched. A change to one re-runs nearly every route's getStaticPaths (seconds on a large site).
   */
  readByAll?(collections: ReadonlySet<string>): string[];
  /** The bytes of one output file, or null for a response without a body. */
  render(page: PagePath): Promise<Buffer | null>;
  /**
   * The shell's parts the page shows now, as rendered for a page with the same keys (placeholders
   * unfilled), or null when one of them has not been rendered since the content changed.
   */
  shellParts?(page: PagePath): Promise<Record<ShellPart, string> | null>;
  /**
   * One page rendered for a request with its query (`?keyword=…`), as the build would render it
   * at that address; null when no page route matches the pathname.
   */
  renderRequest(pathname: string, search: string): Promise<Response | null>;
  /** collection → (id → entry): the bundle's live content store. */
  collections(): Promise<Map<string, Map<string, StoreEntry>>>;
  /** The site's content collections (src/content.config.ts), with their loaders. */
  definitions(): CollectionDefinitions;
}

/** Output file of a pathname, as Astro's build writes it with `build.format: 'directory'`. */
function outputFile(pathname: string, route: Pick<RouteData, 'type'>): string {
  const clean = pathname.replace(/^\/+/, '');
  if (route.type === 'endpoint') return clean;
  const trimmed = pathname.replace(/\/+$/, '');
  if (STATUS_CODE_PAGES.has(trimmed)) return `${trimmed.slice(1)}.html`;
  return clean === '' ? 'index.html' : `${clean.replace(/\/+$/, '')}/index.html`;
}

/** The URL the build renders a pathname at (directory format, trailing slash always). */
function urlFor(pathname: string, route: RouteData, origin: string): URL {
  if (pathname === '/' || pathname === '') return new URL('/', origin);
  if (route.type === 'endpoint') {
    const hasExt = /\.[^/]+$/.test(pathname);
    return new URL(hasExt ? pathname : pathname.replace(/\/?$/, '/'), origin);
  }
  return new URL(`${pathname.replace(/\/+$/, '')}/`, origin);
}

/**
 * Pages may read over HTTP while rendering (the home popup reads its image's size). A reused
 * keep-alive connection that the server closed meanwhile fails such a read at random, and the
 * page then differs from the build's; in this long-lived process a GET that fails on the
 * network is tried once more.
 */
function retryDroppedGets(): void {
  if (FETCH_RETRY.get()) return;
  FETCH_RETRY.set(true);
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    try {
      return await original(input, init);
    } catch (error) {
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      if (method !== 'GET' || !(error instanceof TypeError) || init?.signal?.aborted) throw error;
      return original(input, init);
    }
  };
}

/** A route's getStaticPaths result dropped from the route cache, with the reads it was made of. */
type Dropped = ReadonlyMap<string, { entry: unknown; read: Set<string> | undefined }>;

/**
 * Records which content collections each route's getStaticPaths reads. Astro calls them one
 * route at a time (StaticPaths.getAll awaits each), between a route cache miss (`get`) and the
 * `set` of its result; the content store (astro:content's getCollection and getEntry go through
 * it) notes every collection asked for in between. This holds as long as getStaticPaths read
 * content through astro:content, or from a memo of their own that names what it holds
 * (src/collections/api-collection.ts `noteReads`: the shell's entries, read once per content version).
 */
function watchReads(routeCache: unknown) {
  const readsOf = new Map<string, Set<string>>();
  /** Keys of page routes (endpoints such as the feeds render no shell). */
  const pages = new Set<string>();
  let reading: Set<string> | null = null;
  let watching = false;
  /** Keys of the routes asked of the cache since it was last cleared (the paths of one route). */
  const touched = new Set<string>();
  const cache = watchRouteCache<RouteData>(routeCache, {
    asked(_route, key, hit) {
      touched.add(key);
      reading = hit ? null : new Set();
    },
    stored(route, key) {
      if (route.type === 'page') pages.add(key);
      // Reads are known only once the store is watched: a route run before that has none recorded
      // (not even what it noted itself, `noteReads`), so its next publish runs it again.
      if (reading && watching) readsOf.set(key, reading);
      reading = null;
    },
  });
  NOTE_READS.set((collections) => {
    for (const c of collections) reading?.add(c);
  });
  return {
    cache,
    touched,
    async watchStore() {
      if (watching) return;
      const holder = DATA_STORE.get();
      if (!holder) return; // not loaded yet: every route runs again until it is
      watchStoreReads(await storeOf(holder), (collection) => reading?.add(collection));
      watching = true;
    },
    readByAll(collections: ReadonlySet<string>): string[] {
      const cached = cache.keys().filter((k) => pages.has(k));
      if (!watching || cached.length === 0 || cached.some((k) => !readsOf.has(k))) return [];
      const reads = cached.map((k) => readsOf.get(k)!).filter((r) => r.size > 0);
      // Nine in ten or more: a page route may show no shell (/surveys/page/N only redirects).
      return [...collections].filter(
        (c) => reads.length > 0 && reads.filter((r) => r.has(c)).length >= reads.length * 0.9,
      );
    },
    /**
     * Drops the cached getStaticPaths of the routes that read one of `changed` (or nothing), and
     * returns them for `restore`; null when every route's went (the store is not watched yet).
     */
    forget(changed: ReadonlySet<string>): Dropped | null {
      if (!watching) {
        cache.clearAll();
        return null;
      }
      const dropped = new Map<string, { entry: unknown; read: Set<string> | undefined }>();
      for (const key of cache.keys()) {
        const read = readsOf.get(key);
        if (!read || read.size === 0 || [...read].some((c) => changed.has(c))) {
          dropped.set(key, { entry: cache.entry(key), read });
          cache.drop(key);
          readsOf.delete(key);
        }
      }
      return dropped;
    },
    /** Puts back what `forget` dropped, for the routes whose getStaticPaths did not run since. */
    restore(dropped: Dropped) {
      for (const [key, { entry, read }] of dropped) {
        if (cache.has(key)) continue;
        cache.put(key, entry);
        if (read) readsOf.set(key, read);
      }
    },
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Refuses, with one line saying what to do, a render path that is missing or that was built
 * against another API than `apiBaseUrl`: its loaders would quietly keep re-reading the address
 * baked into the build. A bundle built before the address was recorded passes (the caller warns).
 */
export async function checkRenderPath(
  dir: string,
  apiBaseUrl: string | undefined,
): Promise<{ apiBaseUrl?: string; builtAt?: string }> {
  const facts = await readFacts(dir);
  if (!facts)
    throw new Error(
      `no render path in ${dir} (render-path.json is missing): run \`npm run build\` first (it keeps one in RENDER_PATH_DIR)`,
    );
  if (apiBaseUrl && facts.apiBaseUrl && trimSlash(facts.apiBaseUrl) !== trimSlash(apiBaseUrl))
    throw new Error(
      `the render path in ${dir} was built against ${facts.apiBaseUrl}, not PUBLIC_API_BASE_URL=${apiBaseUrl}: build again with PUBLIC_API_BASE_URL=${apiBaseUrl} npm run build`,
    );
  return {
    ...(facts.apiBaseUrl ? { apiBaseUrl: facts.apiBaseUrl } : {}),
    ...(facts.builtAt ? { builtAt: facts.builtAt } : {}),
  };
}

/** A page as made, with the pathname the build tells pages apart by. */
type Made = PagePath & { normal: string };

/** The maps of cacheKeys the site's getStaticPaths fill in (src/collections/api-collection.ts). */
interface KeyMaps {
  records: Map<string, string[]>;
  bodies: Map<string, string>;
}

/**
 * How many of the routes' pages give each pathname, and those more than one gives (the build
 * keeps the first): kept up to date with the routes that run again, so that a publish does not
 * look up every page of the site to find the rare pathname two give.
 */
function pathnameCounts() {
  const given = new Map<string, number>();
  const twice = new Set<string>();
  return {
    count(paths: ReadonlyArray<{ normal: string }>, by: 1 | -1) {
      for (const { normal } of paths) {
        const n = (given.get(normal) ?? 0) + by;
        if (n > 0) given.set(normal, n);
        else given.delete(normal);
        if (n > 1) twice.add(normal);
        else twice.delete(normal);
      }
    },
    /**
     * `all` with the first page of each pathname only: the build keeps the first route for a
     * pathname (prerenderConflictBehavior) and renders fallbacks after the rest.
     */
    firstOfEach(all: Made[]): Made[] {
      if (twice.size === 0) return all;
      const seen = new Set<string>();
      return all.filter((p) => (twice.has(p.normal) ? !seen.has(p.normal) && seen.add(p.normal) : true));
    },
  };
}

/**
 * Keys of pages no longer made (re-run routes made new ones) go, or the maps grow each edit:
 * once they hold a quarter more than the pages (a pass over every page, not at each publish).
 */
function pruneKeys(keys: KeyMaps, all: readonly Made[]): void {
  if (keys.records.size <= all.length * 1.25 + 1000) return;
  const live = new Set(all.map((p) => p.cacheKey));
  for (const k of keys.records.keys()) if (!live.has(k)) keys.records.delete(k);
  for (const k of keys.bodies.keys()) if (!live.has(k)) keys.bodies.delete(k);
}

/** One route's pages, as its getStaticPaths gives them now. */
async function routePages(bundle: LoadedBundle, routeData: RouteData, keys: KeyMaps): Promise<Made[]> {
  const made = (await pathsOfRoute(bundle.StaticPaths, bundle.app, routeData)) as Array<{
    pathname: string;
    route: RouteData;
    cacheKey?: string;
  }>;
  return made.map((p) => ({
    file: outputFile(p.pathname, p.route),
    pathname: p.pathname,
    normal: p.pathname.replace(/\/+$/, ''),
    route: p.route,
    cacheKey: p.cacheKey,
    records: (p.cacheKey && keys.records.get(p.cacheKey)) || [],
    bodyKey: p.cacheKey ? keys.bodies.get(p.cacheKey) : undefined,
  }));
}

/** `RenderPath.paths` over a loaded bundle. */
function sitePaths(
  bundle: LoadedBundle,
  reads: ReturnType<typeof watchReads>,
  keys: KeyMaps,
  run: { ran: number; of: number },
): RenderPath['paths'] {
  /**
   * Each route's pages as its getStaticPaths last gave them, with the route-cache entries they
   * were read from (by key): while those entries stand, the route gives the same pages.
   */
  const byRoute = new Map<RouteData, { paths: Made[]; entries: Map<string, unknown> }>();
  const pathnames = pathnameCounts();
  return async (changed, stop) => {
    await reads.watchStore();
    // getStaticPaths results are cached per route: drop those that read what changed (all of
    // them without `changed`) so the current store is read.
    const dropped = changed ? reads.forget(changed) : null;
    if (!changed) {
      reads.cache.clearAll();
      keys.records.clear();
      keys.bodies.clear();
      contentChanged(); // every route reads the store afresh (a restart in one process loads another)
    }
    const all: Made[] = [];
    run.ran = run.of = 0;
    for (const { routeData } of bundle.app.manifest.routes) {
      if (!routeData.prerender) continue;
      run.of++;
      // A route whose cached getStaticPaths did not run again gives the pages it gave last time.
      const kept = byRoute.get(routeData);
      if (kept && [...kept.entries].every(([key, entry]) => reads.cache.entry(key) === entry)) {
        for (const p of kept.paths) all.push(p);
        continue;
      }
      // Asked to stop (an edit waits): the routes not run again give their pages as before.
      if (dropped && stop?.()) {
        reads.restore(dropped);
        throw new PathsStopped();
      }
      // The content store loads with the first route that reads it: the routes after it have
      // their reads recorded on this run already (else the next publish ran every route again).
      await reads.watchStore();
      run.ran++;
      reads.touched.clear();
      const paths = await routePages(bundle, routeData, keys);
      if (kept) pathnames.count(kept.paths, -1);
      pathnames.count(paths, 1);
      const entries = new Map([...reads.touched].map((key) => [key, reads.cache.entry(key)]));
      byRoute.set(routeData, { paths, entries });
      for (const p of paths) all.push(p);
    }
    pruneKeys(keys, all);
    return pathnames.firstOfEach(all);
  };
}

export async function loadRenderPath(dir: string): Promise<RenderPath> {
  retryDroppedGets();
  contentChanged(); // another store than any memo in this process holds
  const keys: KeyMaps = { records: new Map(), bodies: new Map() };
  CACHE_KEY_RECORDS.set(keys.records);
  CACHE_KEY_BODIES.set(keys.bodies);
  const bundle = await loadBundle(dir);
  const { app, facts, renderForPrerender } = bundle;
  const reads = watchReads(app.routeCache);
  const run = { ran: 0, of: 0 };
  return {
    dir,
    origin: facts.origin,
    get routesRun() {
      return { ...run };
    },
    paths: sitePaths(bundle, reads, keys, run),
    readByAll: (collections) => reads.readByAll(collections),
    async shellParts(page) {
      const parts = SHELL_PARTS.get();
      return parts ? parts(urlFor(page.pathname, page.route, facts.origin).pathname) : null;
    },
    async render(page) {
      const url = urlFor(page.pathname, page.route, facts.origin);
      const { response } = await renderForPrerender(app, new Request(url), { routeData: page.route });
      if (response.status >= 300 && response.status < 400)
        throw new Error(`render-path: ${page.pathname} redirects; redirects are not published`);
      if (!response.body) return null;
      return Buffer.from(await response.arrayBuffer());
    },
    async renderRequest(pathname, search) {
      const url = new URL(pathname, facts.origin);
      url.search = search;
      const request = new Request(url);
      const routeData = app.match(request, true) as RouteData | undefined;
      if (!routeData || routeData.type !== 'page') return null;
      const { response } = await renderForPrerender(app, request, { routeData });
      return response as Response;
    },
    async collections() {
      const holder = DATA_STORE.get();
      if (!holder)
        throw new Error('render-path: the bundle has no content store hook (built without RENDER_PATH_DIR?)');
      return (await storeOf<StoreEntry>(holder)).collections();
    },
    definitions() {
      const collections = COLLECTIONS.get();
      if (!collections) throw new Error('render-path: the bundle did not expose its collections');
      return collections;
    },
  };
}
