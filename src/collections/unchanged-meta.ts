/**
 * No write of the whole content store for a sync that changed nothing (issue 12: the content
 * sync at 72,000 pages; the sibling of ./store-writes.ts).
 *
 * Astro's sync starts by setting three meta values of its own (its version and two config
 * digests, astro/dist/content/content-layer.js) whether or not they changed, and any set marks
 * the store for a write: a sync in which every area answered 304 still serialised and wrote the
 * whole store (102 MB, 2.7 s of an 8 s sync at 72,000 pages). After `quietUnchangedMeta()`, a
 * set of a meta value to the very value it holds changes nothing, as it is; entries (objects)
 * are not concerned. Installed once per process before the sync, by the render-path integration
 * at config setup (so in the build's own process, not in the content config's bundle).
 */
import { MUTABLE_DATA_STORE, patchAstroClass } from './astro-internals.ts';

/** Astro's content store (content/mutable-data-store.js: not exported by the package). */
interface MutableDataStore {
  _collections: Map<string, Map<string, unknown>>;
  set(collectionName: string, key: string, value: unknown): void;
}

export function quietUnchangedMeta(): void {
  patchAstroClass<MutableDataStore>(MUTABLE_DATA_STORE, 'portal.unchanged-meta', (proto) => {
    const set = proto.set;
    proto.set = function (collectionName, key, value) {
      const meta = collectionName.startsWith('meta:') ? this._collections.get(collectionName) : undefined;
      const same =
        meta?.has(String(key)) && meta.get(String(key)) === value && (value === null || typeof value !== 'object');
      if (!same) set.call(this, collectionName, key, value);
    };
  });
}
