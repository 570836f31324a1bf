/**
 * A prerender bundle (`dist/.prerender/`, or the copy `RENDER_PATH_DIR` keeps) loaded outside
 * Astro's own build loop: by the long-lived publisher (scripts/publisher/render-path.ts). It
 * renders pages exactly as `astro build` does: same code, same hashed asset names, same request URL.
 *
 * A bundle needs a few build facts Astro keeps in memory (each route's stylesheets, the page
 * script, inline head scripts, the origin). `writeFacts` records them in the bundle's folder
 * as `render-path.json` while the build runs; `loadBundle` reads them back.
 *
 * Runs in plain Node (the publisher imports it without Vite): erasable TypeScript only.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { prerenderRuntime, type BuildInternals } from '../../collections/astro-internals.ts';

const FACTS_FILE = 'render-path.json';

interface BundleFacts {
  entry: string;
  origin: string;
  /** PUBLIC_API_BASE_URL the build read (its loaders keep calling it); absent in bundles of old. */
  apiBaseUrl?: string;
  /** When the build ran: which build a live release was made from (absent in bundles of old). */
  builtAt?: string;
  pages: Array<[string, { styles: unknown[] }]>;
  entrySpecifierToBundleMap: Array<[string, string]>;
  scripts: Array<{ stage: string; content: string }>;
}

/** What Astro's route data says about a route, as far as rendering outside the build needs it. */
export interface RouteData {
  route: string;
  component: string;
  type: 'page' | 'endpoint' | 'redirect' | 'fallback';
  prerender: boolean;
  fallbackRoutes: RouteData[];
}

/** The parts of Astro's prerender `App` used here. */
export interface BundleApp {
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  getOptions(): {
    origin: string | URL;
    settings: { scripts: Array<{ stage: string; content: string }> };
  };
  match(request: Request, allowPrerenderedRoutes: boolean): RouteData | undefined;
  manifest: { routes: Array<{ routeData: RouteData }> };
  routeCache: unknown;
  logger: unknown;
  /** The page module of a route (StaticPaths asks the app for it). */
  getComponentByRoute?(route: RouteData): Promise<unknown>;
}

interface PrerenderMetadata {
  contentEntryKeys: string[];
  staticImages: unknown[];
  referencedImages: unknown[];
}

type RenderForPrerender = (
  app: BundleApp,
  request: Request,
  options: { routeData: RouteData; collectMetadata?: boolean },
) => Promise<{ response: Response; metadata?: PrerenderMetadata }>;

export interface LoadedBundle {
  app: BundleApp;
  facts: BundleFacts;
  /** Astro's StaticPaths class (getAll() runs every route's getStaticPaths). */
  StaticPaths: new (app: BundleApp) => { getAll(): Promise<unknown[]> };
  renderForPrerender: RenderForPrerender;
  /** Installs the render scope that `collectMetadata` needs (the build's incremental cache). */
  ensureAsyncRenderScope(): void;
  /** The route a build hands the prerenderer, found again by its pattern and component. */
  routeOf(route: Pick<RouteData, 'route' | 'component'>): RouteData | undefined;
}

const routeKey = (route: Pick<RouteData, 'route' | 'component'>) => `${route.route}\0${route.component}`;

/** Every route of a bundle (fallbacks included) by pattern and component. */
function routesByKey(app: Pick<BundleApp, 'manifest'>): Map<string, RouteData> {
  const byKey = new Map<string, RouteData>();
  for (const { routeData } of app.manifest.routes) {
    byKey.set(routeKey(routeData), routeData);
    for (const fallback of routeData.fallbackRoutes ?? []) byKey.set(routeKey(fallback), fallback);
  }
  return byKey;
}

/** The route a page names (`{ route, component }`), found among the bundle's own. */
function routeIn(routes: Map<string, RouteData>, route: Pick<RouteData, 'route' | 'component'>) {
  return routes.get(routeKey(route));
}

/** The facts of a running build, recorded next to its bundle. */
export async function writeFacts(dir: string, entry: string, app: BundleApp, internals: BuildInternals): Promise<void> {
  const options = app.getOptions();
  const facts = {
    entry,
    origin: String(options.origin),
    apiBaseUrl: process.env.PUBLIC_API_BASE_URL,
    builtAt: new Date().toISOString(),
    pages: [...internals.pagesByKeys.entries()].map(([key, page]) => [key, { styles: page.styles }]),
    entrySpecifierToBundleMap: [...internals.entrySpecifierToBundleMap.entries()],
    scripts: options.settings.scripts.map((s) => ({ stage: s.stage, content: s.content })),
  };
  await writeFile(path.join(dir, FACTS_FILE), JSON.stringify(facts));
}

/** The facts of the bundle in `dir` without loading it (null when there is no bundle). */
export async function readFacts(dir: string): Promise<BundleFacts | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, FACTS_FILE), 'utf8')) as BundleFacts;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Loads the bundle in `dir` (with its `render-path.json`) into this process or thread. */
export async function loadBundle(dir: string): Promise<LoadedBundle> {
  // React picks its build when first loaded: without NODE_ENV its development build, which
  // renders the same bytes slower (docs/performance.md). `astro build` sets it; the publisher's
  // process does not.
  process.env.NODE_ENV ??= 'production';
  const facts = JSON.parse(await readFile(path.join(dir, FACTS_FILE), 'utf8')) as BundleFacts;
  const entry = await import(pathToFileURL(path.join(dir, facts.entry)).href);
  const app = entry.app as BundleApp;
  app.setInternals({
    pagesByKeys: new Map(facts.pages),
    entrySpecifierToBundleMap: new Map(facts.entrySpecifierToBundleMap),
  });
  const quiet = { write: () => true };
  app.setOptions({ settings: { scripts: facts.scripts }, logger: { options: { destination: quiet } } });
  const modules = await prerenderRuntime();
  const byKey = routesByKey(app);
  return {
    app,
    facts,
    ...modules,
    routeOf: (route) => routeIn(byKey, route),
  };
}
