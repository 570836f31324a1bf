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
import { loadBundle, readFacts, type RouteData } from '../../src/integrations/render-path/bundle.ts';
import { pathsOfRoute, type RouteCache as AstroRouteCache } from '../../src/collections/astro-internals.ts';
import type { ShellPart } from '../../src/shell/shell-splice.ts';

const DATA_STORE_KEY = 'portal.render-path.data-store';
const COLLECTIONS_KEY = 'portal.render-path.collections';
const STATUS_CODE_PAGES = new Set(['/404', '/500']);
/** cacheKey → the `collection/id` of the entries it was made from (src/collections/api-collection.ts). */
const CACHE_KEY_RECORDS = Symbol.for('portal.render-path.cache-key-records');
/** cacheKey → the key of what the page shows besides its shell (src/collections/api-collection.ts). */
const CACHE_KEY_BODIES = Symbol.for('portal.render-path.cache-key-bodies');
/** src/shell/shell-parts.ts: the shell's parts a page shows now, when rendered already. */
const SHELL_PARTS = Symbol.for('portal.render-path.shell-parts');
/** src/collections/api-collection.ts `noteReads`: collections a getStaticPaths read from a memo. */
const NOTE_READS = Symbol.for('portal.render-path.note-reads');
/** src/collections/api-collection.ts `contentVersion`: what getStaticPaths memoised is read again once it moves. */
const CONTENT_VERSION = Symbol.for('portal.render-path.content-version');

/** The content store changed, or was loaded anew: memos of it (`contentVersion`) are stale. */
export function contentChanged(): void {
  const g = globalThis as Record<symbol, number | undefined>;
  g[CONTENT_VERSION] = (g[CONTENT_VERSION] ?? 0) + 1;
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
   * watched. A change to one re-runs nearly every route's getStaticPaths (seconds at 20,000 pages).
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
  definitions(): Record<string, { loader: { name: string; load(ctx: unknown): Promise<void> } }>;
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
  const marker = Symbol.for('portal.render-path.fetch-retry');
  const g = globalThis as typeof globalThis & { [marker]?: true };
  if (g[marker]) return;
  g[marker] = true;
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

/** What the publisher uses of Astro's per-route cache of getStaticPaths results (the seam's contract). */
type RouteCache = AstroRouteCache<RouteData>;

/**
 * Records which content collections each route's getStaticPaths reads. Astro calls them one
 * route at a time (StaticPaths.getAll awaits each), between a route cache miss (`get`) and the
 * `set` of its result; the content store (astro:content's getCollection and getEntry go through
 * it) notes every collection asked for in between. This holds as long as getStaticPaths read
 * content through astro:content, or from a memo of their own that names what it holds
 * (src/collections/api-collection.ts `noteReads`: the shell's entries, read once per content version).
 */
function watchReads(routeCache: RouteCache) {
  const readsOf = new Map<string, Set<string>>();
  /** Keys of page routes (endpoints such as the feeds render no shell). */
  const pages = new Set<string>();
  let reading: Set<string> | null = null;
  let watching = false;
  const get = routeCache.get.bind(routeCache);
  const set = routeCache.set.bind(routeCache);
  /** Keys of the routes asked of the cache since it was last cleared (the paths of one route). */
  const touched = new Set<string>();
  routeCache.get = (route) => {
    touched.add(routeCache.key(route));
    const hit = get(route);
    reading = hit?.staticPaths ? null : new Set();
    return hit;
  };
  (globalThis as Record<symbol, unknown>)[NOTE_READS] = (collections: readonly string[]) => {
    for (const c of collections) reading?.add(c);
  };
  routeCache.set = (route, entry) => {
    if (route.type === 'page') pages.add(routeCache.key(route));
    // Reads are known only once the store is watched: a route run before that has none recorded
    // (not even what it noted itself, `noteReads`), so its next publish runs it again.
    if (reading && watching) readsOf.set(routeCache.key(route), reading);
    reading = null;
    set(route, entry);
  };
  return {
    touched,
    async watchStore() {
      if (watching) return;
      const holder = (globalThis as Record<symbol, unknown>)[Symbol.for(DATA_STORE_KEY)] as
        { get(): Promise<Record<string, unknown>> } | undefined;
      if (!holder) return; // not loaded yet: every route runs again until it is
      const source = await holder.get();
      for (const name of ['hasCollection', 'get', 'entries', 'values', 'keys', 'has']) {
        const original = source[name];
        if (typeof original !== 'function') continue;
        source[name] = (collection: string, ...rest: unknown[]) => {
          reading?.add(collection);
          return (original as (...a: unknown[]) => unknown).call(source, collection, ...rest);
        };
      }
      watching = true;
    },
    readByAll(collections: ReadonlySet<string>): string[] {
      const cached = Object.keys(routeCache.cache).filter((k) => pages.has(k));
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
    forget(changed: ReadonlySet<string>) {
      if (!watching) {
        routeCache.clearAll();
        return null;
      }
      const dropped = new Map<string, { entry: unknown; read: Set<string> | undefined }>();
      for (const key of Object.keys(routeCache.cache)) {
        const read = readsOf.get(key);
        if (!read || read.size === 0 || [...read].some((c) => changed.has(c))) {
          dropped.set(key, { entry: routeCache.cache[key], read });
          delete routeCache.cache[key];
          readsOf.delete(key);
        }
      }
      return dropped;
    },
    /** Puts back what `forget` dropped, for the routes whose getStaticPaths did not run since. */
    restore(dropped: ReadonlyMap<string, { entry: unknown; read: Set<string> | undefined }>) {
      for (const [key, { entry, read }] of dropped) {
        if (key in routeCache.cache) continue;
        routeCache.cache[key] = entry;
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

export async function loadRenderPath(dir: string): Promise<RenderPath> {
  retryDroppedGets();
  contentChanged(); // another store than any memo in this process holds
  const records = new Map<string, string[]>();
  (globalThis as Record<symbol, unknown>)[CACHE_KEY_RECORDS] = records;
  const bodies = new Map<string, string>();
  (globalThis as Record<symbol, unknown>)[CACHE_KEY_BODIES] = bodies;
  const { app, facts, StaticPaths, renderForPrerender } = await loadBundle(dir);

  const routeCache = app.routeCache as RouteCache;
  const reads = watchReads(routeCache);
  /**
   * Each route's pages as its getStaticPaths last gave them, with the route-cache entries they
   * were read from (by key): while those entries stand, the route gives the same pages.
   */
  const byRoute = new Map<RouteData, { paths: Array<PagePath & { normal: string }>; entries: Map<string, unknown> }>();
  /**
   * How many of the routes' pages give each pathname, and those more than one gives (the build
   * keeps the first): kept up to date with the routes that run again, so that a publish does not
   * look up every page of the site (83,000 at 72,000 pages) to find the rare pathname two give.
   */
  const given = new Map<string, number>();
  const twice = new Set<string>();
  const count = (paths: ReadonlyArray<{ normal: string }>, by: 1 | -1) => {
    for (const { normal } of paths) {
      const n = (given.get(normal) ?? 0) + by;
      if (n > 0) given.set(normal, n);
      else given.delete(normal);
      if (n > 1) twice.add(normal);
      else twice.delete(normal);
    }
  };
  const run = { ran: 0, of: 0 };
  return {
    dir,
    origin: facts.origin,
    get routesRun() {
      return { ...run };
    },
    async paths(changed, stop) {
      await reads.watchStore();
      // getStaticPaths results are cached per route: drop those that read what changed (all of
      // them without `changed`) so the current store is read.
      const dropped = changed ? reads.forget(changed) : null;
      if (!changed) {
        routeCache.clearAll();
        records.clear();
        bodies.clear();
        contentChanged(); // every route reads the store afresh (a restart in one process loads another)
      }
      const all: Array<PagePath & { normal: string }> = [];
      run.ran = run.of = 0;
      for (const { routeData } of app.manifest.routes) {
        if (!routeData.prerender) continue;
        run.of++;
        // A route whose cached getStaticPaths did not run again gives the pages it gave last time.
        const kept = byRoute.get(routeData);
        if (kept && [...kept.entries].every(([key, entry]) => routeCache.cache[key] === entry)) {
          for (const p of kept.paths) all.push(p);
          continue;
        }
        // Asked to stop (an edit waits): the routes not run again give their pages as before.
        if (dropped && stop?.()) {
          reads.restore(dropped);
          throw new PathsStopped();
        }
        // The content store loads with the first route that reads it: the routes after it have
        // their reads recorded on this run already (else the next publish ran every route again:
        // 0.5 s at 20,000 pages, 3 s at 72,000, on the first edit after a start).
        await reads.watchStore();
        run.ran++;
        reads.touched.clear();
        const made = (await pathsOfRoute(StaticPaths, app, routeData)) as Array<{
          pathname: string;
          route: RouteData;
          cacheKey?: string;
        }>;
        const paths = made.map((p) => ({
          file: outputFile(p.pathname, p.route),
          pathname: p.pathname,
          normal: p.pathname.replace(/\/+$/, ''),
          route: p.route,
          cacheKey: p.cacheKey,
          records: (p.cacheKey && records.get(p.cacheKey)) || [],
          bodyKey: p.cacheKey ? bodies.get(p.cacheKey) : undefined,
        }));
        if (kept) count(kept.paths, -1);
        count(paths, 1);
        byRoute.set(routeData, {
          paths,
          entries: new Map([...reads.touched].map((key) => [key, routeCache.cache[key]])),
        });
        for (const p of paths) all.push(p);
      }
      // Keys of pages no longer made (re-run routes made new ones) go, or the map grows each edit:
      // once it holds a quarter more than the pages (a pass over every page, not at each publish).
      if (records.size > all.length * 1.25 + 1000) {
        const live = new Set(all.map((p) => p.cacheKey));
        for (const k of records.keys()) if (!live.has(k)) records.delete(k);
        for (const k of bodies.keys()) if (!live.has(k)) bodies.delete(k);
      }
      if (twice.size === 0) return all;
      // The build keeps the first route for a pathname (prerenderConflictBehavior) and renders
      // fallbacks after the rest.
      const seen = new Set<string>();
      return all.filter((p) => (twice.has(p.normal) ? !seen.has(p.normal) && seen.add(p.normal) : true));
    },
    readByAll: (collections) => reads.readByAll(collections),
    async shellParts(page) {
      const parts = (globalThis as Record<symbol, unknown>)[SHELL_PARTS] as
        ((pathname: string) => Promise<Record<ShellPart, string> | null>) | undefined;
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
      const holder = (globalThis as Record<symbol, unknown>)[Symbol.for(DATA_STORE_KEY)] as
        { get(): Promise<unknown> } | undefined;
      if (!holder)
        throw new Error('render-path: the bundle has no content store hook (built without RENDER_PATH_DIR?)');
      const source = (await holder.get()) as { collections(): Map<string, Map<string, StoreEntry>> };
      return source.collections();
    },
    definitions() {
      const collections = (globalThis as Record<symbol, unknown>)[Symbol.for(COLLECTIONS_KEY)];
      if (!collections) throw new Error('render-path: the bundle did not expose its collections');
      return collections as ReturnType<RenderPath['definitions']>;
    },
  };
}
