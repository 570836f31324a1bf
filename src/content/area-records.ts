/**
 * Building blocks shared by the content collections of the listing areas (books, media,
 * contact, purchase, procure, manuals, services, online and home services).
 *
 * Each of those areas is ONE collection whose records carry a `kind`: the area's items
 * (one record per detail page) plus a few small records (the order of the list, the
 * groups, a template). The whole area is then fetched once per build and language by one
 * loader, and every page names exactly the records it shows in its cacheKey.
 *
 * Stored shapes are the portal's own types (camelCase, after src/api's mapping); the
 * schemas below describe them again only so a stored record is checked and typed.
 */
import { z } from 'zod';
import { getCollection } from 'astro:content';
import type { Paged } from '../api/boundary';
import type { AreaContext, DigestSource } from './api-collection';
import type { Lang } from '../i18n/config';

// ---- stored shapes shared by several areas ----

export const imageShape = z.object({
  url: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
});

export const attachmentShape = z.object({
  name: z.string().min(1),
  url: z.string().min(1),
  mime: z.string().min(1),
  sizeBytes: z.number().int().nonnegative(),
});

export const refShape = z.object({ id: z.string().min(1), title: z.string().min(1) });

export const categoryShape = z.object({
  id: z.string().min(1),
  slug: z.string().min(1),
  title: z.string().min(1),
  count: z.number().int().nonnegative(),
});

/** The order of a list as the API gives it (newest first): keys of the item records. */
export const orderShape = z.object({ kind: z.literal('order'), keys: z.array(z.string()) });

// ---- fetching ----

/** The page size used to walk a paged endpoint: the API's maximum, so a large area needs few calls. */
export const WALK_PAGE_SIZE = 100;

/**
 * Every item of a paged list endpoint: page 1 first (it tells the total), then the
 * remaining pages at bounded concurrency through the area context.
 */
export async function fetchAllPages<T>(
  ctx: AreaContext,
  endpoint: string,
  load: (page: number, limit: number) => Promise<Paged<T>>,
): Promise<T[]> {
  const first = await ctx.call(`${endpoint}?page=1`, () => load(1, WALK_PAGE_SIZE));
  const limit = first.limit > 0 ? first.limit : WALK_PAGE_SIZE;
  const pageCount = Math.ceil(first.total / limit);
  const rest = Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => i + 2);
  const pages = await ctx.all(rest, (p) => `${endpoint}?page=${p}`, (p) => load(p, limit));
  const items = [...first.items, ...pages.flatMap((p) => p.items)];
  return items;
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
): Promise<Map<string, AreaEntry<D>>> {
  // The collection name is checked by the caller's typed wrapper; astro:content takes any here.
  const entries = (await getCollection(collection as never)) as unknown as Array<AreaEntry<D>>;
  const prefix = `${lang}/`;
  const byKey = new Map<string, AreaEntry<D>>();
  for (const entry of entries) if (entry.id.startsWith(prefix)) byKey.set(entry.id.slice(prefix.length), entry);
  return byKey;
}

/** The entries of `keys` that exist, in that order (a key the store lacks was skipped by the loader). */
export function pick<D>(byKey: Map<string, AreaEntry<D>>, keys: readonly string[]): AreaEntry<D>[] {
  return keys.flatMap((k) => {
    const e = byKey.get(k);
    return e ? [e] : [];
  });
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
  byKey: Map<string, AreaEntry<D>>,
  key: string,
  kind: K,
): AreaEntry<OfKind<D, K>> | undefined {
  const entry = byKey.get(key);
  return entry && entry.data.kind === kind ? (entry as AreaEntry<OfKind<D, K>>) : undefined;
}

/** The keys of an `order` record ([] when the area has none). */
export function orderKeys<D extends { kind: string }>(byKey: Map<string, AreaEntry<D>>, key = 'order'): string[] {
  const entry = byKey.get(key);
  const data = entry?.data as { kind: string; keys?: string[] } | undefined;
  return data?.kind === 'order' && data.keys ? data.keys : [];
}
