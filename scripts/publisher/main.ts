/**
 * `npm run publisher`: the long-lived publisher against PUBLIC_API_BASE_URL.
 *
 *   npm run publisher -- [--insecure-dev] [--render-path DIR] [--base-dist DIR]
 *
 * On start it loads the render path (RENDER_PATH_DIR, default .data/render-path/current)
 * and, when nothing is live yet, publishes the build output next to it (--base-dist, default
 * dist/) as the first release; otherwise it keeps serving the live release as it is.
 *
 * PUBLISH_TARGET picks where releases go (`dir`: PUBLISH_DIR, `s3`: the S3_* bucket; see
 * release-store/index.ts); after each switch the CDN is purged through PURGE_ADAPTER /
 * PURGE_COMMAND (purge/index.ts). PUBLISH_DIR keeps the publisher's own state either way.
 *
 * With SEARCH_PORT set it also answers the manual search route (site-server.ts
 * `serveManualSearch`) on SEARCH_HOST:SEARCH_PORT through its render path, and nothing else
 * there: the origin a CDN forwards `/manuals/search/?…` to (docs/deploy.md).
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { createPurger } from './purge/index.ts';
import { createReleaseStore } from './release-store/index.ts';
import { loadRenderPath } from './render-path.ts';
import { Publisher } from './publisher.ts';
import { createPublisherServer, ReplayStore } from './server.ts';
import { serveManualSearch } from './site-server.ts';
import { createLogger, type Logger } from './log.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export interface StartOptions {
  renderPathDir: string;
  baseDist: string;
  publishDir: string;
  secrets: string[];
  insecureDev: boolean;
  host: string;
  port: number;
  keepReleases: number;
  /** Publish `baseDist` as a new base release even when one is live (after a new build). */
  publishBase?: boolean;
  /** PUBLISH_TARGET, S3_*, AWS_*, PURGE_* (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Where the publisher's lines go (default: ./log.ts `createLogger`, JSON unless LOG_FORMAT=pretty). */
  logger?: Logger;
}

export async function startPublisher(o: StartOptions) {
  const log = o.logger ?? createLogger({ env: o.env ?? process.env, secrets: o.secrets });
  if (o.secrets.length === 0 && !o.insecureDev) {
    throw new Error(
      'publisher: WEBHOOK_SECRET is not set; refusing to start (use --insecure-dev for local trials only)',
    );
  }
  const env = o.env ?? process.env;
  // Both read their configuration first: a wrong value stops the start before the slow load.
  const store = createReleaseStore(env, o.publishDir);
  const purger = createPurger(env);
  const renderPath = await loadRenderPath(o.renderPathDir);
  const publisher = new Publisher({
    renderPath,
    store,
    purger,
    workDir: path.join(o.publishDir, '.work'),
    stateDir: path.join(o.publishDir, 'page-maps'),
    keepReleases: o.keepReleases,
    logger: log,
  });
  log.info(
    { target: env.PUBLISH_TARGET || 'dir', purger: purger.name },
    `releases to ${env.PUBLISH_TARGET || 'dir'}, purges through ${purger.name}`,
  );
  const live = o.publishBase ? null : await publisher.adoptLive();
  if (live) {
    log.info({ release: live.id }, `serving the live release ${live.id} as it is; re-reading the API to catch up`);
    // In the background: the live release is served meanwhile, webhooks queue behind it.
    void publisher.catchUp().catch((err: unknown) => log.error({ err }, 'catch-up failed; retrying with back-off'));
  } else {
    await publisher.publishBuild(o.baseDist);
    // Reads every area once more in the background: fills the detail answers later edits reuse.
    void publisher
      .catchUp()
      .catch((err: unknown) => log.error({ err }, 'first re-read failed; retrying with back-off'));
  }
  const replay = new ReplayStore(path.join(o.publishDir, 'webhook-ids.json'));
  await replay.load();
  const server = createPublisherServer({
    publisher,
    secrets: o.secrets,
    insecureDev: o.insecureDev,
    replay,
    logger: log,
  });
  await new Promise<void>((resolve) => server.listen(o.port, o.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;
  log.info(
    { url: `http://${o.host}:${port}` },
    `publisher listening on http://${o.host}:${port} (webhooks at /hooks/content)`,
  );
  return {
    publisher,
    renderPath,
    server,
    store,
    port,
    logger: log,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  try {
    const running = await startPublisher({
      renderPathDir: path.resolve(arg('--render-path') ?? env.RENDER_PATH_DIR ?? '.data/render-path/current'),
      baseDist: path.resolve(arg('--base-dist') ?? 'dist'),
      publishDir: path.resolve(env.PUBLISH_DIR ?? '.data/releases'),
      secrets: (env.WEBHOOK_SECRET ?? '').split(/\s+/).filter(Boolean),
      insecureDev: process.argv.includes('--insecure-dev'),
      host: env.PUBLISHER_HOST || '127.0.0.1',
      port: Number(env.PUBLISHER_PORT || 8790),
      keepReleases: Number(env.KEEP_RELEASES || 5),
    });
    if (env.SEARCH_PORT) {
      const host = env.SEARCH_HOST || '127.0.0.1';
      const search = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://site');
        if (!serveManualSearch(running.renderPath.renderRequest, req, res, url))
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      });
      search.listen(Number(env.SEARCH_PORT), host, () =>
        running.logger.info(`the manual search route on http://${host}:${env.SEARCH_PORT}/manuals/search/?keyword=…`),
      );
    }
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.on(signal, () => void running.close().then(() => process.exit(0)));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
