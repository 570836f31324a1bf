/**
 * Re-reads areas from the API into the render path's content store.
 *
 * The webhook only names records; the data comes from the API. For each collection an event
 * touches, the site's own loader (src/collections/api-collection.ts, the one `astro build` runs)
 * loads the area again, with its schema checks, skip rules and retries. Its writes are held
 * back until every collection of the publish loaded; then they replace the entries in place.
 * A loader that throws (API unreachable, 5xx after retries) changes nothing.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { contentChanged, type RenderPath, type StoreEntry } from './render-path.ts';
import { collectionsOfType } from '../../src/areas/registry.ts';
import { detailCache } from './detail-cache.ts';
import { contentDigest, loaderContext, metaCollectionOf } from '../../src/collections/astro-internals.ts';
import { LANGS } from '../../src/i18n/config.ts';
import { DETAIL_ANSWERS_FILE, type AnswerLine } from '../../src/integrations/render-path/detail-answers.ts';

/**
 * Which collections show records of each webhook `type` (anything else reloads every
 * collection), from the areas' manifests (src/areas/registry.ts).
 */
const COLLECTIONS_OF_TYPE = collectionsOfType();

export function collectionsFor(types: Iterable<string>, all: readonly string[]): string[] {
  const out = new Set<string>();
  for (const type of types) {
    const named = COLLECTIONS_OF_TYPE[type];
    for (const c of named ?? all) out.add(c);
  }
  return [...out].filter((c) => all.includes(c));
}

export interface ReloadResult {
  /** `collection/id` of every entry added, changed or removed. */
  changed: string[];
  warnings: string[];
  /** What each loader said it read (`articles: en: 2800 records (57 requests, 0.4 s)`). */
  notes: string[];
  /** API requests the loaders made, as they report them (a value each loader hands over, never parsed from its notes). */
  requests: number;
}

/** Loader meta (sync digests) per collection, kept for the life of the publisher. */
const metas = new Map<string, Map<string, string>>();

/**
 * Starts the caches from the answers the build of `rp` read (src/integrations/render-path/
 * detail-answers.ts), when this build is published as the base release: its content store is
 * the one those answers made. The detail answers, department lists and paged lists go into the
 * detail cache, so the first edit of each kind reads a few requests as every later one does
 * instead of its whole area; the areas both languages read in full get their loader meta (the
 * build's ETags), so the catch-up after the base release revalidates them (a 304 each) instead
 * of reading every area again. An area the build found unchanged (its sync kept the cache's
 * records) has no answers: the catch-up reads it in full, as before. Returns what was taken.
 */
export async function seedFromBuild(
  rp: RenderPath,
  /** Settles once the bundle's content store is loaded (the base release's getStaticPaths load it). */
  storeLoaded: Promise<unknown>,
): Promise<{ answers: number; collections: string[] }> {
  const file = path.join(rp.dir, DETAIL_ANSWERS_FILE);
  if (!existsSync(file)) return { answers: 0, collections: [] };
  const read = new Map<string, Set<string>>();
  let answers = 0;
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!text) continue;
    const line = JSON.parse(text) as AnswerLine;
    switch (line[0]) {
      case 'code':
        // The loaders' ETags count for the code that made their records (src/integrations/loader-code).
        process.env.PORTAL_LOADER_CODE ??= line[1];
        break;
      case 'read':
        read.set(line[1], (read.get(line[1]) ?? new Set()).add(line[2]));
        break;
      case 'set':
        detailCache.set(line[1], line[2], line[3]);
        answers++;
        break;
      case 'list':
        detailCache.setList(line[1], line[2], line[3]);
        answers++;
        break;
      case 'pages':
        detailCache.setPages(line[1], line[2], line[3], line[4]);
        answers++;
        break;
    }
  }
  await storeLoaded.catch(() => {});
  const stores = (await rp.collections()) as unknown as Map<string, Map<string, unknown>>;
  const collections: string[] = [];
  for (const [collection, langs] of read) {
    const meta = stores.get(metaCollectionOf(collection));
    if (!meta || !LANGS.every((lang) => langs.has(lang)) || metas.has(collection)) continue;
    metas.set(
      collection,
      new Map([...meta].flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []))),
    );
    collections.push(collection);
  }
  return { answers, collections };
}

/** A collection's part of the store, read through and written to `writes` (held back until every loader ends). */
function heldStore(current: ReadonlyMap<string, StoreEntry>, writes: Map<string, StoreEntry | null>) {
  const read = (id: string) => (writes.has(id) ? (writes.get(id) ?? undefined) : current.get(id));
  const ids = () => [...new Set([...current.keys(), ...writes.keys()])];
  return {
    get: (id: string) => read(id),
    has: (id: string) => read(id) !== undefined,
    keys: () => ids().filter((id) => read(id) !== undefined),
    values: () => ids().map(read).filter(Boolean),
    entries: () => ids().flatMap((id) => (read(id) ? [[id, read(id)]] : [])),
    delete: (id: string) => void writes.set(id, null),
    clear: () => current.forEach((_, id) => writes.set(id, null)),
    set: ({ id, data, digest: d }: { id: string; data: Record<string, unknown>; digest?: string }) => {
      const before = read(id);
      if (d && before?.digest === d) return false;
      writes.set(id, d ? { id, data, digest: d } : { id, data });
      return true;
    },
    addModuleImport: () => {},
  };
}

/** A loader's meta, read through `pending` (kept only once every loader of the re-read succeeded). */
function heldMeta(pending: Map<string, string>) {
  return {
    get: (k: string) => pending.get(k),
    set: (k: string, v: string) => void pending.set(k, v),
    has: (k: string) => pending.has(k),
    delete: (k: string) => void pending.delete(k),
  };
}

/** A logger of the shape Astro hands a loader, its lines kept as notes and warnings. */
function loaderLogger(collection: string, notes: string[], warnings: string[]) {
  const logger = {
    info: (m: string) => notes.push(`${collection}: ${m}`),
    debug: () => {},
    warn: (m: string) => warnings.push(`${collection}: ${m}`),
    error: (m: string) => warnings.push(`${collection}: ${m}`),
    label: collection,
    fork: () => logger,
    options: {},
  };
  return logger;
}

/** The loads of one re-read, each collection's writes held back. */
interface Loaded {
  collection: string;
  writes: Map<string, StoreEntry | null>;
}

/** Runs the site's loader of `collection` against the current store; its writes and meta are held back. */
async function loadOne(
  rp: RenderPath,
  stores: Map<string, Map<string, StoreEntry>>,
  collection: string,
  log: { notes: string[]; warnings: string[]; digest: (data: unknown) => string },
): Promise<Loaded> {
  const definition = rp.definitions()[collection];
  if (!definition) throw new Error(`no collection named ${collection}`);
  const writes = new Map<string, StoreEntry | null>();
  const pendingMeta = new Map(metas.get(collection) ?? new Map<string, string>());
  await definition.loader.load(
    loaderContext({
      collection,
      store: heldStore(stores.get(collection) ?? new Map<string, StoreEntry>(), writes),
      meta: heldMeta(pendingMeta),
      logger: loaderLogger(collection, log.notes, log.warnings),
      generateDigest: log.digest,
    }),
  );
  metas.set(`${collection}:pending`, pendingMeta);
  return { collection, writes };
}

/** Applies the held writes of every loader to the store; returns `collection/id` of each entry changed. */
function applyWrites(stores: Map<string, Map<string, StoreEntry>>, loaded: readonly Loaded[]): string[] {
  const changed: string[] = [];
  for (const { collection, writes } of loaded) {
    let map = stores.get(collection);
    if (!map) {
      map = new Map();
      stores.set(collection, map);
    }
    for (const [id, entry] of writes) {
      if (entry === null) {
        if (map.delete(id)) changed.push(`${collection}/${id}`);
      } else {
        map.set(id, entry);
        changed.push(`${collection}/${id}`);
      }
    }
    metas.set(collection, metas.get(`${collection}:pending`)!);
    metas.delete(`${collection}:pending`);
  }
  return changed;
}

export async function reloadCollections(rp: RenderPath, names: readonly string[]): Promise<ReloadResult> {
  const stores = await rp.collections();
  detailCache.takeRequests([]); // counts from here on are this re-read's
  const log = { notes: [] as string[], warnings: [] as string[], digest: await contentDigest() };
  // Every loader ends before this returns, the failed ones too: a step that stepped aside for an
  // edit leaves no loader reading on while the edit's re-read begins.
  const settled = await Promise.allSettled(names.map((collection) => loadOne(rp, stores, collection, log)));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    for (const collection of names) metas.delete(`${collection}:pending`);
    throw failed.reason;
  }
  // Every loader succeeded: apply.
  const loaded = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const changed = applyWrites(stores, loaded);
  if (changed.length) contentChanged(); // what getStaticPaths memoised is read again
  const requests = detailCache.takeRequests(names);
  return { changed, warnings: log.warnings, notes: log.notes, requests };
}
