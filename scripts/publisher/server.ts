/**
 * The publisher's HTTP side (docs/publisher.md "HTTP contract"): `POST /hooks/content` and
 * `POST /rollback` (Standard Webhooks, verified by the `standardwebhooks` package on the raw
 * bytes), `GET /status`, `/status/history`, `/metrics`, `/readyz`, `/healthz` and `/admin/`.
 * On one port by default; with PUBLISHER_ADMIN_PORT the webhook port answers `/hooks/content`
 * and `/healthz` only and the rest is on the admin port (`createPublisherServers`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import type { Publisher } from './publisher.ts';
import type { ContentEvent } from './stages/types.ts';
import { createLogger, type Logger } from './log.ts';
import { createPublisherMetrics, type PublisherMetrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';
import { diskUsage } from './stages/release.ts';
import { handleAdmin } from './admin.ts';
import { faultPoint } from './fault.ts';
import { coalesced } from './coalesced.ts';

const MAX_BODY_BYTES = 64 * 1024;
const TOLERANCE_S = 300;

const eventSchema = z.object({
  type: z.string().regex(/^[a-z][a-z-]*$/),
  action: z.enum(['create', 'update', 'delete']),
  key: z.string().min(1).max(500),
});
const bodySchema = z.union([
  eventSchema.transform((e) => [e]),
  z.object({ events: z.array(eventSchema).min(1).max(1000) }).transform((b) => b.events),
]);

/**
 * `webhook-id`s already accepted, kept on disk for the tolerance window so a replay is refused
 * after a restart too.
 */
export class ReplayStore {
  #seen = new Map<string, number>();
  readonly file: string;
  constructor(file: string) {
    this.file = file;
  }

  async load(): Promise<void> {
    try {
      const saved = JSON.parse(await readFile(this.file, 'utf8')) as Record<string, number>;
      this.#seen = new Map(Object.entries(saved));
    } catch {
      this.#seen = new Map();
    }
    this.#prune();
  }

  has(id: string): boolean {
    return this.#seen.has(id);
  }

  /** The file written, one write at a time: the ids of a burst that arrive while one is under way share the next. */
  readonly #save = coalesced(async () => {
    const text = JSON.stringify(Object.fromEntries(this.#seen));
    await mkdir(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, text);
    await rename(tmp, this.file);
  });

  /** Remembers an id; resolves once it is on disk (200 events: a few writes, not 200). */
  add(id: string): Promise<void> {
    this.#prune();
    this.#seen.set(id, Date.now());
    return this.#save();
  }

  #prune(): void {
    // A message older than the tolerance is refused by its timestamp anyway; keep twice that.
    const cutoff = Date.now() - 2 * TOLERANCE_S * 1000;
    for (const [id, at] of this.#seen) if (at < cutoff) this.#seen.delete(id);
  }
}

export interface ServerOptions {
  publisher: Publisher;
  /** `whsec_…` secrets (two during a rotation); empty only with `insecureDev`. */
  secrets: readonly string[];
  insecureDev?: boolean;
  replay: ReplayStore;
  /** Where refusals and accepted deliveries are logged (default: JSON lines on standard output). */
  logger?: Logger;
  /** The registry `/metrics` answers (default: the publisher's, or one of its own). */
  metrics?: PublisherMetrics;
  /** PUBLISHER_ADMIN_TOKEN: `/admin/` answers behind it (404 when unset). */
  adminToken?: string | undefined;
  /** starting → catching up → ready, for /status and /readyz (main.ts); ready when not given. */
  readiness?: Readiness;
  /** Is the live release being served? (for /healthz) */
  healthy?: () => Promise<boolean>;
}

/** Why a webhook was refused (the metrics' `reason` label). */
type RefusalReason = 'signature' | 'timestamp' | 'replay' | 'too_large' | 'media_type' | 'shape' | 'other';

class Refusal extends Error {
  readonly status: number;
  readonly reason: RefusalReason;
  constructor(status: number, message: string, reason: RefusalReason) {
    super(message);
    this.status = status;
    this.reason = reason;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      reject(new Refusal(413, `body over ${MAX_BODY_BYTES} bytes`, 'too_large'));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Refusal(413, `body over ${MAX_BODY_BYTES} bytes`, 'too_large'));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/**
 * Which paths a listener answers: `all` (one port, the default), `webhook` (the port the CMS
 * reaches: `/hooks/content` and `/healthz` only) or `admin` (PUBLISHER_ADMIN_PORT: everything
 * but the webhook).
 */
export type Routes = 'all' | 'webhook' | 'admin';

function answers(routes: Routes, pathname: string): boolean {
  if (routes === 'all') return true;
  if (routes === 'webhook') return pathname === '/hooks/content' || pathname === '/healthz';
  return pathname !== '/hooks/content';
}

/** What every route of one publisher's listeners shares. */
interface Context {
  options: ServerOptions;
  publisher: Publisher;
  replay: ReplayStore;
  log: Logger;
  metrics: PublisherMetrics;
  hooks: Webhook[];
  disk: () => number | null;
}

type Handler = (c: Context, req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** The gauges that describe the moment, set when they are read. */
async function refresh(c: Context): Promise<void> {
  const { metrics, publisher } = c;
  metrics.queueDepth.set(publisher.stats.queue);
  const oldest = (publisher as { queue?: { oldestDirtyAt: number | null } }).queue?.oldestDirtyAt ?? null;
  metrics.oldestDirtySeconds.set(oldest === null ? 0 : (Date.now() - oldest) / 1000);
  metrics.publishing.set(publisher.queue.running ? 1 : 0);
  if (!c.options.readiness) metrics.ready.set(1);
  metrics.releases.set((await publisher.store.list()).length);
  const bytes = c.disk();
  if (bytes !== null) metrics.diskBytes.set(bytes);
}

/** Refuses a request that is not `application/json`. */
function checkMediaType(req: IncomingMessage): void {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type !== 'application/json') throw new Refusal(415, 'content-type must be application/json', 'media_type');
}

/** Checks the Standard Webhooks signature against every secret (two during a rotation). */
function checkSignature(c: Context, raw: Buffer, headers: Record<string, string>): void {
  let reason = 'no matching signature';
  const ok = c.hooks.some((hook) => {
    try {
      hook.verify(raw, headers, { jsonParse: false });
      return true;
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
      return false;
    }
  });
  if (!ok)
    throw new Refusal(401, `signature refused: ${reason}`, /timestamp/i.test(reason) ? 'timestamp' : 'signature');
}

/** Verifies a signed request; returns its raw body. Throws a Refusal. */
async function verified(c: Context, req: IncomingMessage): Promise<Buffer> {
  checkMediaType(req);
  const raw = await readBody(req);
  const headers = {
    'webhook-id': String(req.headers['webhook-id'] ?? ''),
    'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
    'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
  };
  if (!headers['webhook-id'] || !headers['webhook-timestamp'] || !headers['webhook-signature']) {
    if (!c.options.insecureDev || c.hooks.length > 0)
      throw new Refusal(401, 'missing webhook-id, webhook-timestamp or webhook-signature', 'signature');
  }
  if (c.hooks.length > 0) checkSignature(c, raw, headers);
  if (headers['webhook-id'] && c.replay.has(headers['webhook-id']))
    throw new Refusal(409, `webhook-id ${headers['webhook-id']} already seen`, 'replay');
  return raw;
}

/** The events of a verified body. Throws a 400 Refusal. */
function parseEvents(raw: Buffer): ContentEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new Refusal(400, 'body is not JSON', 'shape');
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success)
    throw new Refusal(400, `body is not an event: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'shape');
  return parsed.data as ContentEvent[];
}

const postHook: Handler = async (c, req, res) => {
  const events = parseEvents(await verified(c, req));
  const id = String(req.headers['webhook-id'] ?? '');
  if (id) await c.replay.add(id);
  await c.publisher.enqueue(events, { webhookId: id || undefined });
  c.metrics.webhooks.inc({ outcome: 'accepted', reason: '' });
  const names = events.map((e) => `${e.action} ${e.type}:${e.key}`);
  c.log.info({ webhookIds: id ? [id] : [], events: names }, `webhook ${id} queued ${names.join(', ')}`);
  res.once('finish', () => faultPoint('accepted')); // (tests only: ./fault.ts)
  send(res, 202, { queued: events.length, dirty: c.publisher.queue.dirty.length });
};

const postRollback: Handler = async (c, req, res) => {
  await verified(c, req);
  const id = String(req.headers['webhook-id'] ?? '');
  if (id) await c.replay.add(id);
  const info = await c.publisher.rollback();
  c.log.info({ webhookIds: id ? [id] : [], release: info.id }, `rolled back to ${info.id}`);
  send(res, 202, { release: info });
};

const getStatus: Handler = async (c, _req, res) => {
  const { publisher, options } = c;
  const releases = await publisher.store.list();
  const live = await publisher.store.live();
  const index = releases.findIndex((r) => r.id === live?.id);
  send(res, 200, {
    release: live,
    previous: index >= 0 ? (releases[index + 1] ?? null) : null,
    publishing: publisher.queue.running,
    queue: publisher.stats.queue,
    dirty: publisher.queue.dirty,
    publishes: { total: publisher.stats.total, failed: publisher.stats.failed },
    last: publisher.last,
    purge: publisher.purge.last,
    purgeRetries: publisher.purge.retries,
    state: options.readiness?.state ?? 'ready',
    states: options.readiness?.states ?? [],
  });
};

const getHistory: Handler = async (c, _req, res, url) => {
  const history = (c.publisher as { history?: Publisher['history'] }).history;
  if (!history) return send(res, 404, { error: 'no history kept' });
  const page = Number(url.searchParams.get('page') ?? 1);
  send(res, 200, history.list(page, Number(url.searchParams.get('limit') ?? 20)));
};

const getReady: Handler = async (c, _req, res) => {
  const state = c.options.readiness?.state ?? 'ready';
  send(res, state === 'ready' ? 200 : 503, { ready: state === 'ready', state });
};

const getMetrics: Handler = async (c, _req, res) => {
  await refresh(c);
  const text = await c.metrics.registry.metrics();
  res.writeHead(200, { 'content-type': c.metrics.registry.contentType, 'cache-control': 'no-store' });
  res.end(text);
};

const getHealth: Handler = async (c, _req, res) => {
  const ok = c.options.healthy ? await c.options.healthy() : (await c.publisher.store.live()) !== null;
  send(res, ok ? 200 : 503, { ok });
};

/** `METHOD path` → its handler (`/admin/…` aside: ./admin.ts). */
const ROUTES: Record<string, Handler> = {
  'POST /hooks/content': postHook,
  'POST /rollback': postRollback,
  'GET /status': getStatus,
  'GET /status/history': getHistory,
  'GET /readyz': getReady,
  'GET /metrics': getMetrics,
  'GET /healthz': getHealth,
};

async function route(c: Context, routes: Routes, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (!answers(routes, url.pathname)) return send(res, 404, { error: 'not found' });
  const handler = ROUTES[`${req.method} ${url.pathname}`];
  if (handler) return handler(c, req, res, url);
  if (await handleAdmin(req, res, url, { publisher: c.publisher, token: c.options.adminToken })) return;
  send(res, 404, { error: 'not found' });
}

/** A refusal answered with its status and logged with its reason; anything else a 500. */
function answerError(c: Context, req: IncomingMessage, res: ServerResponse, url: URL, error: unknown): void {
  if (error instanceof Refusal) {
    if (url.pathname === '/hooks/content') c.metrics.webhooks.inc({ outcome: 'refused', reason: error.reason });
    // The reason, never the secret or the signature.
    c.log.warn(
      { status: error.status, reason: error.reason, method: req.method, path: url.pathname },
      `refused ${req.method} ${url.pathname} (${error.status}): ${error.message}`,
    );
    return send(res, error.status, { error: error.message });
  }
  c.log.error({ err: error, method: req.method, path: url.pathname }, `${req.method} ${url.pathname} failed`);
  send(res, 500, { error: (error as Error).message });
}

/**
 * The publisher's HTTP server. `routes` picks what this listener answers (default `all`);
 * `createPublisherServers` makes the webhook and admin pair that share one publisher.
 */
export function createPublisherServer(options: ServerOptions, routes: Routes = 'all'): Server {
  const c = context(options);
  return listener(c, routes);
}

/** The webhook listener and the admin listener, sharing their metrics and replay store. */
export function createPublisherServers(options: ServerOptions): { webhook: Server; admin: Server } {
  const c = context(options);
  return { webhook: listener(c, 'webhook'), admin: listener(c, 'admin') };
}

function context(options: ServerOptions): Context {
  const { publisher, replay } = options;
  if (options.secrets.length === 0 && !options.insecureDev)
    throw new Error('WEBHOOK_SECRET is required (or --insecure-dev)');
  return {
    options,
    publisher,
    replay,
    log: options.logger ?? createLogger(),
    metrics: options.metrics ?? (publisher as { metrics?: PublisherMetrics }).metrics ?? createPublisherMetrics(),
    hooks: options.secrets.map((s) => new Webhook(s)),
    disk: diskGauge(publisher),
  };
}

function listener(c: Context, routes: Routes): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://publisher');
    route(c, routes, req, res, url).catch((error: unknown) => answerError(c, req, res, url, error));
  });
}

/**
 * The bytes the dir store's kept releases use (hard-linked files counted once), measured in the
 * background at most once a minute (a walk of every release); null for a store without folders.
 */
function diskGauge(publisher: Pick<Publisher, 'store'>): () => number | null {
  const root = (publisher.store as { releases?: string }).releases;
  let bytes: number | null = null;
  let at = 0;
  let running = false;
  return () => {
    if (root && !running && Date.now() - at > 60_000) {
      running = true;
      at = Date.now();
      void diskUsage(root)
        .then((n) => (bytes = n))
        .catch(() => {})
        .finally(() => (running = false));
    }
    return bytes;
  };
}
