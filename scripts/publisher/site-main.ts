/**
 * The site server in its own process: `npm start` and `npm run bench:publish`
 * fork it, so the publisher's heavy work (re-read, render, compress, copy) and the visitors'
 * requests each get their own event loop and the operating system shares the cores between them.
 *
 *   node scripts/publisher/site-main.ts
 *
 * Environment:
 * - `PUBLISH_DIR` (the releases; `live` is resolved per request), `HOST`, `PORT` (the site)
 * - `SEARCH_ORIGIN`: where the manual search with a query is rendered (the publisher's search
 *   route, `SEARCH_PORT` of `npm run publisher`); the request is forwarded there. Without it the
 *   static search page is served.
 * - `SITE_METRICS_PORT` (and `SITE_METRICS_HOST`, default 127.0.0.1): the site server's
 *   Prometheus metrics (`portal_site_requests_total`, `portal_site_request_seconds`, the
 *   process's own) at `GET /metrics` on that address only, never on the public site.
 *
 * Under `fork()` it tells its parent `{ site, metrics }` (their URLs) once both listen, and
 * stops on SIGTERM or when the parent goes away.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { createSiteMetrics } from './metrics.ts';
import { serveManualSearch, startSiteServer } from './site-server.ts';
import type { RenderPath } from './render-path.ts';

/** The manual search rendered by the publisher at `origin` (its search route), for the site server. */
function forwardSearch(origin: string): RenderPath['renderRequest'] {
  return async (pathname, search) => {
    const res = await fetch(new URL(`${pathname}${search}`, origin), { redirect: 'manual' });
    return res.status === 404 && !res.headers.get('content-type')?.includes('html') ? null : res;
  };
}

/** GET /metrics of a registry on host:port (loopback by default); anything else 404. */
async function startMetricsServer(registry: Registry, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://m').pathname !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * The manual search route alone (site-server.ts `serveManualSearch`) on host:port, rendered
 * through the publisher's render path: what the site server's process forwards to
 * (`SEARCH_ORIGIN`), and a CDN in production (docs/deploy.md). Anything else 404.
 */
export async function startSearchServer(
  renderRequest: RenderPath['renderRequest'],
  host: string,
  port: number,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (!serveManualSearch(renderRequest, req, res, url))
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { server, url: `http://${host}:${(server.address() as { port: number }).port}` };
}

export interface SiteProcessOptions {
  publishDir: string;
  host?: string;
  port: number;
  /** The publisher's search route (see the top of this file). */
  searchOrigin?: string;
  /** Where the site metrics are served (loopback); none when unset. */
  metricsPort?: number;
  metricsHost?: string;
}

/** Forks this file as the site server's process; resolves once it listens. */
export async function forkSiteServer(o: SiteProcessOptions): Promise<{
  url: string;
  metrics: string | null;
  child: ChildProcess;
  close(): Promise<void>;
}> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: {
      ...process.env,
      PUBLISH_DIR: o.publishDir,
      HOST: o.host ?? '127.0.0.1',
      PORT: String(o.port),
      SEARCH_ORIGIN: o.searchOrigin ?? '',
      SITE_METRICS_PORT: o.metricsPort === undefined ? '' : String(o.metricsPort),
      SITE_METRICS_HOST: o.metricsHost ?? '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const started = await new Promise<{ site: string; metrics: string | null }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { site: string; metrics: string | null }));
    child.once('exit', (code) => reject(new Error(`the site server exited (${code}) before it listened`)));
    child.once('error', reject);
  });
  return {
    url: started.site,
    metrics: started.metrics,
    child,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_site_' });
  const metrics = createSiteMetrics(registry);
  try {
    const site = await startSiteServer({
      root: path.resolve(env.PUBLISH_DIR || '.data/releases'),
      host: env.HOST || '127.0.0.1',
      port: Number(env.PORT || 4321),
      metrics,
      ...(env.SEARCH_ORIGIN ? { renderRequest: forwardSearch(env.SEARCH_ORIGIN) } : {}),
    });
    let metricsUrl: string | null = null;
    let metricsServer: Server | null = null;
    if (env.SITE_METRICS_PORT) {
      const host = env.SITE_METRICS_HOST || '127.0.0.1';
      metricsServer = await startMetricsServer(registry, host, Number(env.SITE_METRICS_PORT));
      const port = (metricsServer.address() as { port: number }).port;
      metricsUrl = `http://${host}:${port}/metrics`;
    }
    const stop = () => {
      metricsServer?.close();
      void site.close().then(() => process.exit(0));
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    process.on('disconnect', stop);
    if (process.send) process.send({ site: site.url, metrics: metricsUrl });
    else console.log(`site server on ${site.url}${metricsUrl ? `, metrics on ${metricsUrl}` : ''}`);
  } catch (error) {
    console.error(`site server: ${(error as Error).message}`);
    process.exit(1);
  }
}
