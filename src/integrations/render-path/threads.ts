/**
 * Renders the build's pages in worker threads (issue 12).
 *
 * Astro's build renders one page after another on its main thread: at 20,000 pages that is
 * most of the build, and one core of a machine that has more. This prerenderer keeps Astro's
 * own loop (the incremental cache, file writes, the sitemap's page list) and hands the listing
 * of pages (every route's getStaticPaths) and each page's render to a pool of threads
 * (`piscina`), each of which loads the same prerender bundle once (./bundle.ts) and renders
 * with Astro's own `renderForPrerender`; the main thread never loads the content store. The
 * pages are the same bytes: the publisher's loop test builds with two threads and compares the
 * build with its own single-threaded render, byte for byte.
 *
 * `PORTAL_RENDER_THREADS`: how many threads; unset, 1 or 0 renders on Astro's main thread as
 * before. Off by default because it did not pay on the 2-core machine this was measured on: at
 * 20,473 pages two threads took 5.5 CPU ms a page against 3.0 on the main thread, and the
 * build ran slower (271 against 365 pages/s back to back) at a higher peak (2.4 against 1.7 GB:
 * each thread holds its own copy of the content store and of every route's getStaticPaths
 * results). README, Benchmarks. The publisher's loop test builds with two threads, so the
 * option stays byte-identical to a build without it.
 */
import { fileURLToPath } from 'node:url';
import type { AstroPrerenderer, PathWithRoute, PrerenderResult } from 'astro';
import { Piscina } from 'piscina';
import { routeIn, routesByKey, type BundleApp } from './bundle.ts';
import type { PathEntry, PathsTask, RenderResult, RenderTask } from './worker.ts';

export function renderThreadCount(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PORTAL_RENDER_THREADS;
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`PORTAL_RENDER_THREADS must be a whole number, got "${raw}"`);
  return n;
}

/**
 * A pool that renders pages of the bundle in `dir`; `render` has the prerenderer's signature.
 * Each thread runs a route's getStaticPaths once, the first time it renders one of its pages
 * (Astro's route cache, inside the bundle).
 */
function createRenderPool(dir: string, threads: number) {
  const pool = new Piscina<RenderTask | PathsTask, RenderResult | PathEntry[]>({
    filename: fileURLToPath(new URL('./worker.ts', import.meta.url)),
    minThreads: threads,
    maxThreads: threads,
    // A few pages queued per thread keep every thread busy while the main thread writes files.
    concurrentTasksPerWorker: 2,
    idleTimeout: Infinity,
  });
  return {
    async render(
      request: Request,
      options: { routeData: { route: string; component: string }; collectMetadata?: boolean },
    ) {
      const { route, component } = options.routeData;
      const result = (await pool.run({
        kind: 'render',
        dir,
        url: request.url,
        route: { route, component },
        collectMetadata: options.collectMetadata ?? false,
      })) as RenderResult;
      const response = new Response(result.body, {
        status: result.status,
        statusText: result.statusText,
        headers: result.headers,
      });
      // The thread ran Astro's own collectPrerenderMetadata: its shape, cloned.
      return { response, metadata: result.metadata as PrerenderResult['metadata'] };
    },
    /** Every page to generate, listed by one thread (its getStaticPaths results stay there). */
    paths: async () => (await pool.run({ kind: 'paths', dir })) as PathEntry[],
    close: () => pool.close(),
  };
}

/**
 * Astro's default prerenderer with every page listed and rendered in `threads` worker threads.
 * `prepare` loads the bundle's entry on the main thread (Astro hands it the build internals
 * there) and returns its app, whose route objects Astro's loop needs back.
 */
export function threadedPrerenderer(
  base: AstroPrerenderer,
  dir: string,
  threads: number,
  prepare: () => Promise<BundleApp>,
): AstroPrerenderer {
  let pool: ReturnType<typeof createRenderPool> | undefined;
  let routes: ReturnType<typeof routesByKey> = new Map();
  return {
    ...base,
    name: 'portal:render-threads',
    async setup() {
      const app = await prepare();
      routes = routesByKey(app);
      pool = createRenderPool(dir, threads);
    },
    async getStaticPaths() {
      if (!pool) return base.getStaticPaths();
      return (await pool.paths()).map(({ pathname, route, cacheKey }) => {
        const routeData = routeIn(routes, route);
        if (!routeData) throw new Error(`render threads: the bundle listed a page of an unknown route ${route.route}`);
        // The bundle's own route object, as Astro's default prerenderer returns it.
        return { pathname, route: routeData as unknown as PathWithRoute['route'], cacheKey };
      });
    },
    render: (request, options) => (pool ? pool.render(request, options) : base.render(request, options)),
    async teardown() {
      await pool?.close();
      pool = undefined;
      await base.teardown?.();
    },
  };
}
