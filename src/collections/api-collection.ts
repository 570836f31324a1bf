/**
 * The one way the portal turns an API area into a content-layer collection
 * (docs/architecture.md, "How a record reaches a page").
 *
 * For each language (th, en) the area's `fetch` runs once per build. It returns the
 * records the area holds, each under a key; the loader stores them as `${lang}/${key}`
 * with a digest, so a page's cacheKey can name exactly the records it shows.
 *
 * - bounded concurrency: `ctx.all()` runs at most `concurrency` (default 4) calls at once
 * - retry with back-off: every call through `ctx.call()`/`ctx.all()` is tried 3 times
 *   (300 ms, then 900 ms) when the server is down or answers 5xx or 429
 * - a record that fails its schema, or a detail call that answers 4xx, is skipped with a
 *   warning naming endpoint, id and field; the build goes on
 * - an API that cannot be reached fails the build with one line (ApiUnreachable), so
 *   the last good site stays published
 * - sync meta: the time of the last sync that read the area, and a digest of the whole area per language are kept
 *   in `meta`; an unchanged area leaves the store untouched
 * - conditional requests: `meta` also keeps, per language, the ETag of every GET
 *   the area made. The next sync first asks each of them again with `If-None-Match`; when
 *   every one answers 304 the area is unchanged and nothing is fetched, parsed or written.
 *   One answer that is not 304 (an edit, a failure, a GET without ETag) and the area is read
 *   in full as before: a 304 never hides an edit, because an edit changes the body of the
 *   GET that carries it, and the set of GETs only depends on their answers (and on
 *   `syncKey`, for an area that also depends on the date).
 * - embedded details: in a build every GET prefers `embed=detail`; the six large
 *   areas' lists then carry each item's detail answer, and `all()` answers those details from
 *   them without a request. A large area costs one GET per list page to read and to revalidate,
 *   and the list's ETag covers the details it carries (tests/unit/api/conditional-loader.test.ts).
 *
 *   export const menuCollections = {
 *     menu: apiCollection({ endpoint: '/menu', schema: menuSchema,
 *       fetch: async ({ lang, call }) => [{ key: 'main', data: { items: await call('/menu', () => getMenu(lang)) } }] }),
 *   };
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { hash } from 'node:crypto';
import { defineCollection } from 'astro:content';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { z } from 'zod';
import { ApiError, SchemaError } from '../api/errors';
import { setSkipReporter, type SkippedRecord } from '../api/boundary';
import { getApiBaseUrl, isUnchanged, setGetObserver, setGetSource } from '../api/client';
import { LANGS, type Lang } from '../i18n/config';
import { holdStoreWrites } from './store-writes';
import { recordSyncedCollection } from './synced-store';
import { takeStale } from '../lib/clock';
import type { HeldList } from './page-prediction';
import { CACHE_KEY_BODIES, CACHE_KEY_RECORDS, CONTENT_VERSION, DETAIL_CACHE, NOTE_READS } from '../lib/bridge';

interface AreaRecord<T> {
  /** Unique within the language: a slug, id or uuid, or a fixed name ('main') for one-record areas. */
  key: string;
  data: T;
}

export interface AreaContext {
  lang: Lang;
  /** One API call with retry and back-off, counted against the concurrency limit. */
  call<R>(endpoint: string, task: () => Promise<R>): Promise<R>;
  /**
   * Many calls (e.g. every detail page of a list) at bounded concurrency. An item whose
   * call fails with a 4xx or a schema error is skipped with a warning; the rest go on.
   */
  all<I, R>(items: readonly I[], endpointOf: (item: I) => string, task: (item: I) => Promise<R>): Promise<R[]>;
  /**
   * A list whose last answer the publisher may keep (a department's category list): `load` runs
   * in a build, and in the publisher unless it holds this list's last answer and none of the
   * records its re-read is about was in that answer or `landsIn` it now (the area's own main list
   * tells where a record may land: every department's list of its category).
   */
  kept<T>(endpoint: string, load: () => Promise<T[]>, landsIn: (key: string) => boolean): Promise<T[]>;
  /**
   * The publisher's last whole answer of a paged list, while it re-reads edited records
   * (./page-prediction.ts); undefined in a build, and in a re-read that reuses nothing.
   */
  heldList?(endpoint: string): HeldList | undefined;
  /** A paged list as read now, whole: the publisher holds it for its next re-read. */
  holdList?(endpoint: string, items: readonly unknown[], limit: number): void;
  /** Pages of a list answered from the held list, not asked (the next sync then reads the area in full). */
  listPagesReused?(urls: readonly string[]): void;
  warn(message: string): void;
}

export interface ApiCollectionOptions<S extends z.ZodType> {
  /** The area's main endpoint, for messages ('/menu', '/content/category/all'). */
  endpoint: string;
  /** Shape of one stored record; records that fail it are skipped with a warning. */
  schema: S;
  /** Loads every record of the area in one language. */
  fetch(ctx: AreaContext): Promise<Iterable<AreaRecord<z.input<S>>>>;
  /** At most this many calls at once, both languages together (default 4). */
  concurrency?: number;
  langs?: readonly Lang[];
  /**
   * What the area's GETs depend on besides the API's answers (the calendar: the build's
   * month). A different value from the last sync's reads the area in full.
   */
  syncKey?: () => string;
}

const DEFAULT_CONCURRENCY = 4;
const RETRY_DELAYS_MS = [300, 900] as const; // 3 tries in all

/** The API could not be reached at all: the build must stop rather than publish an empty site. */
export class ApiUnreachable extends Error {
  constructor(endpoint: string, cause: unknown) {
    // The deepest cause says what happened ("connect ECONNREFUSED 127.0.0.1:8787"), not "fetch failed".
    let reason = cause instanceof Error ? cause.message : String(cause);
    for (let c: unknown = cause; c instanceof Error; c = c.cause) if (c.message) reason = c.message;
    super(
      `Content API unreachable at ${getApiBaseUrl()} (${endpoint}: ${reason}); build stopped, the last published site stays in place.`,
    );
    this.name = 'ApiUnreachable';
    // One line in the build output: the stack of a network failure says nothing more.
    this.stack = `${this.name}: ${this.message}`;
  }
}

function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.body === undefined;
}

function isRetriable(error: unknown): boolean {
  return error instanceof ApiError && (error.status >= 500 || error.status === 429);
}

/** Failures that concern one record, not the whole API. */
/** A whole re-read of the publisher's stepped aside for an edit (`DetailCache.stops`): not a failure of the API. */
class SteppedAside extends Error {
  constructor(endpoint: string) {
    super(`stepped aside for an edit before ${endpoint}`);
    this.name = 'SteppedAside';
  }
}

/** Throws `SteppedAside` when the publisher's whole re-read is to make way for an edit. */
function stepAsideIfAsked(endpoint: string): void {
  if (detailCache()?.stops?.()) throw new SteppedAside(endpoint);
}

function isRecordFailure(error: unknown): boolean {
  return error instanceof SchemaError || (error instanceof ApiError && error.status >= 400 && error.status < 500);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs tasks with at most `limit` in flight. */
export function createLimiter(limit: number): <R>(task: () => Promise<R>) => Promise<R> {
  let active = 0;
  const queue: Array<() => void> = [];
  // A finished task hands its slot straight to the next waiter, so `active` never overshoots.
  const release = () => {
    const waiter = queue.shift();
    if (waiter) waiter();
    else active--;
  };
  return async <R>(task: () => Promise<R>): Promise<R> => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** Tries `task` up to 3 times while the failure is worth retrying. */
export async function withRetry<R>(task: () => Promise<R>, delays: readonly number[] = RETRY_DELAYS_MS): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= delays.length || !isRetriable(error)) throw error;
      await sleep(delays[attempt]!);
    }
  }
}

function describeZodIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue && issue.path.length ? issue.path.map(String).join('.') : '(root)';
  return `field "${field}" ${issue?.message ?? 'is invalid'}`;
}

type Limiter = ReturnType<typeof createLimiter>;

/**
 * The cache of API answers the loaders read through (the bridge's `DETAIL_CACHE`): set inside the
 * long-lived publisher (scripts/publisher/content-store.ts), where answers of per-record calls
 * made through `all()` that an edit did not touch are reused instead of fetched again, so
 * re-reading an area after one edit costs its lists and that record; in a render-path build, a
 * recorder that reuses nothing (src/integrations/render-path/detail-answers.ts).
 */
const detailCache = () => DETAIL_CACHE.get();

/** The GETs of one area in one language while its `fetch` runs: `${lang} ${url}` → ETag. */
const areaGets = new AsyncLocalStorage<Map<string, string | null>>();

/**
 * The detail answers the area's lists embedded, by `${lang} ${url}`, while its `fetch` runs in a
 * build. In a build every GET says `Prefer: embed=detail` (ours, docs/api-contract.md): a list
 * answer whose items carry `detail: { url, answer }` fills the store, and the GET of such a url
 * is answered from it, once, without a request. Such a GET is not one the area made: its answer
 * is part of the list's, whose ETag is kept and revalidated, so an edit of the detail changes the
 * list's ETag too. An API that ignores the preference is read one detail at a time.
 */
type PrefetchStore = Map<string, unknown>;
const areaPrefetch = new AsyncLocalStorage<PrefetchStore>();
const EMBED_DETAILS = { Prefer: 'embed=detail' } as const;

/**
 * Where a record a list parse skipped is reported: the loader of the area whose `fetch` parsed it.
 * Areas load at the same time (a build, the publisher's re-read), so one global reporter set by
 * each load named the last area to start, not the one that read the record: the others never
 * learned which record was malformed and dropped its last good version (its pages went away).
 */
const areaSkips = new AsyncLocalStorage<(skipped: SkippedRecord) => void>();
/** What reported skips before the first load (a parse outside any area's fetch goes there). */
let outsideAreas: ((skipped: SkippedRecord) => void) | null = null;
const reportToArea = (skipped: SkippedRecord) => (areaSkips.getStore() ?? outsideAreas)?.(skipped);

setGetObserver(({ url, lang, etag, body, text }) => {
  areaGets.getStore()?.set(`${lang} ${url}`, etag);
  const store = areaPrefetch.getStore();
  if (store) keepEmbedded(body, lang, store);
  else if (text !== undefined) detailCache()?.heard?.(lang, url, text);
});
setGetSource((url, lang) => {
  const store = areaPrefetch.getStore();
  if (!store) {
    const again = detailCache()?.replay?.(lang, url);
    if (again === undefined) return undefined;
    // As a reused detail answer: a GET this sync did not make, so the next one reads in full.
    areaGets.getStore()?.set(`${lang} reused:${url}`, null);
    return { answer: again ? JSON.parse(again) : null };
  }
  const answer = store.get(`${lang} ${url}`);
  if (answer === undefined) return { headers: EMBED_DETAILS };
  store.delete(`${lang} ${url}`);
  return { answer };
});

/** Moves the detail answers a list embedded into `store` (they are no part of the list's shape). */
function keepEmbedded(body: unknown, lang: Lang, store: PrefetchStore): void {
  const items = (body as { result?: unknown } | null)?.result;
  if (!Array.isArray(items)) return;
  for (const item of items as Array<Record<string, unknown> | null>) {
    const detail = item?.detail as { url?: unknown; answer?: unknown } | undefined;
    if (!detail || typeof detail.url !== 'string' || detail.answer === undefined) continue;
    store.set(`${lang} ${detail.url}`, detail.answer);
    delete item!.detail;
  }
}

/** Whether a list of this area embedded the answer of `endpoint` (as the area names it, or URL-encoded as sent). */
function embeddedAnswer(lang: Lang, endpoint: string): boolean {
  const store = areaPrefetch.getStore();
  if (!store?.size) return false;
  if (store.has(`${lang} ${endpoint}`)) return true;
  const [path = '', query] = endpoint.split('?');
  const encoded = path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
  return store.has(`${lang} ${encoded}${query === undefined ? '' : `?${query}`}`);
}

function createAreaContext(
  lang: Lang,
  limit: Limiter,
  warn: (m: string) => void,
  malformed: (key: string) => void,
  collection: string,
): AreaContext {
  const call = <R>(where: string, task: () => Promise<R>) =>
    limit(() => (stepAsideIfAsked(where), withRetry(task))).catch((error: unknown) => {
      if (isUnreachable(error)) throw new ApiUnreachable(where, error);
      throw error;
    });
  return {
    lang,
    call,
    warn,
    async all(items, endpointOf, task) {
      const cache = detailCache();
      type Value = Awaited<ReturnType<typeof task>>;
      type Result = { ok: true; value: Value } | { ok: false };
      // A detail its list embedded needs no request: no slot of the limit, no retry.
      const fetchOne = (item: Parameters<typeof task>[0]): Promise<Result> =>
        (embeddedAnswer(lang, endpointOf(item))
          ? (cache?.embedded?.(endpointOf(item)), task(item))
          : call(endpointOf(item), () => task(item))
        ).then(
          (value) => (cache?.set(lang, endpointOf(item), value), { ok: true as const, value: value as Value }),
          (error: unknown) => {
            if (!isRecordFailure(error)) throw error;
            // A detail that fails its schema (not one that is gone, 4xx) names a record to keep.
            if (error instanceof SchemaError)
              malformed(decodeURIComponent(endpointOf(item).split('?')[0]!.split('/').pop() ?? ''));
            warn(`[${lang}] skipped ${endpointOf(item)}: ${(error as Error).message}`);
            return { ok: false as const };
          },
        );
      const fetched: Promise<Result>[] = [];
      const waiting: Promise<unknown>[] = [];
      const settled: Array<Result | Promise<Result>> = items.map((item) => {
        const cached = cache?.get(lang, endpointOf(item));
        if (!cached) {
          const p = fetchOne(item);
          fetched.push(p);
          return p;
        }
        // A reused answer is a GET this sync did not make: without its ETag the next sync cannot
        // revalidate the area, so it reads it in full (a 304 must never hide an edit).
        const reused = (value: unknown) => {
          areaGets.getStore()?.set(`${lang} reused:${endpointOf(item)}`, null);
          return { ok: true as const, value: value as Value };
        };
        if ('pending' in cached) {
          waiting.push(cached.pending);
          return cached.pending.then((value) => (value === undefined ? fetchOne(item) : reused(value)));
        }
        return reused(cached.value);
      });
      if (cache?.settle && waiting.length) void Promise.allSettled(fetched).then(() => cache.settle!(lang, waiting));
      const results = await Promise.all(settled);
      return results.flatMap((r) => (r.ok ? [r.value] : []));
    },
    async kept(endpoint, load, landsIn) {
      const cache = detailCache();
      const held = cache?.list?.(lang, endpoint, landsIn, collection);
      if (held) {
        // As a reused detail answer: a GET this sync did not make, so the next one reads in full.
        areaGets.getStore()?.set(`${lang} reused:${endpoint}`, null);
        return held.value as Awaited<ReturnType<typeof load>>;
      }
      const items = await load();
      cache?.setList?.(lang, endpoint, items);
      return items;
    },
    heldList: (endpoint) => detailCache()?.pages?.(lang, endpoint, collection),
    holdList: (endpoint, items, limit) => detailCache()?.setPages?.(lang, endpoint, items, limit),
    listPagesReused(urls) {
      // As a reused detail answer: GETs this sync did not make, so the next one reads in full.
      for (const url of urls) areaGets.getStore()?.set(`${lang} reused:${url}`, null);
      detailCache()?.pagesReused?.(urls.length);
    },
  };
}

/**
 * One limit for every collection of a build: Astro runs the loaders side by side, and
 * the agency's API (like the reference API) answers one request at a time, so ~30
 * collections with a limit each would send 100+ requests at once and time out at scale.
 */
const buildWideLimit = createLimiter(DEFAULT_CONCURRENCY);

/**
 * Runs an area's fetch, collecting the ETags of the GETs it makes. In a build, and in the
 * publisher's re-reads of every area (which fill its detail cache), its GETs prefer lists with
 * embedded details, and the details those lists carry are not asked again (one GET a list page
 * instead of one a detail). A re-read of edited records does not: its
 * detail cache holds the details, and a list page with a hundred details embedded would cost
 * more than the one or two it fetches.
 */
async function withGets<R>(
  task: () => Promise<R>,
): Promise<{ result: R; gets: Map<string, string | null>; embedded: boolean }> {
  const gets = new Map<string, string | null>();
  const cache = detailCache();
  const embedded = !cache || cache.embeds?.() === true;
  const run = () => areaGets.run(gets, task);
  const result = embedded ? await areaPrefetch.run(new Map(), run) : await run();
  return { result, gets, embedded };
}

/** What the last full sync of a language read: its GETs with their ETags, and its syncKey. */
interface SyncedGets {
  key: string;
  gets: Array<[url: string, etag: string]>;
  /** The GETs preferred embedded details: they are revalidated with the same preference. */
  embedded?: boolean;
}

/** The GETs worth revalidating next time, or undefined when one had no ETag (the area then always reads in full). */
function syncedGets(key: string, gets: Map<string, string | null>, embedded: boolean): SyncedGets | undefined {
  const out: SyncedGets['gets'] = [];
  for (const [k, etag] of gets) {
    if (!etag) return undefined;
    out.push([k.slice(k.indexOf(' ') + 1), etag]);
  }
  return out.length ? { key, gets: out, ...(embedded ? { embedded } : {}) } : undefined;
}

/**
 * True when every GET of the last sync answers 304. Stops asking at the first that does not
 * (its answer is then read with the rest of the area).
 */
async function stillValid(lang: Lang, synced: SyncedGets, limit: Limiter): Promise<boolean> {
  let changed = false;
  await Promise.all(
    synced.gets.map(([url, etag]) =>
      limit(async () => {
        stepAsideIfAsked(url);
        if (!changed && !(await isUnchanged(url, lang, etag, synced.embedded ? { headers: EMBED_DETAILS } : {})))
          changed = true;
      }),
    ),
  );
  return !changed;
}

function readSynced(raw: unknown): SyncedGets | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed = JSON.parse(raw) as SyncedGets;
    return typeof parsed.key === 'string' && Array.isArray(parsed.gets) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** One sync of one area: what its languages' reads and writes share. */
interface AreaSync<S extends z.ZodType> {
  options: ApiCollectionOptions<S>;
  context: LoaderContext;
  /** Keys of records the API answered malformed: their last good version stays in the store. */
  malformed: Set<string>;
  limit: Limiter;
  /** Records made by other loader code are never kept, however the API answers (src/integrations/loader-code). */
  syncKey: string;
  /** Records that depend on the clock (src/lib/clock.ts): at a boundary the publisher asks for a full read. */
  stale: boolean;
  reportSkipped(skipped: SkippedRecord): void;
  /** The store or the meta changes: the write is held until the sync ends. */
  changed(): void;
  setMeta(key: string, value: string | undefined): void;
}

/** One language of the area: unchanged (every GET of its last sync answers 304), or read from the API. */
async function readLanguage<S extends z.ZodType>(lang: Lang, sync: AreaSync<S>) {
  const { options, context, limit, syncKey } = sync;
  const { store, meta, logger, collection } = context;
  const synced = readSynced(meta.get(`gets:${lang}`));
  const stored = meta.get(`count:${lang}`);
  if (
    !sync.stale &&
    synced &&
    synced.key === syncKey &&
    stored !== undefined &&
    countOf(store.keys(), `${lang}/`) === Number(stored) &&
    detailCache()?.skipsRevalidation?.(collection) !== true &&
    (await stillValid(lang, synced, limit))
  ) {
    return { lang, unchanged: true as const, unchangedGets: synced.gets.length };
  }
  const ctx = createAreaContext(
    lang,
    limit,
    (m) => logger.warn(m),
    (key) => sync.malformed.add(key),
    collection,
  );
  try {
    const started = performance.now();
    const { result, gets, embedded } = await areaSkips.run(sync.reportSkipped, () =>
      withGets(() => options.fetch(ctx)),
    );
    const took = `${gets.size} requests, ${((performance.now() - started) / 1000).toFixed(1)} s`;
    return {
      lang,
      unchanged: false as const,
      records: [...result],
      gets: syncedGets(syncKey, gets, embedded),
      requests: gets.size,
      took,
    };
  } catch (error) {
    if (error instanceof ApiUnreachable || error instanceof SteppedAside) throw error;
    if (isUnreachable(error)) throw new ApiUnreachable(options.endpoint, error);
    const reason = error instanceof Error ? error.message : String(error);
    const failure = new Error(`Could not load ${collection} (${options.endpoint}, ${lang}): ${reason}`);
    failure.stack = `Error: ${failure.message}`;
    throw failure;
  }
}

type LanguageRead = Awaited<ReturnType<typeof readLanguage>>;

/** The records of a language that pass their schema, once each; `kept`: those that fail it and stay as they were. */
function validRecords<S extends z.ZodType>(lang: Lang, records: ReadonlyArray<AreaRecord<unknown>>, sync: AreaSync<S>) {
  const { schema, endpoint } = sync.options;
  const { store, logger } = sync.context;
  const valid: Array<{ id: string; data: Record<string, unknown> }> = [];
  const seen = new Set<string>();
  /** Records the store holds that now fail their schema: their last good version stays. */
  const kept = new Set<string>();
  for (const record of records) {
    const id = `${lang}/${record.key}`;
    const parsed = schema.safeParse(record.data);
    if (!parsed.success) {
      // A record that was good before (a publisher's re-read, a build over its cache) keeps
      // its last good version, and its pages stay as they were, instead of disappearing.
      const keep = store.has(id) && !seen.has(id);
      if (keep) kept.add(id);
      logger.warn(
        `skipped ${endpoint} id=${record.key} (${lang}): ${describeZodIssue(parsed.error)}${keep ? '; its last good version stays' : ''}`,
      );
      continue;
    }
    if (seen.has(id)) {
      logger.warn(`skipped ${endpoint} id=${record.key} (${lang}): duplicate key`);
      continue;
    }
    seen.add(id);
    valid.push({ id, data: parsed.data as Record<string, unknown> });
  }
  return { valid, seen, kept };
}

/** Writes a language read from the API to the store and the meta, each only where it changed. */
function storeLanguage<S extends z.ZodType>(
  read: Extract<LanguageRead, { unchanged: false }>,
  sync: AreaSync<S>,
): void {
  const { lang, records, gets, took } = read;
  const { endpoint } = sync.options;
  const { store, meta, logger, generateDigest, collection } = sync.context;
  const { valid, seen, kept } = validRecords(lang, records, sync);
  // Each record hashed once; the area's digest is made of theirs (ids and digests in order).
  const digests = valid.map(({ id, data }) => digestOf(`${collection}\0${id}`, data, generateDigest));
  const areaDigest = generateDigest(valid.map(({ id }, i) => `${id} ${digests[i]}`).join('\n'));
  const digestKey = `digest:${lang}`;
  const unchanged = meta.get(digestKey) === areaDigest && valid.every(({ id }) => store.has(id));
  if (!unchanged) {
    sync.changed();
    for (const id of store.keys()) {
      if (!id.startsWith(`${lang}/`) || seen.has(id)) continue;
      // The API names a record by its slug or id; the area's key may add its kind (`article:<slug>`).
      const key = id.slice(lang.length + 1);
      if (kept.has(id) || sync.malformed.has(key) || sync.malformed.has(key.slice(key.indexOf(':') + 1))) {
        if (!kept.has(id))
          logger.warn(`${endpoint} id=${id.slice(lang.length + 1)} (${lang}): its last good version stays`);
        continue;
      }
      store.delete(id);
    }
    valid.forEach(({ id, data }, i) => store.set({ id, data, digest: digests[i] }));
    sync.setMeta(digestKey, areaDigest);
  }
  // Meta is written only when it changes: any write makes Astro rewrite the whole data store.
  const getsValue = gets ? JSON.stringify(gets) : undefined;
  if (getsValue === undefined) {
    if (meta.get(`gets:${lang}`) !== undefined) sync.setMeta(`gets:${lang}`, undefined);
  } else if (meta.get(`gets:${lang}`) !== getsValue) sync.setMeta(`gets:${lang}`, getsValue);
  if (meta.get(`count:${lang}`) !== String(valid.length)) sync.setMeta(`count:${lang}`, String(valid.length));
  logger.info(`${lang}: ${valid.length} records${unchanged ? ' (unchanged)' : ''} (${took})`);
}

/** The loader behind `apiCollection`; exported for collections that need a custom schema setup. */
export function apiLoader<S extends z.ZodType>(options: ApiCollectionOptions<S>): Loader {
  const { concurrency, langs = LANGS } = options;
  return {
    name: `api:${options.endpoint}`,
    async load(context: LoaderContext) {
      const { store, meta, logger, collection } = context;
      recordSyncedCollection(collection, store);
      // Any change, to a record or to the area's meta, is held until the sync ends.
      const hold = holdStoreWrites(store, meta);
      try {
        const malformed = new Set<string>();
        const previous = setSkipReporter(reportToArea);
        if (previous !== reportToArea) outsideAreas = previous;
        const sync: AreaSync<S> = {
          options,
          context,
          malformed,
          // Shared by both languages, and by every collection unless this one asks for its own.
          limit: concurrency ? createLimiter(concurrency) : buildWideLimit,
          syncKey: `${process.env.PORTAL_LOADER_CODE ?? ''}|${options.syncKey?.() ?? ''}`,
          stale: takeStale(collection),
          reportSkipped: (s) => {
            for (const key of s.keys ?? []) malformed.add(key);
            logger.warn(
              `skipped a malformed record from ${s.endpoint} id=${s.recordId ?? '?'}: field "${s.field}" ${s.detail}`,
            );
          },
          changed: () => hold.changed(),
          setMeta: (key, value) => {
            hold.changed();
            if (value === undefined) meta.delete(key);
            else meta.set(key, value);
          },
        };
        const loaded = await Promise.all(langs.map((lang) => readLanguage(lang, sync)));
        for (const read of loaded)
          detailCache()?.requests?.(collection, read.unchanged ? read.unchangedGets : read.requests);
        for (const read of loaded) {
          if (read.unchanged) {
            logger.info(`${read.lang}: unchanged (${read.unchangedGets} requests answered 304 Not Modified)`);
            continue;
          }
          detailCache()?.readInFull?.(collection, read.lang);
          storeLanguage(read, sync);
        }
        // The time of the last sync that read the area (a sync where every GET answered 304 writes nothing).
        if (loaded.some((l) => !l.unchanged)) sync.setMeta('lastSync', new Date().toISOString());
      } finally {
        hold.release();
      }
    },
  };
}

/**
 * In the long-lived publisher (`contentVersion` set): each record's own values and digest at its
 * last sync, by `collection\0id`. A record re-read from reused answers is a new object made of
 * the same values (the same strings, the same nested objects: answers are never changed in
 * place, only replaced), and has the digest it had: the JSON and the hash of a large area are
 * then worked out only for the records that changed.
 */
const digests = new Map<string, { values: unknown[]; digest: string }>();

function digestOf(key: string, data: Record<string, unknown>, generateDigest: LoaderContext['generateDigest']): string {
  if (contentVersion() === undefined) return generateDigest(data);
  const values: unknown[] = [];
  for (const k in data) values.push(k, data[k]);
  const last = digests.get(key);
  if (last && last.values.length === values.length && last.values.every((v, i) => v === values[i])) return last.digest;
  const digest = generateDigest(data);
  digests.set(key, { values, digest });
  return digest;
}

function countOf(keys: Iterable<string>, prefix: string): number {
  let n = 0;
  for (const key of keys) if (key.startsWith(prefix)) n++;
  return n;
}

/** A content-layer collection over one API area, in both languages. */
export function apiCollection<S extends z.ZodType>(options: ApiCollectionOptions<S>) {
  return defineCollection({ loader: apiLoader(options), schema: options.schema });
}

// ---- cache keys ----

/** Anything with an id and (when it came from the store) a digest: a collection entry. */
export interface DigestSource {
  id: string;
  collection?: string;
  digest?: string | number;
}

/**
 * Set only inside the long-lived publisher (scripts/publisher/render-path.ts), never in a build:
 * cacheKey → `collection/id` of each entry it was made from (a key made from another key, as
 * the intro pages' `{ id: 'shell', digest: pageCacheKey(…) }`, names that key's entries). The
 * publisher reads it after getStaticPaths to tag each page with the records it shows.
 */
const recordsOfKeys = () => CACHE_KEY_RECORDS.get();

/**
 * Set only inside the long-lived publisher, beside the records: cacheKey → the key of what the
 * page shows besides its shell (a key that starts with the shell's entries, `pageCacheKey`). Two
 * keys with the same body key differ in the shell only: the publisher may then swap the shell's
 * parts in the live page instead of rendering it (scripts/publisher/stages/splice.ts).
 */
const bodiesOfKeys = () => CACHE_KEY_BODIES.get();

/**
 * The content's version inside the long-lived publisher: scripts/publisher/content-store.ts adds
 * one whenever a re-read changes the content store. Undefined in a build, whose store does not
 * change once pages render. What getStaticPaths reads for every page (the shell's entries) may be
 * read once per version.
 */
export const contentVersion = () => CONTENT_VERSION.get();

/**
 * Tells the publisher that the getStaticPaths running now reads these collections, when it takes
 * them from a memo of its own rather than through astro:content (the publisher re-runs a route's
 * getStaticPaths when a collection it read changed: scripts/publisher/render-path.ts `watchReads`).
 * Does nothing in a build.
 */
export function noteReads(collections: readonly string[]): void {
  NOTE_READS.get()?.(collections);
}

/**
 * A page's cacheKey from the digests of exactly the entries it shows, in order.
 * Different entries, a changed record or a different order give a different key;
 * the same entries give the same key in every build.
 */
export function cacheKeyOf(
  ...sources: Array<DigestSource | readonly DigestSource[] | KeyPrefix | undefined | null>
): string {
  let text = '';
  for (const source of sources.flat()) {
    if (!source) continue;
    text += 'lines' in source ? source.lines : lineOf(source);
  }
  // One one-shot hash of the lines (a key for every page at every publish: createHash's object
  // per key would cost as much again).
  const key = hash('sha256', text, 'base64url').slice(0, 32);
  const records = recordsOfKeys();
  // The records a key names follow from its lines: worked out once per key, not for every page
  // at every publish (most pages' keys are those of the publish before).
  if (records && !records.has(key)) {
    const named: string[] = [];
    for (const source of sources.flat()) {
      if (!source) continue;
      if ('lines' in source) named.push(...source.named);
      else namesOf(source, records, named);
    }
    records.set(key, [...new Set(named)]);
    const first = sources[0];
    if (first && 'lines' in first)
      bodiesOfKeys()?.set(key, hash('sha256', text.slice(first.lines.length), 'base64url').slice(0, 32));
  }
  return key;
}

/** Sources many cacheKeys start with (every page's shell), their lines and records worked out once. */
export interface KeyPrefix {
  readonly lines: string;
  readonly named: readonly string[];
}

export function keyPrefix(sources: readonly DigestSource[]): KeyPrefix {
  const records = recordsOfKeys();
  const named: string[] = [];
  if (records) for (const s of sources) namesOf(s, records, named);
  return { lines: sources.map(lineOf).join(''), named };
}

const lineOf = (s: DigestSource) => `${s.collection ?? ''}:${s.id}:${s.digest ?? ''}\n`;

/** The records a source names: its own entry, or those of the key it was made from. */
function namesOf(source: DigestSource, records: Map<string, string[]>, out: string[]): void {
  if (source.collection) out.push(`${source.collection}/${source.id}`);
  else if (typeof source.digest === 'string') for (const r of records.get(source.digest) ?? []) out.push(r);
}
