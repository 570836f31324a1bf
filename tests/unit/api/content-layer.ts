// What Astro's content layer hands a loader for one collection, kept between syncs as
// node_modules/.astro keeps it: the store, the meta, the logger. For tests that run a loader
// outside a build (./conditional-loader.test.ts, ./paged-reread.test.ts).
import type { Loader } from 'astro/loaders';

type Entry = { id: string; data: Record<string, unknown>; digest?: string };

export function contentLayer(loader: Pick<Loader, 'load'>, collection: string) {
  const entries = new Map<string, Entry>();
  const meta = new Map<string, string>();
  const info: string[] = [];
  let writes = 0;
  let metaWrites = 0;
  const context = {
    collection,
    store: {
      get: (id: string) => entries.get(id),
      has: (id: string) => entries.has(id),
      keys: () => [...entries.keys()],
      delete: (id: string) => void entries.delete(id),
      set: (entry: Entry) => {
        writes++;
        entries.set(entry.id, entry);
        return true;
      },
    },
    meta: {
      get: (k: string) => meta.get(k),
      set: (k: string, v: string) => {
        metaWrites++;
        meta.set(k, v);
      },
      has: (k: string) => meta.has(k),
      delete: (k: string) => void meta.delete(k),
    },
    logger: { info: (m: string) => info.push(m), warn: () => {}, error: () => {}, debug: () => {} },
    generateDigest: (data: unknown) => JSON.stringify(data),
  };
  return {
    entries,
    info,
    writes: () => writes,
    metaWrites: () => metaWrites,
    sync: () => loader.load(context as unknown as Parameters<Loader['load']>[0]),
    /** Every stored record's data by id. */
    snapshot: () => Object.fromEntries([...entries].map(([id, e]) => [id, e.data])),
  };
}
