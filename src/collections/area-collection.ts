/**
 * The two loader shapes of the listing areas, written once; each area's `collection.ts`
 * configures one of them in a few lines (docs/architecture.md, "Add an area").
 *
 * - `listArea`: one list in the API's order (every page of a paged list, or one call), the
 *   detail of each listed item when the list lacks its body, and a few small records of
 *   the area's own (a template, the category dropdown…). E-magazines, multimedia,
 *   procurement notices, home services, contact offices.
 * - `groupedArea`: groups in the API's order, each with the keys of its items, an optional
 *   "hot" list, and the detail of every item once, however many groups list it. Services,
 *   online services, manuals, procure documents.
 *
 * Records are the area's API mappings' outputs (src/areas/<area>/api.ts) under a `kind`:
 * their type is `Stored<'book', Book>`, never written again here, and every field was
 * checked by the endpoint's zod schema at the boundary. Keys are `${kind}:${key}` for items,
 * `group:${key}` for groups, and `order` / `hot` for the lists of keys.
 */
import { z } from 'zod';
import { apiCollection, type AreaContext } from './api-collection';
import { groupKey, orderRecord, ofKind, orderKeys, pick, readArea, uniqueBy, type AreaEntry } from './area-records';
import type { Lang } from '../i18n/config';

/** A stored record: an API mapping's output `T` under the record kind `K` (which replaces any `kind` of T's own). */
export type Stored<K extends string, T> = Omit<T, 'kind'> & { kind: K };

/** The record that keeps a list's keys in order (`order`, `hot`, `rss`). */
export type OrderRecord = Stored<'order', { keys: string[] }>;

/** A record as the loader stores it: its key in the language and its data. */
interface KeyedRecord<R> {
  key: string;
  data: R;
}

/**
 * The content-layer schema of an area's records. The boundary has checked every field, so
 * this only makes sure a record has a kind (in the module areas a `type`; `null`: any object),
 * and carries the records' type.
 */
export const storedRecords = <R extends object>(tag: 'kind' | 'type' | null = 'kind') =>
  z.custom<R>(
    (v) =>
      typeof v === 'object' && v !== null && (tag === null || typeof (v as Record<string, unknown>)[tag] === 'string'),
    tag ? `has no record ${tag}` : 'is not a record',
  );

/** What is kept of one item: the detail, or what `store` makes of it (renaming a `kind` of its own). */
interface ItemOptions<K extends string, D, S> {
  /** The item records' kind ('book', 'purchase'), also the prefix of their keys. */
  kind: K;
  store?: (detail: D) => S;
}

const itemRecord = <K extends string, S>(kind: K, key: string, data: S): KeyedRecord<Stored<K, S>> => ({
  key: `${kind}:${key}`,
  data: { ...data, kind } as Stored<K, S>,
});

/** An area's other records, by name: each loads the data of the record of that key and kind. */
type Extras = Record<string, object>;
type ExtraRecords<X extends Extras> = { [N in keyof X & string]: Stored<N, X[N]> }[keyof X & string];

export interface ListAreaOptions<K extends string, L, D, S, X extends Extras> extends ItemOptions<K, D, S> {
  /** The list's endpoint, for messages. */
  endpoint: string;
  /** The whole list in the API's order (`fetchAllPages` for a paged one). */
  list: (ctx: AreaContext) => Promise<readonly L[]>;
  /** An item's key (slug, id, uuid): its record is `${kind}:${key}`. */
  key: (item: L) => string;
  /** Each listed item's detail; without it the list items are the records. */
  detail?: { endpoint: (item: L) => string; load: (item: L, lang: Lang) => Promise<D> };
  /** The area's other records, read beside the list: `{ template: (ctx) => … }` stores the record `template`. */
  extras?: { [N in keyof X]: (ctx: AreaContext) => Promise<X[N]> };
}

/** An area of one list with a detail page per item (see the top of this file). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no extras: no extra record types
export function listArea<K extends string, L, D = L, S = D, X extends Extras = {}>(
  options: ListAreaOptions<K, L, D, S, X>,
) {
  const { kind, key, detail } = options;
  const store = options.store ?? ((d: D) => d as unknown as S);
  return apiCollection({
    endpoint: options.endpoint,
    schema: storedRecords<Stored<K, S> | OrderRecord | ExtraRecords<X>>(),
    fetch: async (ctx) => {
      const [list, extras] = await Promise.all([
        options.list(ctx),
        Promise.all(
          Object.entries<(ctx: AreaContext) => Promise<object>>(options.extras ?? {}).map(async ([name, load]) => ({
            key: name,
            data: { ...(await load(ctx)), kind: name } as ExtraRecords<X>,
          })),
        ),
      ]);
      const items = detail
        ? await ctx.all(list, detail.endpoint, async (item) => ({ item, data: await detail.load(item, ctx.lang) }))
        : list.map((item) => ({ item, data: item as unknown as D }));
      return [
        orderRecord(list.map((item) => `${kind}:${key(item)}`)),
        ...extras,
        ...items.map(({ item, data }) => itemRecord(kind, key(item), store(data))),
      ];
    },
  });
}

export interface GroupedAreaOptions<K extends string, G, I, D, S, GD extends object> extends ItemOptions<K, D, S> {
  /** The groups' endpoint, for messages. */
  endpoint: string;
  /** Every group in the API's order with its items in list order. */
  groups: (ctx: AreaContext) => Promise<ReadonlyArray<{ group: G; items: readonly I[] }>>;
  /** A group's key: its record is `group:${key}`. */
  groupKey: (group: G) => string;
  /** What a group record keeps; `keys` are its items' record keys, `keyOf` makes one. */
  group: (group: G, keys: string[], keyOf: (item: I) => string) => GD;
  /** An item's key (slug, id, uuid): its record is `${kind}:${key}`. */
  key: (item: I) => string;
  /** The highlighted items, stored as the `hot` record (the items' details are read too). */
  hot?: (ctx: AreaContext) => Promise<readonly I[]>;
  /** Each item's detail, read once per item; without it the listed items are the records. */
  detail?: { endpoint: (key: string) => string; load: (key: string, lang: Lang) => Promise<D> };
}

/** An area of groups of items (see the top of this file). */
export function groupedArea<K extends string, G, I, D = I, S = D, GD extends object = object>(
  options: GroupedAreaOptions<K, G, I, D, S, GD>,
) {
  const { kind, key, detail } = options;
  const store = options.store ?? ((d: D) => d as unknown as S);
  const keyOf = (item: I) => `${kind}:${key(item)}`;
  return apiCollection({
    endpoint: options.endpoint,
    schema: storedRecords<Stored<K, S> | Stored<'group', GD> | OrderRecord>(),
    fetch: async (ctx) => {
      const [groups, hot] = await Promise.all([options.groups(ctx), options.hot?.(ctx)]);
      // An item listed in several groups (or also hot) has one record: the last copy's data.
      const listed = uniqueBy([...groups.flatMap((g) => g.items), ...(hot ?? [])], key);
      const items = detail
        ? await ctx.all(listed.map(key), detail.endpoint, async (k) => ({
            key: k,
            data: await detail.load(k, ctx.lang),
          }))
        : listed.map((item) => ({ key: key(item), data: item as unknown as D }));
      return [
        orderRecord(groups.map((g) => groupKey(options.groupKey(g.group)))),
        ...(hot ? [orderRecord(hot.map(keyOf), 'hot')] : []),
        ...groups.map(({ group, items: list }) => ({
          key: groupKey(options.groupKey(group)),
          data: { ...options.group(group, list.map(keyOf), keyOf), kind: 'group' as const },
        })),
        ...items.map((item) => itemRecord(kind, item.key, store(item.data))),
      ];
    },
  });
}

/** The records of a grouped area in one language: its groups in order, their items, the hot list. */
export async function readGroupedArea<R extends { kind: string }, K extends R['kind']>(
  collection: string,
  lang: Lang,
  kind: K,
) {
  const byKey = await readArea<R>(collection, lang);
  const itemsOf = (keys: readonly string[]) => ofKind(pick(byKey, keys), kind);
  const hot = byKey.get('hot');
  return {
    byKey,
    groups: ofKind(pick(byKey, orderKeys(byKey)), 'group' as R['kind']) as AreaEntry<Extract<R, { kind: 'group' }>>[],
    itemsOf,
    /** Every item, listed or hot. */
    all: ofKind([...byKey.values()], kind),
    hot: hot ? { entry: hot, items: itemsOf(orderKeys(byKey, 'hot')) } : undefined,
  };
}

/** The items of a list area in one language, in the list's order, and every record by key. */
export async function readListArea<R extends { kind: string }, K extends R['kind']>(
  collection: string,
  lang: Lang,
  kind: K,
) {
  const byKey = await readArea<R>(collection, lang);
  return { byKey, items: ofKind(pick(byKey, orderKeys(byKey)), kind) };
}
