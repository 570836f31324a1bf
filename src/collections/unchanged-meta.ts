/**
 * No write of the whole content store for a sync that changed nothing (the sibling of
 * ./store-writes.ts).
 *
 * Astro's sync starts by setting three meta values of its own (its version and two config
 * digests, content/content-layer.js in Astro's package) whether or not they changed, and any set
 * marks the store for a write: a sync in which every area answered 304 still serialised and wrote
 * the whole store (docs/performance.md). After `quietUnchangedMeta()`, a
 * set of a meta value to the very value it holds changes nothing, as it is; entries (objects)
 * are not concerned. Installed once per process before the sync, by the render-path integration
 * at config setup (so in the build's own process, not in the content config's bundle).
 */
import {
  metaCollectionOf,
  MUTABLE_DATA_STORE,
  patchAstroClass,
  type MutableDataStoreShape,
} from './astro-internals.ts';
import { PATCH_MARKS } from '../lib/bridge.ts';

export function quietUnchangedMeta(): void {
  patchAstroClass<MutableDataStoreShape>(MUTABLE_DATA_STORE, PATCH_MARKS.unchangedMeta, (proto) => {
    const set = proto.set;
    proto.set = function (collectionName, key, value) {
      const meta = collectionName.startsWith(metaCollectionOf('')) ? this._collections.get(collectionName) : undefined;
      const same =
        meta?.has(String(key)) && meta.get(String(key)) === value && (value === null || typeof value !== 'object');
      if (!same) set.call(this, collectionName, key, value);
    };
  });
}
