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
import { mkdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createPurger } from './purge/index.ts';
import { createReleaseStore } from './release-store/index.ts';
import { deferFirstActivation, type DeferredStore } from './release-store/deferred.ts';
import { publicPath } from './purge/urls.ts';
import { checkRenderPath, loadRenderPath } from './render-path.ts';
import { seedFromBuild } from './content-store.ts';
import { parseCommand } from '../config/cli.ts';
import { loadEnv, requireEnv } from '../config/env.ts';
import { Publisher } from './publisher.ts';
import { createPublisherServer, ReplayStore } from './server.ts';
import { startSearchServer } from './site-main.ts';
import { rereadIntervalMs, Schedule, type Clock } from './schedule.ts';
import { markStale } from '../../src/lib/clock.ts';
import { createLogger, type Logger } from './log.ts';
import { createPublisherMetrics } from './metrics.ts';
import { Readiness } from './readiness.ts';
import type { PublisherMetrics } from './metrics.ts';

export interface StartOptions {
  renderPathDir: string;
  baseDist: string;
  publishDir: string;
  secrets: string[];
  insecureDev: boolean;
  host: string;
  port: number;
  keepReleases: number;
  /**
   * The API the publisher re-reads (PUBLIC_API_BASE_URL): a render path built against another
   * is refused. Unset: not checked (tests that build their own).
   */
  apiBaseUrl?: string;
  /** Publish `baseDist` as a new base release even when one is live (after a new build). */
  publishBase?: boolean;
  /** PUBLISH_TARGET, S3_*, AWS_*, PURGE_* (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** The operators' page /admin/ (default: PUBLISHER_ADMIN_TOKEN; unset: no page). */
  adminToken?: string;
  /** Where the publisher's lines go (default: ./log.ts `createLogger`: JSON lines unless LOG_FORMAT=pretty). */
  logger?: Logger;
  /**
   * Scheduled re-reads and boundary publishes (schedule.ts): on in `npm run publisher` and
   * `npm start` (REREAD_INTERVAL), off unless given (tests and the bench drive them themselves).
   */
  schedule?: {
    intervalMs: number;
    clock?: Clock;
    logger?: Logger;
    metrics?: Pick<PublisherMetrics, 'scheduledRereads'>;
  };
}

export async function startPublisher(o: StartOptions) {
  const logger =
    o.logger ??
    createLogger({ env: o.env ?? process.env, secrets: [...o.secrets, ...(o.adminToken ? [o.adminToken] : [])] });
  const metrics = createPublisherMetrics();
  const readiness = new Readiness(metrics);
  /** A line of its own (the stages and the server log with fields, ./stages/report.ts). */
  const log = (line: string) => logger.info(line.replace(/^publisher: /, ''));
  if (o.secrets.length === 0 && !o.insecureDev) {
    throw new Error(
      'publisher: WEBHOOK_SECRET is not set; refusing to start (use --insecure-dev for local trials only)',
    );
  }
  const env = o.env ?? process.env;
  // Both read their configuration first: a wrong value stops the start before the slow load.
  const store = createReleaseStore(env, o.publishDir);
  const purger = createPurger(env, {
    log,
    onAttempt: (outcome, seconds) => {
      metrics.purges.inc({ outcome });
      metrics.purgeSeconds.observe(seconds);
    },
  });
  const built = await checkRenderPath(o.renderPathDir, o.apiBaseUrl);
  if (o.apiBaseUrl && !built.apiBaseUrl)
    log(
      `publisher: the render path does not say which API it was built against (a build of old); rebuild to have it checked`,
    );
  const renderPath = await loadRenderPath(o.renderPathDir);
  const leftovers = (await store.recover?.()) ?? [];
  if (leftovers.length > 0)
    log(
      `publisher: removed what an interrupted publish left: ${leftovers.slice(0, 10).join(', ')}${leftovers.length > 10 ? ' …' : ''}`,
    );
  // Which build the live release was made from: another one (new code) is published as a new
  // base release, switched to only with the edits made since that build began (a deploy).
  const buildFile = path.join(o.publishDir, 'build.json');
  const thisBuild = built.builtAt ?? (await realpath(o.renderPathDir));
  const liveBuild = await readFile(buildFile, 'utf8').then(
    (text) => (JSON.parse(text) as { build?: string }).build ?? null,
    () => null,
  );
  const liveBefore = await store.live();
  // (A live release with no record comes from before builds were recorded: served as it is.)
  const deploy = liveBefore !== null && (o.publishBase === true || (liveBuild !== null && liveBuild !== thisBuild));
  const releases = deploy ? deferFirstActivation(store) : store;
  const recordBuild = async () => {
    await mkdir(o.publishDir, { recursive: true });
    await writeFile(
      `${buildFile}.tmp`,
      JSON.stringify({ build: thisBuild, renderPath: await realpath(o.renderPathDir) }),
    );
    await rename(`${buildFile}.tmp`, buildFile);
  };
  const publisher = new Publisher({
    renderPath,
    store: releases,
    purger,
    workDir: path.join(o.publishDir, '.work'),
    stateDir: path.join(o.publishDir, 'page-maps'),
    keepReleases: o.keepReleases,
    logger,
    metrics,
    journalFile: path.join(o.publishDir, 'queue.sqlite'),
    historyFile: path.join(o.publishDir, 'history.sqlite'),
  });
  log(`publisher: releases to ${env.PUBLISH_TARGET || 'dir'}, purges through ${purger.name}`);
  /** Resolves when the new build is live (a deploy), at once otherwise. */
  let deployed: Promise<void> = Promise.resolve();
  /**
   * In the background: every area read once more (after any edit that arrives meanwhile:
   * stages/queue.ts); ready once that is live and the spare copies edits stage on are made.
   */
  const catchUpThenReady = (failed: string) => {
    readiness.set('catching up');
    void publisher
      .catchUp()
      .then(() => publisher.store.sparesReady?.({ whenHeld: 'wait' }))
      .then(
        () => readiness.set('ready'),
        (err: unknown) => logger.error({ err }, `${failed}; retrying with back-off`),
      );
  };
  /**
   * A build published as the base release: the re-read caches start from the answers it read
   * (content-store.ts `seedFromBuild`), while the release stages. Not for a live release served
   * as it is (a restart): edits made since the build may have changed what those answers say.
   */
  const seedCaches = (base: Promise<unknown>) =>
    seedFromBuild(renderPath, base).then(
      ({ answers, collections }) =>
        log(
          `publisher: the build's answers seed the re-read caches: ${answers} answer(s); ${collections.length} area(s) revalidated, not read again, by the catch-up`,
        ),
      (err: unknown) =>
        logger.warn({ err }, 'the build’s answers could not seed the re-read caches; the catch-up reads every area'),
    );
  if (!deploy && liveBefore && (await publisher.adoptLive())) {
    log(`publisher: serving the live release ${liveBefore.id} as it is; re-reading the API to catch up`);
    if (liveBuild === null) await recordBuild();
    catchUpThenReady('catch-up failed'); // the live release is served meanwhile
  } else if (deploy) {
    const held = releases as DeferredStore;
    const publishing = publisher.publishBuild(o.baseDist);
    const seeded = seedCaches(publishing);
    const base = await publishing;
    await seeded;
    log(
      `publisher: a new build: staged as ${base.release}; the release ${liveBefore.id} stays live until the API is re-read on top of it (the edits made since the build began)`,
    );
    readiness.set('catching up');
    deployed = (async () => {
      await publisher.catchUp();
      readiness.set('ready');
      const flushed = await held.flush();
      const now = (await store.live())?.id ?? null;
      await recordBuild();
      log(`publisher: the new build is live as ${now}${flushed ? ' (nothing was edited during the build)' : ''}`);
      // The CDN held pages of the old code: every path whose bytes differ from the old release goes.
      const before = await store.files(liveBefore.id);
      const after = now ? await store.files(now) : null;
      if (before && after && purger.name !== 'none') {
        const paths = [...after].filter(([p, f]) => before.get(p)?.hash !== f.hash).map(([p]) => publicPath(p));
        for (const p of before.keys()) if (!after.has(p)) paths.push(publicPath(p));
        await purger
          .purge({ tags: [], paths: paths.filter((p) => !p.startsWith('/_astro/')) })
          .catch((error: unknown) => log(`publisher: purge after the new build failed: ${(error as Error).message}`));
      }
    })();
    deployed.catch((err: unknown) => logger.error({ err }, 'the new build did not go live'));
  } else {
    const publishing = publisher.publishBuild(o.baseDist);
    const seeded = seedCaches(publishing);
    await publishing;
    await seeded;
    await recordBuild();
    // What changed during the build; the detail answers later edits reuse (the build made the twins).
    catchUpThenReady('first re-read failed');
  }
  // Edits accepted (202) before a kill and never published: queued again, the CMS sends nothing.
  const restored = publisher.queue.restore();
  if (restored > 0) logger.info({ events: restored }, `${restored} accepted event(s) not yet live queued again`);
  const replay = new ReplayStore(path.join(o.publishDir, 'webhook-ids.json'));
  await replay.load();
  const server = createPublisherServer({
    ...{ publisher, secrets: o.secrets, insecureDev: o.insecureDev, replay },
    ...{ logger, metrics, readiness, adminToken: o.adminToken ?? (o.env ?? process.env).PUBLISHER_ADMIN_TOKEN },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `${o.host}:${o.port} is in use (PUBLISHER_HOST, PUBLISHER_PORT): is another publisher running?`
            : `cannot listen on ${o.host}:${o.port}: ${error.message}`,
        ),
      ),
    );
    server.listen(o.port, o.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;
  log(`publisher listening on http://${o.host}:${port} (webhooks at /hooks/content)`);
  let schedule: Schedule | null = null;
  if (o.schedule) {
    schedule = new Schedule({
      publisher,
      collections: () => renderPath.collections(),
      markStale,
      file: path.join(o.publishDir, 'boundaries.json'),
      intervalMs: o.schedule.intervalMs,
      ...(o.schedule.clock ? { clock: o.schedule.clock } : {}),
      metrics: o.schedule.metrics ?? metrics,
      logger: o.schedule.logger ?? logger.child({ stage: 'schedule' }),
    });
    await schedule.start();
    log(
      `publisher: ${o.schedule.intervalMs > 0 ? `re-reads the API every ${o.schedule.intervalMs / 1000} s` : 'no scheduled re-reads'}; ${schedule.boundaries.length} boundary publish(es) ahead (next ${schedule.boundaries[0]?.at ?? 'none'})`,
    );
  }
  return {
    publisher,
    renderPath,
    server,
    store,
    port,
    logger,
    metrics,
    readiness,
    deployed,
    schedule,
    close: async () => {
      schedule?.stop();
      await new Promise<void>((r) => server.close(() => r()));
      // The store's copies and spare refreshes under way end before a publisher started after
      // this one (a restart in the same process) touches the same folders.
      await publisher.store.sparesReady?.();
    },
  };
}

/** Whether a process with this id exists (signal 0 tests without sending). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const USAGE = `usage: npm run publisher -- [--render-path DIR] [--base-dist DIR] [--insecure-dev]

The long-lived publisher (production): signed webhooks in, the pages an edit touches rendered
again, a new release switched in one step; /status, /healthz on PUBLISHER_HOST:PUBLISHER_PORT.
Build first with the same PUBLIC_API_BASE_URL (npm run build keeps the render path it needs).

  --render-path DIR   the build's render path (default RENDER_PATH_DIR, .data/render-path/current)
  --base-dist DIR     the build published as the first release when none is live (default dist/)
  --insecure-dev      accept unsigned webhooks (local trials only)
  -h, --help          this text

Environment (README "Environment", docs/deploy.md, docs/operations.md):
  PUBLIC_API_BASE_URL (required)   the API the render path was built against
  WEBHOOK_SECRET (required)        whsec_<base64>, two separated by a space during a rotation
  PUBLISHER_HOST, PUBLISHER_PORT   127.0.0.1, 8790
  PUBLISH_DIR, KEEP_RELEASES       .data/releases, 5
  PUBLISH_TARGET                   dir (default) or s3 with S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_PREFIX
  PURGE_ADAPTER, PURGE_COMMAND     how the CDN is told (command, cloudflare, fastly, none)
  SEARCH_HOST, SEARCH_PORT         the manual search route for the CDN (off when unset)
  REREAD_INTERVAL                  seconds between scheduled re-reads of the API (300; 0 off)
  API_TIMEOUT_MS                   milliseconds one request to the API may take (30000; 3 tries)
  LOG_FORMAT                       json (default here) or pretty`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseCommand({
    name: 'npm run publisher',
    usage: USAGE,
    options: {
      'render-path': { type: 'string' },
      'base-dist': { type: 'string' },
      'insecure-dev': { type: 'boolean' },
    },
  });
  const checked = requireEnv('publisher', loadEnv('publisher'), ['PUBLIC_API_BASE_URL']);
  const env = process.env;
  const publishDir = path.resolve(env.PUBLISH_DIR || '.data/releases');
  // One publisher per PUBLISH_DIR; `npm run deploy` finds it here to hand over.
  const pidFile = path.join(publishDir, 'publisher.pid');
  const other = Number(await readFile(pidFile, 'utf8').catch(() => ''));
  if (other && other !== process.pid && isRunning(other)) {
    console.error(
      `publisher: another publisher (pid ${other}) runs on ${publishDir}; stop it first (npm run deploy hands over)`,
    );
    process.exit(1);
  }
  try {
    await mkdir(publishDir, { recursive: true });
    await writeFile(pidFile, String(process.pid));
    const running = await startPublisher({
      renderPathDir: path.resolve(values['render-path'] ?? env.RENDER_PATH_DIR ?? '.data/render-path/current'),
      baseDist: path.resolve(values['base-dist'] ?? 'dist'),
      publishDir,
      secrets: (env.WEBHOOK_SECRET ?? '').split(/\s+/).filter(Boolean),
      insecureDev: values['insecure-dev'] === true,
      host: env.PUBLISHER_HOST || '127.0.0.1',
      port: checked.PUBLISHER_PORT ?? 8790,
      keepReleases: checked.KEEP_RELEASES ?? 5,
      apiBaseUrl: checked.PUBLIC_API_BASE_URL,
      schedule: { intervalMs: rereadIntervalMs(env) },
    });
    if (checked.SEARCH_PORT !== undefined) {
      const host = env.SEARCH_HOST || '127.0.0.1';
      const search = await startSearchServer(running.renderPath.renderRequest, host, checked.SEARCH_PORT);
      running.logger.info(`the manual search route on ${search.url}/manuals/search/?keyword=…`);
    }
    // A clean stop: no new webhooks, the publish under way finished (at most 2 minutes), then exit.
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      running.logger.info('stopping: no new webhooks; finishing the publish under way');
      const closed = running.close();
      const end = Date.now() + 120_000;
      while (running.publisher.queue.running && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      await Promise.race([closed, new Promise((r) => setTimeout(r, 2_000))]);
      if (Number(await readFile(pidFile, 'utf8').catch(() => '')) === process.pid) await rm(pidFile, { force: true });
      process.exit(0);
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
  } catch (error) {
    const message = (error as Error).message;
    console.error(message.startsWith('publisher:') ? message : `publisher: ${message}`);
    process.exit(1);
  }
}
