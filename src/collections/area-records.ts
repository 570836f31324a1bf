/**
 * Building blocks shared by the content collections of the listing areas (articles,
 * activities, books, media, contact, purchase, procure, manuals, services, online and home services).
 *
 * Each of those areas is ONE collection whose records carry a `kind`: the area's items
 * (one record per detail page) plus a few small records (the order of the list, the
 * groups, a template). The whole area is then fetched once per build and language by one
 * loader (./area-collection.ts), and every page names exactly the records it shows in its cacheKey.
 *
 * Stored records are the areas' API mappings' outputs (camelCase, after the boundary):
 * their types come from src/areas/<area>/api.ts, never described again here.
 */
import { getCollection } from 'astro:content';
import type { Paged } from '../api/boundary';
import { contentVersion, noteReads, type AreaContext, type DigestSource } from './api-collection';
import { fetchAllPages } from './all-pages';
import type { Lang } from '../i18n/config';

/** The record key of a group in the grouped areas (manual groups, procure groups). */
export const groupKey = (id: string) => `group:${id}`;

/** The record that keeps a list's order (`order`, or another key such as `rss`). */
export function orderRecord(keys: string[], key = 'order') {
  return { key, data: { kind: 'order' as const, keys } };
}

// ---- fetching ----

/** Every item of a paged list endpoint (all-pages.ts), re-exported for the areas that import it here. */
export { fetchAllPages };

/**
 * Every item of each group's paged list, one array per group in the order of `groups`:
 * the shape of the manual and procure areas (groups first, then each group's list).
 */
export function fetchGroupLists<G, T>(
  ctx: AreaContext,
  groups: readonly G[],
  endpoint: (group: G) => string,
  load: (group: G, page: number, limit: number) => Promise<Paged<T>>,
): Promise<T[][]> {
  return Promise.all(groups.map((g) => fetchAllPages(ctx, endpoint(g), (page, limit) => load(g, page, limit))));
}

/** Items listed in several places, once each: the first place keeps its position, the last copy its data. */
export function uniqueBy<T>(items: Iterable<T>, key: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) byKey.set(key(item), item);
  return [...byKey.values()];
}

// ---- reading ----

/** A stored entry: enough to read its data and name it in a cacheKey. */
export interface AreaEntry<D> extends DigestSource {
  data: D;
}

/**
 * The records of one area in one language, split by kind. `key` is the record key without
 * the language prefix (`th/book:abc` → `book:abc`).
 */
export async function readArea<D extends { kind: string }>(
  collection: string,
  lang: Lang,
): Promise<ReadonlyMap<string, AreaEntry<D>>> {
  const version = contentVersion();
  // The collection name is checked by the caller's typed wrapper; astro:content takes any here.
  const readAll = () => getCollection(collection as never) as unknown as Promise<Array<AreaEntry<unknown>>>;
  if (version === undefined) return byLanguage(await readAll(), lang) as ReadonlyMap<string, AreaEntry<D>>;
  const memo = areas.get(`${collection}/${lang}`);
  if (memo && memo.version === version) {
    noteReads([collection]);
    return memo.byKey as ReadonlyMap<string, AreaEntry<D>>;
  }
  // Both languages from one getCollection (it gives the entries of both).
  let entries = collections.get(collection);
  if (entries && entries.version === version) noteReads([collection]);
  else {
    const read = { version, entries: readAll() };
    collections.set(collection, (entries = read));
    // A failed read is not kept: the next one tries again.
    read.entries.catch(() => collections.get(collection) === read && collections.delete(collection));
  }
  const byKey = byLanguage(await entries.entries, lang);
  areas.set(`${collection}/${lang}`, { version, byKey });
  return byKey as ReadonlyMap<string, AreaEntry<D>>;
}

function byLanguage(entries: ReadonlyArray<AreaEntry<unknown>>, lang: Lang): ReadonlyMap<string, AreaEntry<unknown>> {
  const prefix = `${lang}/`;
  const byKey = new Map<string, AreaEntry<unknown>>();
  for (const entry of entries) if (entry.id.startsWith(prefix)) byKey.set(entry.id.slice(prefix.length), entry);
  return byKey;
}

/**
 * In the long-lived publisher: each area's records by language, as read at a content version
 * (src/collections/api-collection.ts `contentVersion`). Every route's getStaticPaths and every
 * page read an area through `readArea`; without it each read built every entry of the area anew
 * (Astro's getCollection), many times a publish. The map is read, never changed.
 */
const areas = new Map<string, { version: number; byKey: ReadonlyMap<string, AreaEntry<unknown>> }>();
/** The entries of both languages getCollection gave at a content version, by collection. */
const collections = new Map<string, { version: number; entries: Promise<Array<AreaEntry<unknown>>> }>();

/** The entries of `keys` that exist, in that order (a key the store lacks was skipped by the loader). */
export function pick<D>(byKey: ReadonlyMap<string, AreaEntry<D>>, keys: readonly string[]): AreaEntry<D>[] {
  // A loop, not flatMap: it runs over an area's every key (thousands of articles) at each
  // getStaticPaths of the publisher, and flatMap makes an array per key.
  const picked: AreaEntry<D>[] = [];
  for (const k of keys) {
    const e = byKey.get(k);
    if (e) picked.push(e);
  }
  return picked;
}

/**
 * A stand-in for what a list page shows besides its entries: its page number and the
 * number of pages (the pagination links). Not the item count, so a deletion re-renders
 * only the pages whose items or page count change.
 */
export function pageSource(page: number, totalPages: number): DigestSource {
  return { id: `page:${page}/${totalPages}` };
}

type OfKind<D, K> = Extract<D, { kind: K }>;

/** The entries among `entries` of one kind, typed as that kind. */
export function ofKind<D extends { kind: string }, K extends D['kind']>(
  entries: readonly AreaEntry<D>[],
  kind: K,
): AreaEntry<OfKind<D, K>>[] {
  return entries.filter((e): e is AreaEntry<OfKind<D, K>> => e.data.kind === kind);
}

/** The record under `key` when it is of `kind`. */
export function recordOf<D extends { kind: string }, K extends D['kind']>(
  byKey: ReadonlyMap<string, AreaEntry<D>>,
  key: string,
  kind: K,
): AreaEntry<OfKind<D, K>> | undefined {
  const entry = byKey.get(key);
  return entry && entry.data.kind === kind ? (entry as AreaEntry<OfKind<D, K>>) : undefined;
}

/** The keys of an `order` record ([] when the area has none). */
export function orderKeys<D extends { kind: string }>(
  byKey: ReadonlyMap<string, AreaEntry<D>>,
  key = 'order',
): string[] {
  const entry = byKey.get(key);
  const data = entry?.data as { kind: string; keys?: string[] } | undefined;
  return data?.kind === 'order' && data.keys ? data.keys : [];
}
