/**
 * A paged list read again in a few pages instead of all of them: without it, an article's
 * re-read asks every page of its main list in each language after any edit.
 *
 * The publisher keeps the whole list each re-read read (`HeldList`). When it re-reads because
 * of records it was told of (the dirty keys, each with its webhook action), every other item of
 * the list keeps its place and its fields: between two reads a list changes only where those
 * records were, are now, or left. So the new list is the held one without the dirty records,
 * with each of them where the pages read now show it. `predictList` tells which pages must be
 * read to know that (page 1, which says the total, and the page each dirty record of the held
 * list would sit on if it did not move), and gives the whole list once the pages read agree with
 * it item for item and its length is the API's total. A dirty record on no page read (a record
 * republished, or moved far down its list) is looked for, a few pages a round (`search`).
 * Anything else (a record listed twice, an item that differs, a count that does not add up, an
 * item no held list had) and the caller reads
 * every page, as a build does. A change no webhook announced is then caught by the publisher's
 * scheduled re-read, which reads every page.
 */

import type { HeldList } from '../lib/bridge.ts';

/** A paged list's last whole answer, and the records the re-read is about (the publisher's `DetailCache.pages`). */
export type { HeldList };

const KEYS = ['slug', 'id', 'uuid'] as const;

/** The dirty key an item names by its own slug, id or uuid, if any. */
function dirtyKeyOf(item: unknown, dirty: ReadonlyMap<string, string>): string | undefined {
  if (!item || typeof item !== 'object') return undefined;
  for (const k of KEYS) {
    const v = (item as Record<string, unknown>)[k];
    if ((typeof v === 'string' || typeof v === 'number') && dirty.has(String(v))) return String(v);
  }
  return undefined;
}

/** Where a dirty record of the held list is expected while its page has not been read. */
class Expected {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
}

export type Prediction = { list: unknown[] } | { need: number[] } | null;

/** Pages read at once between two pages known to lie either side of a record looked for (`search`). */
const PROBES = 4;

/** The key an item is known by (its slug, id or uuid), for finding it in the held list. */
function identityOf(item: unknown): string | undefined {
  if (!item || typeof item !== 'object') return undefined;
  for (const k of KEYS) {
    const v = (item as Record<string, unknown>)[k];
    if (typeof v === 'string' || typeof v === 'number') return `${k}:${v}`;
  }
  return undefined;
}

/**
 * The pages to read next to find the dirty records that are in the list now (its total says how
 * many) but on no page read, or null when the pages read cannot be explained so. Every other item keeps its
 * order, so a page read tells how many of the missing records sit before it: its first item that
 * is not dirty stands that many places later than in the held list (less the dirty records seen
 * before it). Between two pages read whose counts differ lie records not seen; pages between them
 * are read, `PROBES` at a time, narrowing the gap like a binary search (three rounds and at most
 * twelve pages for 100 pages) rather than reading every page.
 */
function search(
  held: HeldList,
  total: number,
  fetched: ReadonlyMap<number, readonly unknown[]>,
  placed: ReadonlyArray<readonly [number, unknown]>,
  seen: ReadonlyMap<string, number>,
): { need: number[] } | null {
  const { limit, dirty } = held;
  const candidates = [...dirty].filter(([k, action]) => action !== 'delete' && !seen.has(k)).length;
  const stable = new Map<string, number>();
  for (const item of held.items) {
    if (dirtyKeyOf(item, dirty) !== undefined) continue;
    const id = identityOf(item);
    if (id === undefined) return null;
    stable.set(id, stable.size);
  }
  const unseen = total - stable.size - seen.size;
  if (unseen <= 0 || unseen > candidates) return null;
  const pages = Math.ceil(total / limit);
  // Page → how many of the unseen records stand before it; before page 1 none, after the last all.
  const before: Array<[number, number]> = [[0, 0]];
  for (const page of [...fetched.keys()].sort((a, b) => a - b)) {
    const items = fetched.get(page)!;
    const j = items.findIndex((i) => dirtyKeyOf(i, dirty) === undefined);
    if (j < 0) continue; // every item on it is dirty: it tells nothing
    const was = stable.get(identityOf(items[j]) ?? '');
    if (was === undefined) return null; // an item the held list does not have: not an announced change
    const at = (page - 1) * limit + j;
    const n = at - was - placed.filter(([p]) => p < at).length;
    if (n < before.at(-1)![1] || n > unseen) return null;
    before.push([page, n]);
  }
  before.push([pages + 1, unseen]);
  const need: number[] = [];
  for (let i = 1; i < before.length; i++) {
    const [from, a] = before[i - 1]!;
    const [to, b] = before[i]!;
    if (b === a) continue;
    const gap = to - from - 1; // pages between, none read
    if (gap <= 0) return null; // a record between two pages read, on neither: not where it can be
    // Every page between when they are few (one round), else PROBES pages evenly spread over the gap.
    if (gap <= 2 * PROBES) for (let k = 1; k <= gap; k++) need.push(from + k);
    else for (let k = 1; k <= PROBES; k++) need.push(from + Math.round(((gap + 1) * k) / (PROBES + 1)));
  }
  return { need: [...new Set(need)].sort((a, b) => a - b) };
}

/**
 * The whole list (`list`), the pages still to read (`need`), or null when the pages read do not
 * fit a list in which only the dirty records changed (read every page then).
 * `fetched`: page number (from 1) → its items, as read now; `total`: the API's count now.
 */
export function predictList(
  held: HeldList,
  total: number,
  fetched: ReadonlyMap<number, readonly unknown[]>,
): Prediction {
  const { limit, dirty } = held;
  if (limit <= 0 || !fetched.has(1)) return null;
  // The dirty records the pages read show, at their positions now.
  const seen = new Map<string, number>();
  const placed: Array<[number, unknown]> = [];
  for (const [page, items] of fetched) {
    if (items.length > limit) return null;
    for (const [i, item] of items.entries()) {
      const k = dirtyKeyOf(item, dirty);
      if (k === undefined) continue;
      if (seen.has(k)) return null; // listed twice: not a shape this can follow
      seen.set(k, (page - 1) * limit + i);
      placed.push([(page - 1) * limit + i, item]);
    }
  }
  placed.sort((a, b) => a[0] - b[0]);
  // Dirty records of the held list not seen on a page that would hold them: gone from the list.
  const gone = new Set<string>();
  for (;;) {
    const list: unknown[] = [];
    for (const item of held.items) {
      const k = dirtyKeyOf(item, dirty);
      if (k === undefined) list.push(item);
      else if (!seen.has(k) && !gone.has(k) && dirty.get(k) !== 'delete') list.push(new Expected(k));
    }
    for (const [at, item] of placed) {
      if (at > list.length) return null;
      list.splice(at, 0, item);
    }
    const need = new Set<number>();
    let dropped = false;
    for (const [i, x] of list.entries()) {
      if (!(x instanceof Expected)) continue;
      const page = Math.floor(i / limit) + 1;
      if (fetched.has(page)) {
        // Its page was read and does not show it: it left the list (or moved; the count tells).
        gone.add(x.key);
        dropped = true;
      } else need.add(page);
    }
    if (dropped) continue;
    if (need.size > 0) return { need: [...need].sort((a, b) => a - b) };
    // Dirty records the pages read do not show may still be in the list, on a page not read (a
    // republished record comes back at its date, deep in the list): look for them.
    if (list.length < total) return search(held, total, fetched, placed, seen);
    if (list.length !== total) return null;
    for (const [page, items] of fetched) {
      const from = (page - 1) * limit;
      const expected = list.slice(from, from + limit);
      if (expected.length !== items.length) return null;
      for (const [i, item] of items.entries())
        if (expected[i] !== item && JSON.stringify(expected[i]) !== JSON.stringify(item)) return null;
    }
    return { list };
  }
}
