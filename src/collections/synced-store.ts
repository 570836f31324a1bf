/**
 * The content the build's sync just loaded, handed to the build's own renderer (the build's
 * memory).
 *
 * `astro build` syncs every collection into a store that stays in memory for the whole build,
 * then renders from a second copy: the prerender bundle parses the store's JSON file back, at
 * the build's highest point of memory. Each collection's loader
 * (./api-collection.ts) records its part of the store here; once the sync is over, the build's
 * bundler plugin (src/integrations/render-path/data-store-file.ts) seals the record, and the
 * bundle's store module, evaluated in the same process, builds its collections from the same
 * entries instead of reading the file. Anything else reads the file: the publisher (its own
 * process, where nothing seals the record), an
 * `astro build` whose sync loaded nothing.
 *
 * It is complete because every collection of src/content.config.ts is made by apiCollection
 * (a unit test checks this).
 */
import type { LoaderContext } from 'astro/loaders';
import { SYNCED_STORE, type SyncedStore } from '../lib/bridge.ts';

type Entries = Pick<LoaderContext['store'], 'entries'>;

/** The record, in the bridge's `SYNCED_STORE` slot: the generated store module reads it there. */
function synced(): SyncedStore {
  let store = SYNCED_STORE.get();
  if (!store) SYNCED_STORE.set((store = { sealed: false, collections: new Map() }));
  return store;
}

/** A loader's part of the store (its LoaderContext `store`), as the sync leaves it. */
export function recordSyncedCollection(collection: string, store: Entries): void {
  synced().collections.set(collection, store);
}

/** The sync is over: the bundle of this build may use what was recorded. */
export function sealSyncedStore(): void {
  synced().sealed = true;
}
