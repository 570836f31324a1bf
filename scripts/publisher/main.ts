/**
 * `npm run publisher`: the long-lived publisher against PUBLIC_API_BASE_URL.
 *
 *   npm run publisher -- [--insecure-dev] [--render-path DIR] [--base-dist DIR]
 *
 * On start it loads the render path (RENDER_PATH_DIR, default .data/render-path/current)
 * and, when nothing is live yet, publishes the build output next to it (--base-dist, default
 * dist/) as the first release; otherwise it keeps serving the live release as it is.
 */
import path from 'node:path';
import { DirReleaseStore } from './release-store/dir.ts';
import { loadRenderPath } from './render-path.ts';
import { Publisher } from './publisher.ts';
import { createPublisherServer, ReplayStore } from './server.ts';

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
  log?: (line: string) => void;
}

export async function startPublisher(o: StartOptions) {
  const log = o.log ?? ((l: string) => console.log(l));
  if (o.secrets.length === 0 && !o.insecureDev) {
    throw new Error(
      'publisher: WEBHOOK_SECRET is not set; refusing to start (use --insecure-dev for local trials only)',
    );
  }
  const renderPath = await loadRenderPath(o.renderPathDir);
  const store = new DirReleaseStore({ root: o.publishDir });
  const publisher = new Publisher({
    renderPath,
    store,
    workDir: path.join(o.publishDir, '.work'),
    keepReleases: o.keepReleases,
    log,
  });
  const live = o.publishBase ? null : await publisher.adoptLive();
  if (live) {
    log(`publisher: serving the live release ${live.id} as it is; re-reading the API to catch up`);
    // In the background: the live release is served meanwhile, webhooks queue behind it.
    void publisher
      .catchUp()
      .catch((error: unknown) =>
        log(`publisher: catch-up failed (${(error as Error).message}); retrying with back-off`),
      );
  } else {
    await publisher.publishBuild(o.baseDist);
    // Reads every area once more in the background: fills the detail answers later edits reuse.
    void publisher
      .catchUp()
      .catch((error: unknown) =>
        log(`publisher: first re-read failed (${(error as Error).message}); retrying with back-off`),
      );
  }
  const replay = new ReplayStore(path.join(o.publishDir, 'webhook-ids.json'));
  await replay.load();
  const server = createPublisherServer({ publisher, secrets: o.secrets, insecureDev: o.insecureDev, replay, log });
  await new Promise<void>((resolve) => server.listen(o.port, o.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;
  log(`publisher listening on http://${o.host}:${port} (webhooks at /hooks/content)`);
  return { publisher, server, store, port, close: () => new Promise<void>((r) => server.close(() => r())) };
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
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.on(signal, () => void running.close().then(() => process.exit(0)));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
