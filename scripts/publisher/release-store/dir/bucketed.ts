/**
 * The dir store's map of a release's site paths in memory: BUCKETS maps, a path in the one
 * `bucketOf` names. Each bucket is one part of the manifest on disk (./manifests.ts), and a
 * release's map shares with the release before it every bucket its changes leave alone.
 */

/**
 * Buckets, and so parts of a manifest: an edit rewrites only the parts its paths fall in and
 * links the others, two synchronous calls each. The number balances the JSON an edit writes
 * against the parts it links (measured: docs/performance.md, the manifest in parts).
 */
export const BUCKETS = 1024;

/** The bucket of a path: its page's (a twin `x.html.br` goes with `x.html`), by FNV-1a. */
export function bucketOf(p: string): number {
  const end = p.endsWith('.br') || p.endsWith('.gz') ? p.length - 3 : p.length;
  let h = 0x811c9dc5;
  for (let i = 0; i < end; i++) h = Math.imul(h ^ p.charCodeAt(i), 0x01000193);
  return (h >>> 0) % BUCKETS;
}

/**
 * A map of site paths kept as BUCKETS maps: a copy with a few changes copies only the buckets
 * they touch, so neither a release's map nor a pass over what changed costs a copy of every path.
 */
export class Bucketed<V> {
  readonly buckets: readonly ReadonlyMap<string, V>[];
  readonly size: number;
  constructor(buckets: readonly ReadonlyMap<string, V>[]) {
    this.buckets = buckets;
    let size = 0;
    for (const b of buckets) size += b.size;
    this.size = size;
  }

  static from<V>(entries: Iterable<readonly [string, V]>): Bucketed<V> {
    const buckets = Array.from({ length: BUCKETS }, () => new Map<string, V>());
    for (const [p, v] of entries) buckets[bucketOf(p)]!.set(p, v);
    return new Bucketed(buckets);
  }

  get(p: string): V | undefined {
    return this.buckets[bucketOf(p)]!.get(p);
  }

  has(p: string): boolean {
    return this.buckets[bucketOf(p)]!.has(p);
  }

  *keys(): Generator<string> {
    for (const b of this.buckets) yield* b.keys();
  }

  *[Symbol.iterator](): Generator<[string, V]> {
    for (const b of this.buckets) yield* b;
  }

  /** A copy with `changes` made (undefined removes the path), sharing the buckets they leave alone; and the buckets copied. */
  with(changes: Iterable<readonly [string, V | undefined]>): { map: Bucketed<V>; touched: Set<number> } {
    const buckets = [...this.buckets];
    const touched = new Set<number>();
    for (const [p, v] of changes) {
      const b = bucketOf(p);
      if (!touched.has(b)) {
        buckets[b] = new Map(buckets[b]);
        touched.add(b);
      }
      const bucket = buckets[b] as Map<string, V>;
      if (v === undefined) bucket.delete(p);
      else bucket.set(p, v);
    }
    return { map: new Bucketed(buckets), touched };
  }
}
