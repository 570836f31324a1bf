/**
 * One write of Astro's content store per sync instead of one each time the loaders pause.
 *
 * Astro's store writes itself to disk whole a moment after its last change
 * (`STORE_SAVE_DEBOUNCE_MS`, src/collections/astro-internals.ts), and once more when the sync
 * ends. While the loaders wait on the API, the store goes quiet, so a large sync wrote its whole
 * store several times over, each serialised at once (docs/performance.md). Once a loader has
 * changed the store, and while any loader still runs, this keeps the store from going quiet
 * (deleting an id no record has, which restarts Astro's timer and changes nothing), so it is
 * written once, when the sync ends. Before any change it does nothing: a sync that changes
 * nothing must leave the store clean (Astro then writes nothing). A loader that fails releases
 * its hold as well.
 */
import type { LoaderContext } from 'astro/loaders';
import { STORE_SAVE_DEBOUNCE_MS } from './astro-internals.ts';

type Deletes = Pick<LoaderContext['store'], 'delete'>;

/** Often enough that Astro's debounce never runs out while a loader runs. */
const EVERY_MS = STORE_SAVE_DEBOUNCE_MS * 0.8;
/** An id no record or meta value has: record ids are `<lang>/<key>`, meta keys `count:<lang>` and the like. */
const NO_RECORD = '\0store-writes';

/** Loaders running now. */
let running = 0;
/**
 * The parts of the store loaders changed in this sync, finished or not: only a collection that
 * exists restarts Astro's timer, and a fresh store has none until its loader sets records.
 */
const changedStores = new Set<Deletes>();
let timer: ReturnType<typeof setInterval> | undefined;

function touch(): void {
  for (const store of changedStores) store.delete(NO_RECORD);
}

export interface StoreWritesHold {
  /** This loader changes the store, records or meta: it will be written, so hold the write until the sync ends. */
  changed(): void;
  /** This loader has ended. */
  release(): void;
}

/**
 * Holds the store's writes while a loader runs (see above). `parts`: the loader's parts of the
 * store, its records and its meta (a change to either makes Astro write the whole store).
 */
export function holdStoreWrites(...parts: Deletes[]): StoreWritesHold {
  running++;
  timer ??= setInterval(touch, EVERY_MS);
  timer.unref();
  let released = false;
  return {
    changed: () => parts.forEach((part) => changedStores.add(part)),
    release: () => {
      if (released) return;
      released = true;
      if (--running > 0 || !timer) return;
      clearInterval(timer);
      timer = undefined;
      changedStores.clear();
    },
  };
}
