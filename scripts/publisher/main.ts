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
import { checkRenderPath, loadRenderPath, type RenderPath } from './render-path.ts';
import type { ReleaseStore } from './release-store/types.ts';
import type { Server } from 'node:http';
import { seedFromBuild } from './content-store.ts';
import { parseCommand } from '../config/cli.ts';
import { loadEnv, requireEnv } from '../config/env.ts';
import { Publisher } from './publisher.ts';
import { createPublisherServer, createPublisherServers, ReplayStore } from './server.ts';
import { startSearchServer } from './site-main.ts';
import { rereadIntervalMs, Schedule, type Clock } from './schedule.ts';
import { markStale } from '../../src/lib/clock.ts';
import { createLogger, type Logger } from './log.ts';
import { createPublisherMetrics } from './metrics.ts';
import { Readiness } from './readiness.ts';
import type { PublisherMetrics } from './metrics.ts';

type Purger = ReturnType<typeof createPurger>;

export interface StartOptions {
  renderPathDir: string;
  baseDist: string;
  publishDir: string;
  secrets: string[];
  insecureDev: boolean;
  host: string;
  port: number;
  /**
   * PUBLISHER_ADMIN_PORT: `/status`, `/status/history`, `/metrics`, `/readyz`, `/admin/` and
   * `/rollback` on this port only (bound to `adminHost`, default 127.0.0.1), `port` then answers
   * `/hooks/content` and `/healthz` only. Unset: everything on `port`.
   */
  adminPort?: number;
  adminHost?: string;
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

/** What the start's steps share. */
interface Start {
  o: StartOptions;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** A line of its own (the stages and the server log with fields, ./stages/report.ts). */
  log: (line: string) => void;
  metrics: PublisherMetrics;
  readiness: Readiness;
}

/** The render path, checked against the API it must have been built for, then loaded. */
async function loadCheckedRenderPath(s: Start) {
  const built = await checkRenderPath(s.o.renderPathDir, s.o.apiBaseUrl);
  if (s.o.apiBaseUrl && !built.apiBaseUrl)
    s.log(
      `publisher: the render path does not say which API it was built against (a build of old); rebuild to have it checked`,
    );
  return { built, renderPath: await loadRenderPath(s.o.renderPathDir) };
}

/**
 * Which build the live release was made from (PUBLISH_DIR/build.json), this build's identity,
 * and how to record this one as live.
 */
async function buildRecord(o: StartOptions, builtAt: string | undefined) {
  const file = path.join(o.publishDir, 'build.json');
  const thisBuild = builtAt ?? (await realpath(o.renderPathDir));
  const liveBuild = await readFile(file, 'utf8').then(
    (text) => (JSON.parse(text) as { build?: string }).build ?? null,
    () => null,
  );
  const record = async () => {
    await mkdir(o.publishDir, { recursive: true });
    await writeFile(`${file}.tmp`, JSON.stringify({ build: thisBuild, renderPath: await realpath(o.renderPathDir) }));
    await rename(`${file}.tmp`, file);
  };
  return { thisBuild, liveBuild, record };
}

/** What the first release's choice needs: the publisher and what it was made over. */
interface FirstRelease {
  publisher: Publisher;
  store: ReleaseStore;
  releases: ReleaseStore;
  purger: Purger;
  renderPath: RenderPath;
  liveBefore: { id: string } | null;
  build: Awaited<ReturnType<typeof buildRecord>>;
}

/**
 * In the background: every area read once more (after any edit that arrives meanwhile:
 * stages/queue.ts); ready once that is live and the spare copies edits stage on are made.
 */
function catchUpThenReady(s: Start, publisher: Publisher, failed: string): void {
  s.readiness.set('catching up');
  void publisher
    .catchUp()
    .then(() => publisher.store.sparesReady?.({ whenHeld: 'wait' }))
    .then(
      () => s.readiness.set('ready'),
      (err: unknown) => s.logger.error({ err }, `${failed}; retrying with back-off`),
    );
}

/**
 * A build published as the base release: the re-read caches start from the answers it read
 * (content-store.ts `seedFromBuild`), while the release stages. Not for a live release served
 * as it is (a restart): edits made since the build may have changed what those answers say.
 */
async function publishSeeded(s: Start, f: FirstRelease, dist: string) {
  const publishing = f.publisher.publishBuild(dist);
  const seeded = seedFromBuild(f.renderPath, publishing).then(
    ({ answers, collections }) =>
      s.log(
        `publisher: the build's answers seed the re-read caches: ${answers} answer(s); ${collections.length} area(s) revalidated, not read again, by the catch-up`,
      ),
    (err: unknown) =>
      s.logger.warn({ err }, 'the build’s answers could not seed the re-read caches; the catch-up reads every area'),
  );
  const base = await publishing;
  await seeded;
  return base;
}

/** After a new build went live: every path whose bytes differ from the old release is purged. */
async function purgeOldCode(s: Start, f: FirstRelease, before: string, now: string | null): Promise<void> {
  const old = await f.store.files(before);
  const after = now ? await f.store.files(now) : null;
  if (!old || !after || f.purger.name === 'none') return;
  const paths = [...after].filter(([p, file]) => old.get(p)?.hash !== file.hash).map(([p]) => publicPath(p));
  for (const p of old.keys()) if (!after.has(p)) paths.push(publicPath(p));
  await f.purger
    .purge({ tags: [], paths: paths.filter((p) => !p.startsWith('/_astro/')) })
    .catch((error: unknown) => s.log(`publisher: purge after the new build failed: ${(error as Error).message}`));
}

/**
 * New code (a deploy): the build staged as a base release, the old release live until the API
 * is re-read on top of it, then one switch. Resolves with the promise of that switch.
 */
async function deployBuild(s: Start, f: FirstRelease, liveBefore: { id: string }): Promise<Promise<void>> {
  const base = await publishSeeded(s, f, s.o.baseDist);
  s.log(
    `publisher: a new build: staged as ${base.release}; the release ${liveBefore.id} stays live until the API is re-read on top of it (the edits made since the build began)`,
  );
  s.readiness.set('catching up');
  const deployed = (async () => {
    await f.publisher.catchUp();
    s.readiness.set('ready');
    const flushed = await (f.releases as DeferredStore).flush();
    const now = (await f.store.live())?.id ?? null;
    await f.build.record();
    s.log(`publisher: the new build is live as ${now}${flushed ? ' (nothing was edited during the build)' : ''}`);
    // The CDN held pages of the old code.
    await purgeOldCode(s, f, liveBefore.id, now);
  })();
  deployed.catch((err: unknown) => s.logger.error({ err }, 'the new build did not go live'));
  return deployed;
}

/**
 * The first release of this start: the live one adopted as it is (a restart), a new build
 * staged over it (a deploy), or the build published (nothing live yet). Resolves with the
 * promise that the new build is live (a deploy), a resolved one otherwise.
 */
async function firstRelease(s: Start, f: FirstRelease, deploy: boolean): Promise<Promise<void>> {
  const { publisher, liveBefore, build } = f;
  if (!deploy && liveBefore && (await publisher.adoptLive())) {
    s.log(`publisher: serving the live release ${liveBefore.id} as it is; re-reading the API to catch up`);
    if (build.liveBuild === null) await build.record();
    catchUpThenReady(s, publisher, 'catch-up failed'); // the live release is served meanwhile
  } else if (deploy && liveBefore) {
    return deployBuild(s, f, liveBefore);
  } else {
    await publishSeeded(s, f, s.o.baseDist);
    await build.record();
    // What changed during the build; the detail answers later edits reuse (the build made the twins).
    catchUpThenReady(s, publisher, 'first re-read failed');
  }
  return Promise.resolve();
}

/** Listens on host:port; one line naming the setting when that fails. */
async function listen(server: Server, host: string, port: number, names: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `${host}:${port} is in use (${names}): is another publisher running?`
            : `cannot listen on ${host}:${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/**
 * The webhook listener, and the admin listener when PUBLISHER_ADMIN_PORT is set; one line
 * each saying where it is and what it answers.
 */
async function listenAll(s: Start, publisher: Publisher) {
  const { o } = s;
  const replay = new ReplayStore(path.join(o.publishDir, 'webhook-ids.json'));
  await replay.load();
  const options = {
    ...{ publisher, secrets: o.secrets, insecureDev: o.insecureDev, replay },
    ...{ logger: s.logger, metrics: s.metrics, readiness: s.readiness },
    adminToken: o.adminToken ?? s.env.PUBLISHER_ADMIN_TOKEN,
  };
  if (o.adminPort === undefined) {
    const server = createPublisherServer(options);
    const port = await listen(server, o.host, o.port, 'PUBLISHER_HOST, PUBLISHER_PORT');
    s.log(
      `publisher listening on http://${o.host}:${port} (webhooks at /hooks/content; /status, /metrics and /admin/ on the same port: set PUBLISHER_ADMIN_PORT to move them off it)`,
    );
    return { server, port, admin: null };
  }
  const { webhook, admin } = createPublisherServers(options);
  const port = await listen(webhook, o.host, o.port, 'PUBLISHER_HOST, PUBLISHER_PORT');
  const adminHost = o.adminHost || '127.0.0.1';
  const adminPort = await listen(admin, adminHost, o.adminPort, 'PUBLISHER_ADMIN_HOST, PUBLISHER_ADMIN_PORT').catch(
    async (error: unknown) => {
      await new Promise((r) => webhook.close(r));
      throw error;
    },
  );
  s.log(`publisher listening on http://${o.host}:${port} (webhooks at /hooks/content, /healthz; nothing else)`);
  s.log(
    `publisher: operators' endpoints on http://${adminHost}:${adminPort} (/status, /status/history, /metrics, /admin/, /rollback)`,
  );
  return { server: webhook, port, admin: { server: admin, port: adminPort, host: adminHost } };
}

/** Scheduled re-reads and the boundary publishes (schedule.ts). */
async function startSchedule(s: Start, publisher: Publisher, renderPath: RenderPath): Promise<Schedule | null> {
  const given = s.o.schedule;
  if (!given) return null;
  const schedule = new Schedule({
    publisher,
    collections: () => renderPath.collections(),
    markStale,
    file: path.join(s.o.publishDir, 'boundaries.json'),
    intervalMs: given.intervalMs,
    ...(given.clock ? { clock: given.clock } : {}),
    metrics: given.metrics ?? s.metrics,
    logger: given.logger ?? s.logger.child({ stage: 'schedule' }),
  });
  await schedule.start();
  s.log(
    `publisher: ${given.intervalMs > 0 ? `re-reads the API every ${given.intervalMs / 1000} s` : 'no scheduled re-reads'}; ${schedule.boundaries.length} boundary publish(es) ahead (next ${schedule.boundaries[0]?.at ?? 'none'})`,
  );
  return schedule;
}

/** The logger, metrics and readiness of one start; refuses to start without a secret. */
function beginStart(o: StartOptions): Start {
  const env = o.env ?? process.env;
  const logger = o.logger ?? createLogger({ env, secrets: [...o.secrets, ...(o.adminToken ? [o.adminToken] : [])] });
  const metrics = createPublisherMetrics();
  const s: Start = {
    ...{ o, env, logger, metrics },
    readiness: new Readiness(metrics),
    log: (line: string) => logger.info(line.replace(/^publisher: /, '')),
  };
  if (o.secrets.length === 0 && !o.insecureDev) {
    throw new Error(
      'publisher: WEBHOOK_SECRET is not set; refusing to start (use --insecure-dev for local trials only)',
    );
  }
  return s;
}

export async function startPublisher(o: StartOptions) {
  const s = beginStart(o);
  const { env, log, logger, metrics, readiness } = s;
  // Both read their configuration first: a wrong value stops the start before the slow load.
  const store = await createReleaseStore(env, o.publishDir);
  const purger = createPurger(env, {
    log,
    onAttempt: (outcome, seconds) => {
      metrics.purges.inc({ outcome });
      metrics.purgeSeconds.observe(seconds);
    },
  });
  const { built, renderPath } = await loadCheckedRenderPath(s);
  const leftovers = (await store.recover?.()) ?? [];
  if (leftovers.length > 0)
    log(
      `publisher: removed what an interrupted publish left: ${leftovers.slice(0, 10).join(', ')}${leftovers.length > 10 ? ' …' : ''}`,
    );
  // Another build than the live release's (new code) is published as a new base release,
  // switched to only with the edits made since that build began (a deploy).
  const build = await buildRecord(o, built.builtAt);
  const liveBefore = await store.live();
  // (A live release with no record comes from before builds were recorded: served as it is.)
  const deploy =
    liveBefore !== null &&
    (o.publishBase === true || (build.liveBuild !== null && build.liveBuild !== build.thisBuild));
  const releases = deploy ? deferFirstActivation(store) : store;
  const publisher = new Publisher({
    ...{ renderPath, store: releases, purger, keepReleases: o.keepReleases, logger, metrics },
    workDir: path.join(o.publishDir, '.work'),
    stateDir: path.join(o.publishDir, 'page-maps'),
    journalFile: path.join(o.publishDir, 'queue.sqlite'),
    historyFile: path.join(o.publishDir, 'history.sqlite'),
  });
  log(`publisher: releases to ${env.PUBLISH_TARGET || 'dir'}, purges through ${purger.name}`);
  const f: FirstRelease = { publisher, store, releases, purger, renderPath, liveBefore, build };
  const deployed = await firstRelease(s, f, deploy);
  // Edits accepted (202) before a kill and never published: queued again, the CMS sends nothing.
  const restored = publisher.queue.restore();
  if (restored > 0) logger.info({ events: restored }, `${restored} accepted event(s) not yet live queued again`);
  const { server, port, admin } = await listenAll(s, publisher);
  const schedule = await startSchedule(s, publisher, renderPath);
  return {
    ...{ publisher, renderPath, server, store, port, logger, metrics, readiness, deployed, schedule },
    /** The admin listener (PUBLISHER_ADMIN_PORT), null when everything shares `port`. */
    admin,
    close: async () => {
      schedule?.stop();
      await Promise.all([server, ...(admin ? [admin.server] : [])].map((x) => new Promise((r) => x.close(r))));
      await publisher.saveState();
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
again, a new release switched in one step; webhooks on PUBLISHER_HOST:PUBLISHER_PORT, with /status,
/metrics and /admin/ there too unless PUBLISHER_ADMIN_PORT moves them to a loopback port of their own.
Build first with the same PUBLIC_API_BASE_URL (npm run build keeps the render path it needs).

  --render-path DIR   the build's render path (default RENDER_PATH_DIR, .data/render-path/current)
  --base-dist DIR     the build published as the first release when none is live (default dist/)
  --insecure-dev      accept unsigned webhooks (local trials only)
  -h, --help          this text

Environment (docs/configuration.md, docs/deploy.md, docs/operations.md):
  PUBLIC_API_BASE_URL (required)   the API the render path was built against
  WEBHOOK_SECRET (required)        whsec_<base64>, two separated by a space during a rotation
  PUBLISHER_HOST, PUBLISHER_PORT   127.0.0.1, 8790 (the webhook: /hooks/content)
  PUBLISHER_ADMIN_HOST, PUBLISHER_ADMIN_PORT
                                   127.0.0.1, unset: /status, /status/history, /metrics, /admin/
                                   and /rollback on this port only (the webhook port: /healthz too)
  PUBLISHER_ADMIN_TOKEN            bearer token of /admin/ (no page when unset)
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
      ...(checked.PUBLISHER_ADMIN_PORT === undefined
        ? {}
        : { adminPort: checked.PUBLISHER_ADMIN_PORT, adminHost: env.PUBLISHER_ADMIN_HOST || '127.0.0.1' }),
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
