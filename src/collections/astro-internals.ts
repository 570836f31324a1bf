/**
 * The seam: every contact of the portal with what Astro's package does not export (files under
 * astro/dist/, their classes, fields and text). Nothing else in the project reaches into Astro;
 * each contact below is checked against the Astro actually installed by one contract test in
 * ./astro-internals.test.ts, so an upgrade that moves one fails there, by name, before a build
 * quietly changes its memory or its pages. `npm run check:astro-next` runs those tests against
 * the newest Astro 7.x (README "Upgrading Astro"); docs/performance.md says what each contact
 * buys, so that one can be dropped knowingly.
 *
 * Where a contact no longer fits, the code falls back to Astro's own behaviour (slower or
 * heavier, never wrong); `internalFallback` makes every such fallback an error when `CI` is set.
 *
 * Runs in plain Node (the publisher, astro.config.mjs's integrations): erasable TypeScript only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import type * as AstroStoreWriter from '../../node_modules/astro/dist/content/data-store-writer.js';
import type * as AstroMutableStore from '../../node_modules/astro/dist/content/mutable-data-store.js';

const require = createRequire(import.meta.url);

/** The installed `astro/dist` folder. */
export const astroDist = (): string => path.dirname(require.resolve('astro'));

/** The text of a file of the installed `astro/dist`. @internal (the contract tests read what they rely on) */
export const astroInternalText = (file: string): string => readFileSync(path.join(astroDist(), file), 'utf8');

/** A module of the installed `astro/dist`, as Astro's own code loads it. */
const astroModule = <M>(file: string): Promise<M> =>
  import(/* @vite-ignore */ pathToFileURL(path.join(astroDist(), file)).href) as Promise<M>;

// ---- 0. The package itself: its command and its version (scripts/site, scripts/bench) ----

/** The `astro` command of the installed package (its `bin`), run with `node`. */
export function astroBin(): string {
  const manifest = require.resolve('astro/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { astro: string } };
  return path.join(path.dirname(manifest), bin.astro);
}

/** The version of the `astro` installed for the project in `root` (this project by default). */
export function astroVersion(root?: string): string {
  const from = root ? createRequire(path.join(root, 'package.json')) : require;
  return (JSON.parse(readFileSync(from.resolve('astro/package.json'), 'utf8')) as { version: string }).version;
}

/**
 * A contact that no longer fits the installed Astro: an error under CI (`CI` set), else a
 * warning once per contact, and the caller does what Astro does without it.
 */
const warned = new Set<string>();
export function internalFallback(contact: string, what: string): void {
  const message = `astro-internals: ${contact}: ${what} (src/collections/astro-internals.ts; npm run check:astro-next)`;
  if (process.env.CI) throw new Error(message);
  if (warned.has(contact)) return;
  warned.add(contact);
  process.emitWarning(message);
}

// ---- 1, 2. Classes of the content layer, patched in place ----

/** Astro's content store (content/mutable-data-store.js; `_collections` from data-store.js). */
export const MUTABLE_DATA_STORE = { file: 'content/mutable-data-store.js', className: 'MutableDataStore' } as const;
/** Astro's single-file store writer (content/data-store-writer.js). */
export const FILE_WRITER = { file: 'content/data-store-writer.js', className: 'FileWriter' } as const;

/**
 * Changes a class of Astro's content layer, once per process (./unchanged-meta.ts,
 * ./store-file-writer.ts). The file is loaded with Node's own `require` (Node 24 loads ES
 * modules that way, into the same module map as `import`): the class is the very one Astro's
 * sync uses, however the config was loaded. (Astro loads astro.config.mjs with Node's `import`,
 * and only when that fails through a Vite module runner it closes before the hooks run; a
 * dynamic `import()` in a hook then fails. tests/unit/site/config-load.test.ts keeps the config
 * loadable by Node.)
 */
export function patchAstroClass<P extends object>(
  target: { file: string; className: string },
  mark: symbol,
  patch: (prototype: P) => void,
): void {
  const module = require(path.join(astroDist(), target.file)) as Record<string, { prototype: P } | undefined>;
  const prototype = module[target.className]?.prototype;
  if (!prototype) {
    internalFallback(target.className, `astro/dist/${target.file} exports no class ${target.className}`);
    return;
  }
  const marks = prototype as Record<symbol, true | undefined>;
  if (marks[mark]) return;
  patch(prototype);
  marks[mark] = true;
}

/** Astro's content store (content/mutable-data-store.js; `_collections` from data-store.js). */
export interface MutableDataStoreShape {
  _collections: Map<string, Map<string, unknown>>;
  set(collectionName: string, key: string, value: unknown): void;
}

/** Astro's file writer of the store (content/data-store-writer.js). */
export interface FileWriterShape {
  readonly target: string | URL;
  write(collections: Map<string, Map<string, unknown>>): Promise<boolean>;
}

/** Astro's MutableDataStore class. @internal (tests that sync against the real store) */
export async function mutableDataStoreClass(): Promise<typeof AstroMutableStore.MutableDataStore> {
  return (await astroModule<typeof AstroMutableStore>(MUTABLE_DATA_STORE.file)).MutableDataStore;
}

/** Astro's store writer module: FileWriter and serializeDataStore. @internal (tests: the bytes of the store file) */
export async function storeWriterModule(): Promise<Pick<typeof AstroStoreWriter, 'FileWriter' | 'serializeDataStore'>> {
  const { FileWriter, serializeDataStore } = await astroModule<typeof AstroStoreWriter>(FILE_WRITER.file);
  return { FileWriter, serializeDataStore };
}

/**
 * Astro writes its store to disk this long after the store's last change
 * (SAVE_DEBOUNCE_MS, content/mutable-data-store.js); a delete of an id the store lacks restarts
 * that timer too, and changes nothing (src/collections/store-writes.ts).
 */
export const STORE_SAVE_DEBOUNCE_MS = 500;

/** The collection of Astro's store that holds a collection's loader meta (`metaStore`). */
export const metaCollectionOf = (collection: string): string => `meta:${collection}`;

// ---- 3. The content store module, pointed at the store file (render-path/data-store-file.ts) ----

/** The virtual module Astro's content runtime imports the whole store from. */
export const STORE_VIRTUAL_MODULE = 'astro:data-layer-content';
/** The two files of Astro's content runtime that import it, as `import("astro:data-layer-content")`. */
export const STORE_IMPORTERS = /[\\/]astro[\\/]dist[\\/]content[\\/](mutable-)?data-store\.js$/;
/** Those two files, in `astro/dist`. @internal (tests) */
export const STORE_IMPORTER_FILES = ['content/data-store.js', 'content/mutable-data-store.js'] as const;
/**
 * What Astro's own plugin tags that module with (createContentDataIncrementalMetadata in
 * core/build/incremental-metadata.js): its incremental build leaves content data out of code hashes.
 */
export const CONTENT_DATA_META = { astroIncremental: { kind: 'content-data' } };

// ---- 4. The store singleton, handed to the publisher (render-path/index.ts) ----

/** Astro's content runtime module that holds the store singleton, and the singleton's name there. */
export const DATA_STORE_MODULE = /[\\/]astro[\\/]dist[\\/]content[\\/]data-store\.js$/;
export const DATA_STORE_SINGLETON = 'globalDataStore';

/**
 * What the singleton's `get()` resolves to (InMemorySource, content/data-store-source.js): the
 * reads astro:content's getCollection and getEntry go through, each naming its collection
 * first, and `collections()`, the store's own map of collections (not a copy).
 */
export interface StoreSource<E = unknown> {
  hasCollection(collection: string): boolean;
  get(collection: string, key: string): E | undefined;
  entries(collection: string): Array<[string, E]>;
  values(collection: string): E[];
  keys(collection: string): string[];
  has(collection: string, key: string): boolean;
  collections(): Map<string, Map<string, E>>;
}

/** The reads of a StoreSource, each with the collection as its first argument. @internal (the contract test) */
export const STORE_READS = ['hasCollection', 'get', 'entries', 'values', 'keys', 'has'] as const;

/** The store the singleton holds (loading it when no read has yet). */
export async function storeOf<E>(singleton: { get(): Promise<unknown> }): Promise<StoreSource<E>> {
  return (await singleton.get()) as StoreSource<E>;
}

/** Tells `onRead` the collection of every read of `source` from now on (the reads answer as before). */
export function watchStoreReads(source: StoreSource, onRead: (collection: string) => void): void {
  const methods = source as unknown as Record<string, unknown>;
  for (const name of STORE_READS) {
    const original = methods[name];
    if (typeof original !== 'function') {
      internalFallback('StoreSource', `the content store has no ${name}(): its reads go unrecorded`);
      continue;
    }
    methods[name] = (collection: string, ...rest: unknown[]) => {
      onRead(collection);
      return (original as (...a: unknown[]) => unknown).call(source, collection, ...rest);
    };
  }
}

// ---- 5. Where a static build writes its prerender bundle (render-path/index.ts) ----

/**
 * Astro's getPrerenderOutputDirectory (prerender/utils.js, not exported): `.prerender/` in
 * the output folder, or in `./.astro/` of the working directory when the output folder lies
 * outside it (getOutDirWithinCwd, core/build/common.js).
 */
export function prerenderDirOf(outDir: URL): URL {
  const inside = fileURLToPath(outDir).startsWith(process.cwd());
  const base = inside ? outDir : new URL('./.astro/', pathToFileURL(process.cwd() + path.sep));
  return new URL('./.prerender/', base);
}

/** What the prerender entry's file name starts with (PRERENDER_ENTRY_FILENAME_PREFIX, core/build/vite-build-config.js). */
export const PRERENDER_ENTRY_PREFIX = 'prerender-entry';

/**
 * The build internals Astro hands the prerender entry's `app` (`app.setInternals`, called by
 * the default prerenderer's setup, core/build/default-prerenderer.js) while `setup` runs; `app`
 * is the entry's, loaded before `setup` loads it again (the same module).
 */
export async function captureBuildInternals(
  app: { setInternals(internals: unknown): void },
  setup: () => Promise<void> | undefined,
): Promise<BuildInternals> {
  let internals: BuildInternals | undefined;
  const own = Object.hasOwn(app, 'setInternals');
  const setInternals = app.setInternals;
  app.setInternals = (value: unknown) => {
    internals = value as BuildInternals;
    setInternals.call(app, value);
  };
  try {
    await setup();
  } finally {
    if (own) app.setInternals = setInternals;
    else delete (app as Partial<typeof app>).setInternals;
  }
  if (!internals) throw new Error('render-path: Astro did not hand over its build internals');
  return internals;
}

// ---- 6. The build internals a render outside the build needs (render-path/bundle.ts) ----

/** The fields of Astro's BuildInternals (core/build/internal.js) the bundle's facts record. */
export interface BuildInternals {
  pagesByKeys: Map<string, { styles: unknown }>;
  entrySpecifierToBundleMap: Map<string, string>;
}

// ---- 7. The route cache of getStaticPaths results (scripts/publisher/render-path.ts) ----

/** What the publisher uses of Astro's RouteCache (core/render/route-cache.js): its private cache and key. */
interface RouteCache<R> {
  cache: Record<string, unknown>;
  clearAll(): void;
  get(route: R): { staticPaths?: unknown } | undefined;
  set(route: R, entry: unknown): void;
  key(route: R): string;
}

/**
 * The route cache of getStaticPaths results, entry by entry. StaticPaths.getAll asks it for a
 * route (`get`) and, on a miss, runs the route's getStaticPaths and stores the result (`set`):
 * `watch` hears both. An entry dropped is a miss until put back.
 */
export interface RouteCacheView<R> {
  key(route: R): string;
  /** Keys of the cached routes. */
  keys(): string[];
  has(key: string): boolean;
  /** The cached entry of a key (compared by identity), or undefined. */
  entry(key: string): unknown;
  drop(key: string): void;
  put(key: string, entry: unknown): void;
  clearAll(): void;
}

export interface RouteCacheWatch<R> {
  /** A route asked of the cache; `hit` when its getStaticPaths result was there. */
  asked(route: R, key: string, hit: boolean): void;
  /** A route's getStaticPaths result stored (it just ran). */
  stored(route: R, key: string): void;
}

/** A view of the app's route cache (`app.routeCache`), its asks and stores told to `watch`. */
export function watchRouteCache<R>(routeCache: unknown, watch: RouteCacheWatch<R>): RouteCacheView<R> {
  const cache = routeCache as RouteCache<R>;
  const get = cache.get.bind(cache);
  const set = cache.set.bind(cache);
  cache.get = (route) => {
    const hit = get(route);
    watch.asked(route, cache.key(route), Boolean(hit?.staticPaths));
    return hit;
  };
  cache.set = (route, entry) => {
    watch.stored(route, cache.key(route));
    set(route, entry);
  };
  return {
    key: (route) => cache.key(route),
    keys: () => Object.keys(cache.cache),
    has: (key) => key in cache.cache,
    entry: (key) => cache.cache[key],
    drop: (key) => void delete cache.cache[key],
    put: (key, entry) => void (cache.cache[key] = entry),
    clearAll: () => cache.clearAll(),
  };
}

/**
 * `StaticPaths.getAll()` (runtime/prerender/static-paths.js) over one route of `app` and its
 * fallbacks: the paths it gives for that route, in the build's order. getAll reads the app's
 * `manifest` (its `routes`, `serverLike`, `base`, `trailingSlash`, `i18n`), `routeCache` and
 * `getComponentByRoute` only; the view hands it the app's own with `routes` narrowed to the one.
 * Astro's getAll turns every cached path of every route into its pathname again on each call
 * (every page of the site); the publisher keeps the paths of a route whose cached
 * getStaticPaths did not run again (scripts/publisher/render-path.ts `paths`).
 */
export function pathsOfRoute<R>(
  StaticPaths: new (app: never) => { getAll(): Promise<unknown[]> },
  app: { manifest: object; routeCache: unknown; getComponentByRoute?: (route: R) => Promise<unknown> },
  routeData: R,
): Promise<unknown[]> {
  const manifest = Object.assign(Object.create(app.manifest) as object, { routes: [{ routeData }] });
  const view = {
    manifest,
    routeCache: app.routeCache,
    getComponentByRoute: app.getComponentByRoute?.bind(app),
  };
  return new StaticPaths(view as never).getAll();
}

// ---- 8. The CSP digest, computed once per text (render-path/csp-digests.ts) ----

/**
 * Astro's encryption module (its file in `astro/dist`, and as a module id), and the declaration
 * of its generateCspDigest there, once.
 */
/** @internal (tests) */
export const ENCRYPTION_FILE = 'core/encryption.js';
export const ENCRYPTION_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
export const CSP_DIGEST_DECLARATION = 'async function generateCspDigest(data, algorithm) {';

// ---- 9. The renderer outside the build (render-path/bundle.ts) ----

/** Astro's runtime modules a prerender bundle is rendered with, from the same package it was built with. */
export async function prerenderRuntime() {
  // A subpath the package exports (`./runtime/*`), though not a documented API.
  const { StaticPaths } = await import('astro/runtime/prerender/static-paths.js' as string);
  const dist = astroDist();
  const { renderForPrerender } = await import(
    /* @vite-ignore */ pathToFileURL(path.join(dist, 'core/app/prerender.js')).href
  );
  const { ensureAsyncRenderScope } = await import(
    /* @vite-ignore */ pathToFileURL(path.join(dist, 'core/render-scope/node-scope.js')).href
  );
  return { StaticPaths, renderForPrerender, ensureAsyncRenderScope };
}

// ---- 10. A loader run outside Astro's sync (scripts/publisher/content-store.ts) ----

/**
 * Astro's generateDigest (content/content-layer.js): xxhash64 (`h64ToString`) of the JSON, or
 * of the string itself. @internal (the contract test checks the installed Astro computes it so)
 */
export const DIGEST_TEXT = 'typeof data === "string" ? data : JSON.stringify(data)';

let digest: ((data: unknown) => string) | undefined;
/** The digest Astro's sync hands its loaders, so that a record's digest matches the build's. */
export async function contentDigest(): Promise<(data: unknown) => string> {
  if (!digest) {
    const { default: xxhash } = await import('xxhash-wasm');
    const { h64ToString } = await xxhash();
    digest = (data) => h64ToString(typeof data === 'string' ? data : JSON.stringify(data));
  }
  return digest;
}

/**
 * The fields of the LoaderContext Astro's sync hands a loader (#getLoaderContext,
 * content/content-layer.js) that a loader run outside the sync is given, and those it is not:
 * the site's loaders (src/collections/api-collection.ts) use neither file watching nor entry
 * types nor Markdown, and their records are checked by their own schemas.
 */
/** @internal (the contract test) */
export const LOADER_CONTEXT_GIVEN = [
  'collection',
  'store',
  'meta',
  'logger',
  'config',
  'parseData',
  'renderMarkdown',
  'generateDigest',
] as const;
/** @internal (the contract test) */
export const LOADER_CONTEXT_LEFT_OUT = ['watcher', 'refreshContextData', 'entryTypes'] as const;

/** A LoaderContext for a loader run outside Astro's sync, with the store, meta and logger given. */
export function loaderContext(parts: {
  collection: string;
  store: unknown;
  meta: LoaderContext['meta'];
  logger: unknown;
  generateDigest: (data: unknown) => string;
}): LoaderContext {
  const context = {
    ...parts,
    config: {},
    parseData: async ({ data }: { data: unknown }) => data,
    renderMarkdown: async () => ({ html: '' }),
  };
  return context as unknown as LoaderContext;
}

// ---- 11. Astro's escaping of an attribute value (src/shell/render-cache.ts) ----

/** toAttributeString of runtime/server/render/util.js: `&` and `"` escaped, nothing else. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
