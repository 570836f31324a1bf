/**
 * The contract of the seam (./astro-internals.ts) with the Astro actually installed: one test
 * per contact, each reading the class, method, field or file text the portal relies on. Each
 * test's name starts with the contact it guards and the file that relies on it
 * (`<contact> (<who>): <what>`); `npm run check:astro-next` prints the names of those that fail.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import xxhash from 'xxhash-wasm';
import {
  astroBin,
  astroDist,
  astroInternalText,
  astroVersion,
  captureBuildInternals,
  CONTENT_DATA_META,
  contentDigest,
  CSP_DIGEST_DECLARATION,
  DATA_STORE_MODULE,
  DATA_STORE_SINGLETON,
  DIGEST_TEXT,
  ENCRYPTION_FILE,
  ENCRYPTION_MODULE,
  escapeAttribute,
  FILE_WRITER,
  internalFallback,
  LOADER_CONTEXT_GIVEN,
  LOADER_CONTEXT_LEFT_OUT,
  loaderContext,
  metaCollectionOf,
  MUTABLE_DATA_STORE,
  mutableDataStoreClass,
  patchAstroClass,
  pathsOfRoute,
  PRERENDER_ENTRY_PREFIX,
  prerenderDirOf,
  prerenderRuntime,
  STORE_IMPORTER_FILES,
  STORE_IMPORTERS,
  STORE_READS,
  STORE_SAVE_DEBOUNCE_MS,
  STORE_VIRTUAL_MODULE,
  storeOf,
  storeWriterModule,
  watchRouteCache,
  watchStoreReads,
} from './astro-internals';

const require = createRequire(import.meta.url);
const dist = astroDist();
const file = (name: string) => path.join(dist, name);
const text = astroInternalText;
const load = (name: string) => import(pathToFileURL(file(name)).href) as Promise<Record<string, unknown>>;

/** A route of the prerender app, as Astro's manifest describes one. */
const route = (name: string) => ({
  route: `/${name}/[slug]`,
  component: `src/pages/${name}/[slug].astro`,
  type: 'page',
  prerender: true,
  fallbackRoutes: [],
  params: ['slug'],
  origin: 'project',
  segments: [[{ content: name, dynamic: false, spread: false }], [{ content: 'slug', dynamic: true, spread: false }]],
});

/** Astro's route cache over two routes whose getStaticPaths count their runs. */
async function routeCacheApp() {
  const { RouteCache } = (await load('core/render/route-cache.js')) as {
    RouteCache: new (logger: unknown, mode: string) => { cache: Record<string, unknown> };
  };
  const [a, b] = [route('a'), route('b')];
  const runs = { count: 0 };
  const mods = new Map<unknown, unknown>([
    [
      a,
      { getStaticPaths: () => (runs.count++, [{ params: { slug: 'x' }, cacheKey: 'kx' }, { params: { slug: 'y' } }]) },
    ],
    [b, { getStaticPaths: () => (runs.count++, [{ params: { slug: 'z' }, cacheKey: 'kz' }]) }],
  ]);
  const app = {
    manifest: { routes: [{ routeData: a }, { routeData: b }], serverLike: false, base: '/', trailingSlash: 'always' },
    routeCache: new RouteCache({ warn() {} }, 'production'),
    getComponentByRoute: async (r: unknown) => mods.get(r),
  };
  return { app, a, b, runs };
}

describe('the seam with Astro: the package and the content store', () => {
  it('astro/dist (every contact): the installed package', () => {
    expect(dist).toBe(path.dirname(require.resolve('astro')));
  });

  it('the astro command (scripts/site/build-site.ts, dev.ts, scripts/bench/build.ts): bin/astro.mjs, and the version', () => {
    expect(existsSync(astroBin())).toBe(true);
    expect(astroBin()).toBe(path.join(path.dirname(dist), 'bin', 'astro.mjs'));
    expect(astroVersion()).toBe((require('astro/package.json') as { version: string }).version);
    expect(astroVersion(process.cwd())).toMatch(/^7\./);
  });

  it('MutableDataStore (unchanged-meta.ts): an exported class with set(collection, key, value) over _collections', async () => {
    const { MutableDataStore } = (await load(MUTABLE_DATA_STORE.file)) as { MutableDataStore: { prototype: object } };
    expect(typeof MutableDataStore).toBe('function');
    expect(MutableDataStore.prototype).toHaveProperty('set');
    expect((MutableDataStore.prototype as { set: () => void }).set.length).toBe(3);
    expect(MutableDataStore).toBe(await mutableDataStoreClass());
    expect(text('content/data-store.js')).toMatch(/_collections = /);
    // The sync's own meta sets, which the patch turns into no-ops when nothing changed.
    expect(text('content/content-layer.js')).toMatch(/store\.metaStore\(\)\.set\(/);
  });

  it('metaStore (content-store.ts seedFromBuild, unchanged-meta.ts): a loader meta lives in the collection meta:<name>', async () => {
    const MutableDataStore = await mutableDataStoreClass();
    const store = new MutableDataStore();
    store.metaStore('articles').set('etag:th', 'W/"1"');
    expect(store.get(metaCollectionOf('articles'), 'etag:th')).toBe('W/"1"');
    expect([...store.collections().keys()]).toEqual([metaCollectionOf('articles')]);
  });

  it('SAVE_DEBOUNCE_MS (store-writes.ts): the store is written this long after its last change, a delete of an absent id restarting the wait', async () => {
    const MutableDataStore = await mutableDataStoreClass();
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-contract-'));
    vi.useFakeTimers();
    try {
      const store = await MutableDataStore.fromFile(pathToFileURL(path.join(folder, 'data-store.json')));
      const writes = vi.spyOn(store, 'writeToDisk').mockResolvedValue(undefined);
      const scoped = store.scopedStore('things');
      scoped.set({ id: 'th/1', data: { title: 'one' } });
      for (let i = 0; i < 3; i++) {
        await vi.advanceTimersByTimeAsync(STORE_SAVE_DEBOUNCE_MS * 0.8);
        scoped.delete('\0absent');
      }
      expect(writes).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(STORE_SAVE_DEBOUNCE_MS + 1);
      expect(writes).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('FileWriter (store-file-writer.ts): an exported class whose write(collections) writes to `target`, a file', async () => {
    const { FileWriter } = await storeWriterModule();
    const writer = new FileWriter(new URL('file:///tmp/portal-contract.json')) as unknown as {
      target: unknown;
      write: (c: unknown) => unknown;
    };
    expect(writer.target).toBeInstanceOf(URL);
    expect(writer.write.length).toBe(1);
    expect(text(FILE_WRITER.file)).toMatch(/writeFileAtomic\(this\.#file, serializeDataStore\(collections\)\)/);
  });
});

describe('the seam with Astro: the store in the bundle', () => {
  it('astro:data-layer-content (data-store-file.ts): both content runtime files import it by name, tagged as content data', () => {
    for (const name of STORE_IMPORTER_FILES) {
      expect(file(name)).toMatch(STORE_IMPORTERS);
      expect(text(name)).toContain(`import("${STORE_VIRTUAL_MODULE}")`);
    }
    expect(text('content/consts.js')).toContain(`DATA_STORE_VIRTUAL_ID = "${STORE_VIRTUAL_MODULE}"`);
    const meta = text('core/build/incremental-metadata.js');
    const [[key, value]] = Object.entries(CONTENT_DATA_META) as [[string, { kind: string }]];
    expect(meta).toContain(`ASTRO_INCREMENTAL_META_KEY = "${key}"`);
    expect(meta).toContain(`kind: "${value.kind}"`);
  });

  it('globalDataStore (render-path/index.ts): data-store.js defines the store singleton', () => {
    expect(file('content/data-store.js')).toMatch(DATA_STORE_MODULE);
    expect(text('content/data-store.js')).toContain(`const ${DATA_STORE_SINGLETON} = `);
  });

  it("StoreSource (publisher render-path.ts watchStore, collections): reads name their collection first, collections() is the store's own map", async () => {
    const { ImmutableDataStore } = (await load('content/data-store.js')) as {
      ImmutableDataStore: { fromMap(m: Map<string, Map<string, unknown>>): Promise<unknown> };
    };
    const { InMemorySource } = (await load('content/data-store-source.js')) as {
      InMemorySource: new (store: unknown) => unknown;
    };
    const live = new Map([['faqs', new Map<string, unknown>([['th/1', { id: 'th/1' }]])]]);
    const source = await storeOf<{ id: string }>({
      get: async () => new InMemorySource(await ImmutableDataStore.fromMap(live)),
    });
    const read: string[] = [];
    watchStoreReads(source, (collection) => read.push(collection));
    expect(source.get('faqs', 'th/1')).toEqual({ id: 'th/1' });
    expect(source.values('faqs')).toHaveLength(1);
    expect(source.hasCollection('faqs')).toBe(true);
    source.entries('faqs');
    source.keys('faqs');
    source.has('faqs', 'th/1');
    expect(read).toEqual(['faqs', 'faqs', 'faqs', 'faqs', 'faqs', 'faqs']);
    expect(read).toHaveLength(STORE_READS.length);
    // Entries put into the map it gives are what the store reads from then on.
    expect(source.collections()).toBe(live);
    source.collections().get('faqs')!.set('th/2', { id: 'th/2' });
    expect(source.get('faqs', 'th/2')).toEqual({ id: 'th/2' });
    // astro:content reads through these methods.
    const runtime = text('content/runtime.js');
    expect(runtime).toMatch(/store\.values\(collection\)/);
    expect(runtime).toMatch(/store\.get\(collection, lookupId\)/);
  });
});

describe("the seam with Astro: the build's prerender bundle", () => {
  it('the prerender entry (render-path/index.ts): its file name starts with prerender-entry', () => {
    const config = text('core/build/vite-build-config.js');
    expect(config).toContain(`PRERENDER_ENTRY_FILENAME_PREFIX = "${PRERENDER_ENTRY_PREFIX}"`);
    expect(config).toContain('entryFileNames: `${PRERENDER_ENTRY_FILENAME_PREFIX}.[hash].mjs`');
  });

  it("setInternals (render-path/index.ts captureBuildInternals): the default prerenderer's setup hands the entry's app the build internals", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-contract-'));
    try {
      const entry = `${PRERENDER_ENTRY_PREFIX}.test.mjs`;
      // The entry's app, one object however many module instances load the entry (Astro's own
      // import, and this test's through the test runner).
      const app = {
        internals: undefined as unknown,
        setInternals(i: unknown) {
          this.internals = i;
        },
        setOptions() {},
      };
      const appSlot = 'portal contract test app';
      (globalThis as Record<string, unknown>)[appSlot] = app;
      writeFileSync(path.join(dir, entry), `export const app = globalThis[${JSON.stringify(appSlot)}];\n`);
      const { createDefaultPrerenderer } = (await load('core/build/default-prerenderer.js')) as {
        createDefaultPrerenderer(a: unknown): { setup(): Promise<void> };
      };
      const internals = { prerenderEntryFileName: entry, pagesByKeys: new Map(), entrySpecifierToBundleMap: new Map() };
      const prerenderer = createDefaultPrerenderer({
        internals,
        options: {},
        prerenderOutputDir: pathToFileURL(dir + path.sep),
      });
      const own = app.setInternals;
      expect(await captureBuildInternals(app, () => prerenderer.setup())).toBe(internals);
      expect(app.internals).toBe(internals);
      expect(app.setInternals).toBe(own);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('getPrerenderOutputDirectory (render-path/index.ts prerenderDirOf): .prerender/ in the output folder, or in ./.astro/ outside the working directory', () => {
    expect(text('prerender/utils.js')).toContain('new URL("./.prerender/", getServerOutputDirectory(settings))');
    expect(text('core/build/common.js')).toContain('FALLBACK_OUT_DIR_NAME = "./.astro/"');
    expect(text('core/build/common.js')).toMatch(/fileURLToPath\(outDir\)\.startsWith\(process\.cwd\(\)\)/);
    const inside = pathToFileURL(path.join(process.cwd(), 'dist') + path.sep);
    expect(prerenderDirOf(inside).href).toBe(new URL('./.prerender/', inside).href);
    expect(prerenderDirOf(new URL('file:///elsewhere/dist/')).href).toBe(
      pathToFileURL(path.join(process.cwd(), '.astro', '.prerender') + path.sep).href,
    );
  });

  it('BuildInternals (render-path/bundle.ts): pagesByKeys and entrySpecifierToBundleMap, handed to the prerender app by setInternals', () => {
    const internal = text('core/build/internal.js');
    expect(internal).toMatch(/pagesByKeys: (\/\* @__PURE__ \*\/ )?new Map\(\)/);
    expect(internal).toMatch(/entrySpecifierToBundleMap: (\/\* @__PURE__ \*\/ )?new Map\(\)/);
    expect(text('core/build/app.js')).toMatch(/setInternals\(internals\) \{/);
  });
});

describe('the seam with Astro: rendering outside the build', () => {
  it("RouteCache (publisher render-path.ts watchReads): getAll asks the cache, runs a route's getStaticPaths on a miss and stores it; a dropped entry is a miss until put back", async () => {
    const { StaticPaths } = await prerenderRuntime();
    const { app, a, b, runs } = await routeCacheApp();
    const heard: string[] = [];
    const cache = watchRouteCache<typeof a>(app.routeCache, {
      asked: (r, key, hit) => heard.push(`asked ${r.route} ${hit ? 'hit' : 'miss'} ${key === cache.key(r)}`),
      stored: (r, key) => heard.push(`stored ${r.route} ${key === cache.key(r)} after ${runs.count}`),
    });
    await pathsOfRoute(StaticPaths, app, b);
    expect(heard).toEqual(['asked /b/[slug] miss true', 'stored /b/[slug] true after 1']);
    const key = cache.key(b);
    expect(cache.keys()).toEqual([key]);
    expect(cache.has(key)).toBe(true);
    const entry = cache.entry(key);
    expect(entry).toBeDefined();
    heard.length = 0;
    await pathsOfRoute(StaticPaths, app, b);
    expect(heard).toEqual(['asked /b/[slug] hit true']);
    cache.drop(key);
    expect(cache.has(key)).toBe(false);
    cache.put(key, entry);
    await pathsOfRoute(StaticPaths, app, b);
    expect(runs.count).toBe(1); // put back: no run
    cache.drop(key);
    await pathsOfRoute(StaticPaths, app, b);
    expect(runs.count).toBe(2);
    cache.clearAll();
    expect(cache.keys()).toEqual([]);
    expect(a.route).toBe('/a/[slug]');
  });

  it('generateCspDigest (render-path/csp-digests.ts): declared once, as the text the memo replaces', () => {
    expect(file(ENCRYPTION_FILE)).toMatch(ENCRYPTION_MODULE);
    expect(text(ENCRYPTION_FILE).split(CSP_DIGEST_DECLARATION)).toHaveLength(2);
  });

  it('the prerender runtime (render-path/bundle.ts): StaticPaths, renderForPrerender, ensureAsyncRenderScope', async () => {
    const runtime = await prerenderRuntime();
    expect(typeof runtime.StaticPaths).toBe('function');
    expect(typeof runtime.StaticPaths.prototype.getAll).toBe('function');
    expect(typeof runtime.renderForPrerender).toBe('function');
    expect(typeof runtime.ensureAsyncRenderScope).toBe('function');
  });

  it('StaticPaths.getAll over one route (publisher render-path.ts pathsOfRoute): the paths getAll gives that route, with cached routes left alone', async () => {
    const { StaticPaths } = await prerenderRuntime();
    const { app, b, runs } = await routeCacheApp();
    const all = (await new StaticPaths(app as never).getAll()) as Array<{ route: unknown; pathname: string }>;
    expect(all.map((p) => p.pathname)).toEqual(['/a/x/', '/a/y/', '/b/z/']);
    expect(runs.count).toBe(2);
    const one = (await pathsOfRoute(StaticPaths, app, b)) as typeof all;
    expect(one).toEqual(all.filter((p) => p.route === b));
    expect(runs.count).toBe(2); // from the route cache, as getAll would
    delete app.routeCache.cache[Object.keys(app.routeCache.cache).find((k) => k.startsWith('/b/'))!];
    expect(((await pathsOfRoute(StaticPaths, app, b)) as typeof all).map((p) => p.pathname)).toEqual(['/b/z/']);
    expect(runs.count).toBe(3); // only b ran again
  });
});

describe('the seam with Astro: a loader outside the sync, and the rest', () => {
  it('generateDigest (publisher content-store.ts contentDigest): xxhash64 of the JSON, or of the string itself', async () => {
    const layer = text('content/content-layer.js');
    expect(layer).toContain(DIGEST_TEXT);
    expect(layer).toMatch(/h64ToString\(dataString\)/);
    const { h64ToString } = await xxhash();
    const digest = await contentDigest();
    expect(digest({ title: 'ข่าว', n: 1 })).toBe(h64ToString(JSON.stringify({ title: 'ข่าว', n: 1 })));
    expect(digest('plain')).toBe(h64ToString('plain'));
  });

  it("LoaderContext (publisher content-store.ts loaderContext): every field Astro's sync hands a loader is given or knowingly left out", () => {
    // The object #getLoaderContext returns, whatever the indentation: its fields are the lines
    // indented as its first one that start with a name (not a closing bracket).
    const layer = text('content/content-layer.js');
    const body = /async #getLoaderContext\([\s\S]*?\)\s*\{\s*return \{\n([\s\S]*?)\n\s*\};/.exec(layer)?.[1] ?? '';
    const indent = /^\s*/.exec(body)?.[0] ?? '';
    const astroFields = body
      .split('\n')
      .filter((line) => line.startsWith(indent) && !/^\s/.test(line.slice(indent.length)))
      .flatMap((line) => /^(\w+)\b/.exec(line.slice(indent.length))?.slice(1, 2) ?? []);
    expect(astroFields).toContain('collection');
    expect(astroFields.toSorted()).toEqual([...LOADER_CONTEXT_GIVEN, ...LOADER_CONTEXT_LEFT_OUT].toSorted());
    const context = loaderContext({
      collection: 'faqs',
      store: {},
      meta: { get: () => undefined, set: () => {}, has: () => false, delete: () => {} },
      logger: {},
      generateDigest: () => 'd',
    });
    expect(Object.keys(context).toSorted()).toEqual([...LOADER_CONTEXT_GIVEN].toSorted());
  });

  it('toAttributeString (src/shell/render-cache.ts escapeAttribute): escapes & and " only', () => {
    const util = text('runtime/server/render/util.js');
    expect(util).toContain('replace(AMPERSAND_REGEX, "&amp;").replace(DOUBLE_QUOTE_REGEX, "&quot;")');
    expect(escapeAttribute('a&b"c<d')).toBe('a&amp;b&quot;c<d');
  });

  it('internalFallback (every contact): a contact that no longer fits is an error under CI, a warning elsewhere', () => {
    const ci = process.env.CI;
    try {
      process.env.CI = '1';
      expect(() =>
        patchAstroClass({ file: FILE_WRITER.file, className: 'NoSuchWriter' }, Symbol('contract test'), () => {}),
      ).toThrow(/exports no class NoSuchWriter/);
      delete process.env.CI;
      expect(() => internalFallback('test contact', 'moved')).not.toThrow();
    } finally {
      if (ci === undefined) delete process.env.CI;
      else process.env.CI = ci;
    }
  });
});
