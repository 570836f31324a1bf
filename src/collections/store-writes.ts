/**
 * One write of Astro's content store per sync instead of one each time the loaders pause
 * (issue 12: the content sync, and the build's memory).
 *
 * Astro's store writes itself to disk whole 500 ms after its last change (SAVE_DEBOUNCE_MS in
 * astro/dist/content/mutable-data-store.js), and once more when the sync ends. While the
 * loaders wait on the API, the store goes quiet, so a sync of 72,000 pages wrote its whole store
 * eight times (0.5 to 102 MB each, each serialised at once: 10 s of a 22 s sync and most of its
 * garbage). Once a loader has changed the store, and while any loader still runs, this keeps
 * the store from going quiet (deleting an id no record has, which restarts Astro's timer and
 * changes nothing), so it is written once, when the sync ends. Before any change it does
 * nothing: a sync that changes nothing must leave the store clean (Astro then writes nothing).
 * A loader that fails releases its hold as well.
 */
import type { LoaderContext } from 'astro/loaders';

type Deletes = Pick<LoaderContext['store'], 'delete'>;

/** Below Astro's 500 ms. */
const EVERY_MS = 400;
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
