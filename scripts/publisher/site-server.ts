/**
 * Serves the live release (PUBLISH_DIR/live → releases/<id>) with `sirv`, as the CDN would:
 * ETags, precompressed `.br`/`.gz` twins when a release has them, and the headers of
 * release-store/headers.ts (`Cache-Control: immutable` on hashed assets, a short max-age with
 * stale-while-revalidate on HTML, feeds and sitemaps, the security headers).
 *
 * Each request resolves the `live` symlink once and reads only from that release folder, so a
 * switch mid-request never mixes two releases in one answer. A hashed asset the live release
 * no longer has is served from the newest kept release that has it (a visitor mid-navigation
 * on the previous release still gets its scripts and styles).
 *
 * `/news` redirects to `/news/` (directory format), unknown paths get `404.html` with 404.
 * A page's cache tags (`Surrogate-Key`, `Cache-Tag`: the records it shows) come from its
 * release's manifest, as a CDN in front of this server would read them.
 *
 * Given `renderRequest` (a render path's), it also answers the one route a static file cannot:
 * the manual search page with a search in its query (`serveManualSearch`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, realpathSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import { releaseTags } from './release-store/dir.ts';
import { headersFor } from './release-store/headers.ts';
import type { RenderPath } from './render-path.ts';
import type { SiteMetrics } from './metrics.ts';

type Handler = ReturnType<typeof sirv>;

export interface SiteServerOptions {
  /** PUBLISH_DIR (holding `live` and `releases/`), or a plain site folder with `folder: true`. */
  root: string;
  folder?: boolean;
  host?: string;
  port?: number;
  /** Renders the manual search for a request (a render path's `renderRequest`); without it, the static page. */
  renderRequest?: RenderPath['renderRequest'];
  /** Counts every answer by status and kind, and its latency (metrics.ts `createSiteMetrics`). */
  metrics?: SiteMetrics;
}

/** What a request asked for, for the site metrics' `kind` label. */
function requestKind(pathname: string, search: string): 'page' | 'asset' | 'search' | 'other' {
  if (SEARCH_PAGES.has(pathname) && SEARCH_PARAMS.some((k) => new URLSearchParams(search).has(k))) return 'search';
  if (pathname.endsWith('/') || pathname.endsWith('.html')) return 'page';
  if (pathname.startsWith('/_astro/') || /\.(css|js|mjs|svg|png|jpe?g|webp|avif|gif|ico|woff2?|ttf)$/.test(pathname))
    return 'asset';
  return 'other';
}

/**
 * The release headers (release-store/headers.ts): content type, caching, security headers, and
 * the cache tags of the page from `tags` (its release's).
 */
function headerSetter(tags: Pick<ReadonlyMap<string, readonly string[]>, 'get'>) {
  return (res: ServerResponse, pathname: string): void => {
    const sitePath = pathname.replace(/^\/+/, '') || 'index.html';
    for (const [name, value] of Object.entries(headersFor(sitePath, tags.get(sitePath)))) res.setHeader(name, value);
  };
}

/** The manual search page in both languages, and the query names that ask it for results. */
const SEARCH_PAGES = new Set(['/manuals/search/', '/en/manuals/search/']);
const SEARCH_PARAMS = ['keyword', 'group', 'slug'];
/** What a visitor reads when the search page itself could not be rendered: the site's own `errors.generic`. */
const genericError = (lang: 'th' | 'en'): string =>
  (
    JSON.parse(readFileSync(new URL(`../../locales/${lang}/common.json`, import.meta.url), 'utf8')) as {
      errors: { generic: string };
    }
  ).errors.generic;
const SEARCH_FAILED = { th: genericError('th'), en: genericError('en') };

/**
 * The manual search route (docs/publisher.md): a GET or HEAD of /manuals/search/ or
 * /en/manuals/search/ whose query holds keyword, group or slug is rendered through the render
 * path with that query (the page runs GET /manual/search and shows the results, its pager and
 * any failure in the HTML). Headers as the static page's; a page whose search failed comes with
 * `Cache-Control: no-store` from the page. Returns false when the request is not this route's.
 */
export function serveManualSearch(
  renderRequest: RenderPath['renderRequest'],
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!SEARCH_PAGES.has(url.pathname) || !SEARCH_PARAMS.some((k) => url.searchParams.has(k))) return false;
  renderRequest(url.pathname, url.search)
    .then(async (response) => {
      if (!response) throw new Error(`no page route for ${url.pathname}`);
      const body = Buffer.from(await response.arrayBuffer());
      const headers = headersFor(`${url.pathname.slice(1)}index.html`);
      const cacheControl = response.headers.get('cache-control');
      if (cacheControl) headers['Cache-Control'] = cacheControl;
      res.writeHead(response.status, { ...headers, 'Content-Length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
    })
    .catch((error: unknown) => {
      console.error(`site server: the manual search did not render: ${(error as Error).message}`);
      if (!res.headersSent)
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(SEARCH_FAILED[url.pathname.startsWith('/en/') ? 'en' : 'th']);
    });
  return true;
}

/**
 * The live release folder and the kept ones, each served through its own sirv handler.
 *
 * One handler (and one map of the release's cache tags, about 20,000 pages) per release folder
 * served: only for the live release and the kept ones, or a long-lived server grows with every
 * publish. A pruned release's folder is renamed away (release-store/dir.ts), so its path never
 * comes back with other files.
 */
function releaseFolders(root: string, folder: boolean) {
  const handlers = new Map<string, Promise<Handler>>();
  const liveDir = (): string | null => {
    if (folder) return root;
    try {
      return realpathSync(path.join(root, 'live'));
    } catch {
      return null;
    }
  };
  /** Kept releases other than `live`, newest first (ids sort by time). */
  const olderReleases = (live: string): string[] => {
    if (folder) return [];
    try {
      const dir = path.join(root, 'releases');
      return readdirSync(dir)
        .filter((id) => !id.startsWith('.'))
        .sort()
        .reverse()
        .map((id) => path.join(dir, id))
        .filter((d) => d !== live);
    } catch {
      return [];
    }
  };
  const forgetPruned = () => {
    const live = liveDir();
    const kept = new Set(live ? [live, ...olderReleases(live)] : []);
    for (const dir of handlers.keys()) if (!kept.has(dir)) handlers.delete(dir);
  };
  const handlerFor = (dir: string): Promise<Handler> => {
    let h = handlers.get(dir);
    if (!h) {
      forgetPruned();
      // dev: stat per request (a release folder is immutable, but there are many of them and a
      // full walk of 20,000 files per release would hold the event loop at every switch).
      h = releaseTags(dir).then((tags) =>
        sirv(dir, { dev: true, etag: true, gzip: true, brotli: true, extensions: [], setHeaders: headerSetter(tags) }),
      );
      handlers.set(dir, h);
    }
    return h;
  };
  const serve = (dir: string, req: IncomingMessage, res: ServerResponse, next: () => void) =>
    void handlerFor(dir).then((h) => h(req, res, next));
  return { liveDir, olderReleases, serve, held: () => [...handlers.keys()] };
}

type Folders = ReturnType<typeof releaseFolders>;

/** The release's 404.html with status 404 (plain text when it has none). */
function notFound(f: Folders, dir: string | null, req: IncomingMessage, res: ServerResponse): void {
  const page = dir && path.join(dir, '404.html');
  if (!page || !existsSync(page)) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  res.statusCode = 404;
  // sirv answers with statusCode 200 unless told: serve 404.html through it with the status kept.
  const original = res.writeHead.bind(res);
  res.writeHead = ((code: number, ...rest: unknown[]) =>
    original(code === 200 ? 404 : code, ...(rest as []))) as typeof res.writeHead;
  req.url = '/404.html';
  f.serve(dir, req, res, () => void res.writeHead(404).end());
}

/** Counts the answer by status and kind, and its latency, once it is sent. */
function countRequest(metrics: SiteMetrics, req: IncomingMessage, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  const at = new URL(req.url ?? '/', 'http://site');
  const kind = requestKind(at.pathname, at.search);
  res.once('finish', () => {
    metrics.requests.inc({ status: String(res.statusCode), kind });
    metrics.requestSeconds.observe({ kind }, Number(process.hrtime.bigint() - started) / 1e9);
  });
}

/** A request for a file of the live release (a hashed asset also from an older kept one). */
function serveRelease(f: Folders, req: IncomingMessage, res: ServerResponse): void {
  const dir = f.liveDir();
  if (!dir) {
    res
      .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' })
      .end('No release is live yet');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://site');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return notFound(f, dir, req, res);
  }
  // Nothing outside the release, no dotfiles (the release manifest).
  if (pathname.split('/').some((s) => s.startsWith('.'))) return notFound(f, dir, req, res);
  if (!pathname.endsWith('/') && !path.extname(pathname) && existsSync(path.join(dir, pathname, 'index.html'))) {
    res.writeHead(301, { Location: `${url.pathname}/${url.search}` }).end();
    return;
  }
  if (pathname.endsWith('/')) req.url = `${url.pathname}index.html${url.search}`;
  f.serve(dir, req, res, () => {
    if (pathname.startsWith('/_astro/')) {
      const older = f.olderReleases(dir).find((d) => existsSync(path.join(d, pathname)));
      if (older) return f.serve(older, req, res, () => notFound(f, dir, req, res));
    }
    notFound(f, dir, req, res);
  });
}

export async function startSiteServer(o: SiteServerOptions): Promise<{
  url: string;
  port: number;
  server: Server;
  /** The release folders the server keeps a handler for: the live one and kept ones it served. */
  heldReleases(): string[];
  close(): Promise<void>;
}> {
  const folders = releaseFolders(path.resolve(o.root), o.folder === true);
  const server = createServer((req, res) => {
    if (o.metrics) countRequest(o.metrics, req, res);
    if (o.renderRequest && serveManualSearch(o.renderRequest, req, res, new URL(req.url ?? '/', 'http://site'))) return;
    serveRelease(folders, req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://${o.host ?? '127.0.0.1'}:${port}`,
    port,
    server,
    heldReleases: folders.held,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
