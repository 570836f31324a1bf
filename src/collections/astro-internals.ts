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
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** The installed `astro/dist` folder. */
export const astroDist = (): string => path.dirname(require.resolve('astro'));

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
  mark: string,
  patch: (prototype: P) => void,
): void {
  const module = require(path.join(astroDist(), target.file)) as Record<string, { prototype: P } | undefined>;
  const prototype = module[target.className]?.prototype;
  if (!prototype) {
    internalFallback(target.className, `astro/dist/${target.file} exports no class ${target.className}`);
    return;
  }
  const marks = prototype as Record<symbol, true | undefined>;
  const done = Symbol.for(mark);
  if (marks[done]) return;
  patch(prototype);
  marks[done] = true;
}

// ---- 3. The content store module, pointed at the store file (render-path/data-store-file.ts) ----

/** The virtual module Astro's content runtime imports the whole store from. */
export const STORE_VIRTUAL_MODULE = 'astro:data-layer-content';
/** The two files of Astro's content runtime that import it, as `import("astro:data-layer-content")`. */
export const STORE_IMPORTERS = /[\\/]astro[\\/]dist[\\/]content[\\/](mutable-)?data-store\.js$/;
/**
 * What Astro's own plugin tags that module with (createContentDataIncrementalMetadata in
 * core/build/incremental-metadata.js): its incremental build leaves content data out of code hashes.
 */
export const CONTENT_DATA_META = { astroIncremental: { kind: 'content-data' } };

// ---- 4. The store singleton, handed to the publisher (render-path/index.ts) ----

/** Astro's content runtime module that holds the store singleton, and the singleton's name there. */
export const DATA_STORE_MODULE = /[\\/]astro[\\/]dist[\\/]content[\\/]data-store\.js$/;
export const DATA_STORE_SINGLETON = 'globalDataStore';

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

// ---- 6. The build internals a render outside the build needs (render-path/bundle.ts) ----

/** The fields of Astro's BuildInternals (core/build/internal.js) the bundle's facts record. */
export interface BuildInternals {
  pagesByKeys: Map<string, { styles: unknown }>;
  entrySpecifierToBundleMap: Map<string, string>;
}

// ---- 7. The route cache of getStaticPaths results (scripts/publisher/render-path.ts) ----

/** What the publisher uses of Astro's RouteCache (core/render/route-cache.js): its private cache and key. */
export interface RouteCache<R = unknown> {
  cache: Record<string, unknown>;
  clearAll(): void;
  get(route: R): { staticPaths?: unknown } | undefined;
  set(route: R, entry: unknown): void;
  key(route: R): string;
}

/**
 * `StaticPaths.getAll()` (runtime/prerender/static-paths.js) over one route of `app` and its
 * fallbacks: the paths it gives for that route, in the build's order. getAll reads the app's
 * `manifest` (its `routes`, `serverLike`, `base`, `trailingSlash`, `i18n`), `routeCache` and
 * `getComponentByRoute` only; the view hands it the app's own with `routes` narrowed to the one.
 * Astro's getAll turns every cached path of every route into its pathname again on each call
 * (83,000 at 72,000 pages, about 0.5 s); the publisher keeps the paths of a route whose cached
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

/** Astro's encryption module and the declaration of its generateCspDigest there, once. */
export const ENCRYPTION_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
export const CSP_DIGEST_DECLARATION = 'async function generateCspDigest(data, algorithm) {';

// ---- 9. The renderer outside the build (render-path/bundle.ts) ----

/** Astro's runtime modules a prerender bundle is rendered with, from the same package it was built with. */
export async function prerenderRuntime() {
  // A subpath the package exports (`./runtime/*`), though not a documented API.
  const { StaticPaths } = await import('astro/runtime/prerender/static-paths.js' as string);
  const dist = astroDist();
  const { renderForPrerender } = await import(pathToFileURL(path.join(dist, 'core/app/prerender.js')).href);
  const { ensureAsyncRenderScope } = await import(
    pathToFileURL(path.join(dist, 'core/render-scope/node-scope.js')).href
  );
  return { StaticPaths, renderForPrerender, ensureAsyncRenderScope };
}

// ---- 10. The content digest, matched by the publisher (scripts/publisher/content-store.ts) ----

/**
 * Astro's generateDigest (content/content-layer.js): xxhash64 (`h64ToString`) of the JSON, or
 * of the string itself. The publisher's re-read computes the same digests
 * (content-store.ts `generateDigest`) so that an unchanged record is not written again.
 * @internal (the contract test checks the installed Astro still computes it so)
 */
export const DIGEST_TEXT = 'typeof data === "string" ? data : JSON.stringify(data)';

// ---- 11. Astro's escaping of an attribute value (src/shell/render-cache.ts) ----

/** toAttributeString of runtime/server/render/util.js: `&` and `"` escaped, nothing else. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
