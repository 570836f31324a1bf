/**
 * One render thread of the build (./threads.ts): loads the build's prerender bundle once and
 * renders the pages Astro's build loop hands it; one of them also lists the pages (every
 * route's getStaticPaths), so the main thread never loads the content store. Runs in a
 * piscina worker thread, in plain Node (erasable TypeScript only).
 */
import { loadBundle, type LoadedBundle, type PrerenderMetadata } from './bundle.ts';

export interface RenderTask {
  kind: 'render';
  dir: string;
  url: string;
  route: { route: string; component: string };
  collectMetadata: boolean;
}

export interface PathsTask {
  kind: 'paths';
  dir: string;
}

/** One page to generate, its route named by pattern and component (the main thread has the object). */
export interface PathEntry {
  pathname: string;
  route: { route: string; component: string };
  cacheKey: string | undefined;
}

export interface RenderResult {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer | null;
  metadata?: PrerenderMetadata;
}

let loading: Promise<LoadedBundle> | undefined;
let scoped = false;

export default async function run(task: RenderTask | PathsTask): Promise<RenderResult | PathEntry[]> {
  loading ??= loadBundle(task.dir);
  const bundle = await loading;
  if (task.kind === 'paths') {
    const all = (await new bundle.StaticPaths(bundle.app).getAll()) as Array<{
      pathname: string;
      route: { route: string; component: string };
      cacheKey?: string;
    }>;
    return all.map(({ pathname, route, cacheKey }) => ({
      pathname,
      route: { route: route.route, component: route.component },
      cacheKey,
    }));
  }
  if (task.collectMetadata && !scoped) {
    bundle.ensureAsyncRenderScope();
    scoped = true;
  }
  const routeData = bundle.routeOf(task.route);
  if (!routeData)
    throw new Error(`render thread: no route ${task.route.route} (${task.route.component}) in the bundle`);
  const { response, metadata } = await bundle.renderForPrerender(bundle.app, new Request(task.url), {
    routeData,
    collectMetadata: task.collectMetadata,
  });
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    body: response.body ? await response.arrayBuffer() : null,
    metadata,
  };
}
