/**
 * Re-reads areas from the API into the render path's content store.
 *
 * The webhook only names records; the data comes from the API. For each collection an event
 * touches, the site's own loader (src/collections/api-collection.ts, the one `astro build` runs)
 * loads the area again, with its schema checks, skip rules and retries. Its writes are held
 * back until every collection of the publish loaded; then they replace the entries in place.
 * A loader that throws (API unreachable, 5xx after retries) changes nothing.
 */
import xxhash from 'xxhash-wasm';
import type { RenderPath, StoreEntry } from './render-path.ts';

/** Which collections show records of each webhook `type` (anything else reloads every collection). */
export const COLLECTIONS_OF_TYPE: Record<string, readonly string[]> = {
  article: ['articles', 'home', 'news'],
  activity: ['activities', 'home', 'news', 'events'],
  law: ['laws', 'lawTaxonomy'],
  faq: ['faq'],
  procurement: ['purchases', 'home'],
  manual: ['manuals', 'collapseHighlights', 'home'],
  survey: ['surveys', 'surveyForms'],
  menu: ['menu', 'newMenu', 'quickMenu', 'footer', 'articles'],
  popup: ['home'],
};

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
}

let digestFn: ((data: unknown) => string) | undefined;
/** Astro's generateDigest: xxhash64 of the JSON (content-layer.js), so digests match the build's. */
async function generateDigest(): Promise<(data: unknown) => string> {
  if (!digestFn) {
    const { h64ToString } = await xxhash();
    digestFn = (data) => h64ToString(typeof data === 'string' ? data : JSON.stringify(data));
  }
  return digestFn;
}

/** Loader meta (sync digests) per collection, kept for the life of the publisher. */
const metas = new Map<string, Map<string, string>>();

export async function reloadCollections(rp: RenderPath, names: readonly string[]): Promise<ReloadResult> {
  const stores = await rp.collections();
  const definitions = rp.definitions();
  const digest = await generateDigest();
  const warnings: string[] = [];
  const pending: Array<{ collection: string; writes: Map<string, StoreEntry | null> }> = [];

  await Promise.all(
    names.map(async (collection) => {
      const definition = definitions[collection];
      if (!definition) throw new Error(`no collection named ${collection}`);
      const current = stores.get(collection) ?? new Map<string, StoreEntry>();
      const writes = new Map<string, StoreEntry | null>();
      const read = (id: string) => (writes.has(id) ? writes.get(id) ?? undefined : current.get(id));
      const store = {
        get: (id: string) => read(id),
        has: (id: string) => read(id) !== undefined,
        keys: () => [...new Set([...current.keys(), ...writes.keys()])].filter((id) => read(id) !== undefined),
        values: () => [...new Set([...current.keys(), ...writes.keys()])].map(read).filter(Boolean),
        entries: () => [...new Set([...current.keys(), ...writes.keys()])].flatMap((id) => (read(id) ? [[id, read(id)]] : [])),
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
      const meta = metas.get(collection) ?? new Map<string, string>();
      const pendingMeta = new Map(meta);
      const logger = {
        info: () => {},
        debug: () => {},
        warn: (m: string) => warnings.push(`${collection}: ${m}`),
        error: (m: string) => warnings.push(`${collection}: ${m}`),
        label: collection,
        fork: () => logger,
        options: {},
      };
      await definition.loader.load({
        collection,
        store,
        meta: {
          get: (k: string) => pendingMeta.get(k),
          set: (k: string, v: string) => void pendingMeta.set(k, v),
          has: (k: string) => pendingMeta.has(k),
          delete: (k: string) => void pendingMeta.delete(k),
        },
        logger,
        generateDigest: digest,
        parseData: async ({ data }: { data: unknown }) => data,
        config: {},
        renderMarkdown: async () => ({ html: '' }),
      });
      pending.push({ collection, writes });
      metas.set(`${collection}:pending`, pendingMeta);
    }),
  );

  // Every loader succeeded: apply.
  const changed: string[] = [];
  for (const { collection, writes } of pending) {
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
  return { changed, warnings };
}
