/**
 * The contract of the seam (./astro-internals.ts) with the Astro actually installed: one test
 * per contact, each reading the class, method, field or file text the portal relies on. A
 * failing test names the contact an Astro upgrade moved (`npm run check:astro-next` prints it).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  astroDist,
  CONTENT_DATA_META,
  CSP_DIGEST_DECLARATION,
  DATA_STORE_MODULE,
  DATA_STORE_SINGLETON,
  DIGEST_TEXT,
  ENCRYPTION_MODULE,
  escapeAttribute,
  FILE_WRITER,
  internalFallback,
  MUTABLE_DATA_STORE,
  patchAstroClass,
  pathsOfRoute,
  prerenderDirOf,
  prerenderRuntime,
  STORE_IMPORTERS,
  STORE_VIRTUAL_MODULE,
} from './astro-internals';

const require = createRequire(import.meta.url);
const dist = astroDist();
const file = (name: string) => path.join(dist, name);
const text = (name: string) => readFileSync(file(name), 'utf8');
const load = (name: string) => import(pathToFileURL(file(name)).href) as Promise<Record<string, unknown>>;

describe('the seam with Astro', () => {
  it('reaches the installed astro/dist', () => {
    expect(dist).toBe(path.dirname(require.resolve('astro')));
  });

  it('MutableDataStore: an exported class with set(collection, key, value) over _collections', async () => {
    const { MutableDataStore } = (await load(MUTABLE_DATA_STORE.file)) as { MutableDataStore: { prototype: object } };
    expect(typeof MutableDataStore).toBe('function');
    expect(MutableDataStore.prototype).toHaveProperty('set');
    expect((MutableDataStore.prototype as { set: () => void }).set.length).toBe(3);
    expect(text('content/data-store.js')).toMatch(/_collections = /);
    // The sync's own meta sets, which the patch turns into no-ops when nothing changed.
    expect(text('content/content-layer.js')).toMatch(/store\.metaStore\(\)\.set\(/);
  });

  it('FileWriter: an exported class whose write(collections) writes to `target`, a file', async () => {
    const { FileWriter } = (await load(FILE_WRITER.file)) as {
      FileWriter: new (file: URL) => { target: unknown; write: (c: unknown) => unknown };
    };
    const writer = new FileWriter(new URL('file:///tmp/portal-contract.json'));
    expect(writer.target).toBeInstanceOf(URL);
    expect(writer.write.length).toBe(1);
    expect(text(FILE_WRITER.file)).toMatch(/writeFileAtomic\(this\.#file, serializeDataStore\(collections\)\)/);
  });

  it('the store module: both content runtime files import it by name, tagged as content data', () => {
    for (const name of ['content/data-store.js', 'content/mutable-data-store.js']) {
      expect(file(name)).toMatch(STORE_IMPORTERS);
      expect(text(name)).toContain(`import("${STORE_VIRTUAL_MODULE}")`);
    }
    expect(text('content/consts.js')).toContain(`DATA_STORE_VIRTUAL_ID = "${STORE_VIRTUAL_MODULE}"`);
    const meta = text('core/build/incremental-metadata.js');
    const [[key, value]] = Object.entries(CONTENT_DATA_META) as [[string, { kind: string }]];
    expect(meta).toContain(`ASTRO_INCREMENTAL_META_KEY = "${key}"`);
    expect(meta).toContain(`kind: "${value.kind}"`);
  });

  it('the store singleton: data-store.js defines globalDataStore', () => {
    expect(file('content/data-store.js')).toMatch(DATA_STORE_MODULE);
    expect(text('content/data-store.js')).toContain(`const ${DATA_STORE_SINGLETON} = `);
  });

  it('getPrerenderOutputDirectory: .prerender/ in the output folder, or in ./.astro/ outside the working directory', () => {
    expect(text('prerender/utils.js')).toContain('new URL("./.prerender/", getServerOutputDirectory(settings))');
    expect(text('core/build/common.js')).toContain('FALLBACK_OUT_DIR_NAME = "./.astro/"');
    expect(text('core/build/common.js')).toMatch(/fileURLToPath\(outDir\)\.startsWith\(process\.cwd\(\)\)/);
    const inside = pathToFileURL(path.join(process.cwd(), 'dist') + path.sep);
    expect(prerenderDirOf(inside).href).toBe(new URL('./.prerender/', inside).href);
    expect(prerenderDirOf(new URL('file:///elsewhere/dist/')).href).toBe(
      pathToFileURL(path.join(process.cwd(), '.astro', '.prerender') + path.sep).href,
    );
  });

  it('BuildInternals: pagesByKeys and entrySpecifierToBundleMap, handed to the prerender app by setInternals', () => {
    const internal = text('core/build/internal.js');
    expect(internal).toMatch(/pagesByKeys: \/\* @__PURE__ \*\/ new Map\(\)/);
    expect(internal).toMatch(/entrySpecifierToBundleMap: \/\* @__PURE__ \*\/ new Map\(\)/);
    expect(text('core/build/app.js')).toMatch(/setInternals\(internals\) \{/);
  });

  it('RouteCache: a class with cache, clearAll, get, set and key', async () => {
    const { RouteCache } = (await load('core/render/route-cache.js')) as {
      RouteCache: new (logger: unknown, mode?: string) => Record<string, unknown>;
    };
    const cache = new RouteCache({ warn: () => {} }, 'production');
    expect(cache.cache).toEqual({});
    for (const method of ['clearAll', 'get', 'set', 'key']) expect(typeof cache[method], method).toBe('function');
  });

  it('generateCspDigest: declared once, as the text the memo replaces', () => {
    expect(file('core/encryption.js')).toMatch(ENCRYPTION_MODULE);
    expect(text('core/encryption.js').split(CSP_DIGEST_DECLARATION)).toHaveLength(2);
  });

  it('the prerender runtime: StaticPaths, renderForPrerender, ensureAsyncRenderScope', async () => {
    const runtime = await prerenderRuntime();
    expect(typeof runtime.StaticPaths).toBe('function');
    expect(typeof runtime.StaticPaths.prototype.getAll).toBe('function');
    expect(typeof runtime.renderForPrerender).toBe('function');
    expect(typeof runtime.ensureAsyncRenderScope).toBe('function');
  });

  it('StaticPaths.getAll over one route (pathsOfRoute): the paths getAll gives that route, with cached routes left alone', async () => {
    const { StaticPaths } = await prerenderRuntime();
    const { RouteCache } = (await load('core/render/route-cache.js')) as {
      RouteCache: new (logger: unknown, mode: string) => { cache: Record<string, unknown> };
    };
    const route = (name: string) => ({
      route: `/${name}/[slug]`,
      component: `src/pages/${name}/[slug].astro`,
      type: 'page',
      prerender: true,
      fallbackRoutes: [],
      params: ['slug'],
      origin: 'project',
      segments: [
        [{ content: name, dynamic: false, spread: false }],
        [{ content: 'slug', dynamic: true, spread: false }],
      ],
    });
    const [a, b] = [route('a'), route('b')];
    let runs = 0;
    const mods = new Map<unknown, unknown>([
      [a, { getStaticPaths: () => (runs++, [{ params: { slug: 'x' }, cacheKey: 'kx' }, { params: { slug: 'y' } }]) }],
      [b, { getStaticPaths: () => (runs++, [{ params: { slug: 'z' }, cacheKey: 'kz' }]) }],
    ]);
    const app = {
      manifest: { routes: [{ routeData: a }, { routeData: b }], serverLike: false, base: '/', trailingSlash: 'always' },
      routeCache: new RouteCache({ warn() {} }, 'production'),
      getComponentByRoute: async (r: unknown) => mods.get(r),
    };
    const all = (await new StaticPaths(app as never).getAll()) as Array<{ route: unknown; pathname: string }>;
    expect(all.map((p) => p.pathname)).toEqual(['/a/x/', '/a/y/', '/b/z/']);
    expect(runs).toBe(2);
    const one = (await pathsOfRoute(StaticPaths, app, b)) as typeof all;
    expect(one).toEqual(all.filter((p) => p.route === b));
    expect(runs).toBe(2); // from the route cache, as getAll would
    delete app.routeCache.cache[Object.keys(app.routeCache.cache).find((k) => k.startsWith('/b/'))!];
    expect(((await pathsOfRoute(StaticPaths, app, b)) as typeof all).map((p) => p.pathname)).toEqual(['/b/z/']);
    expect(runs).toBe(3); // only b ran again
  });

  it("generateDigest: xxhash64 of the JSON, as the publisher's re-read computes it", () => {
    expect(text('content/content-layer.js')).toContain(DIGEST_TEXT);
    expect(text('content/content-layer.js')).toMatch(/h64ToString\(dataString\)/);
    // The publisher's copy (scripts/publisher/content-store.ts) hashes the same text the same way.
    const publisher = readFileSync(new URL('../../scripts/publisher/content-store.ts', import.meta.url), 'utf8');
    expect(publisher).toContain(`h64ToString(${DIGEST_TEXT.replaceAll('"', "'")})`);
  });

  it('toAttributeString: escapes & and " only', () => {
    const util = text('runtime/server/render/util.js');
    expect(util).toContain('replace(AMPERSAND_REGEX, "&amp;").replace(DOUBLE_QUOTE_REGEX, "&quot;")');
    expect(escapeAttribute('a&b"c<d')).toBe('a&amp;b&quot;c<d');
  });

  it('makes a contact that no longer fits an error under CI, a warning elsewhere', () => {
    const ci = process.env.CI;
    try {
      process.env.CI = '1';
      expect(() =>
        patchAstroClass({ file: FILE_WRITER.file, className: 'NoSuchWriter' }, 'portal.test', () => {}),
      ).toThrow(/exports no class NoSuchWriter/);
      delete process.env.CI;
      expect(() => internalFallback('test contact', 'moved')).not.toThrow();
    } finally {
      if (ci === undefined) delete process.env.CI;
      else process.env.CI = ci;
    }
  });
});
