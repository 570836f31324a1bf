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

/** Astro's content store class (not exported by the package: reached by its file). */
interface StoreClass {
  prototype: {
    _collections: Map<string, Map<string, unknown>>;
    set(collectionName: string, key: string, value: unknown): void;
  };
}
const QUIET = Symbol.for('portal.store-writes.quiet-meta');

/**
 * No write of the whole store for a sync that changed nothing.
 *
 * Astro's sync starts by setting three meta values of its own (its version and two config
 * digests, content-layer.js) whether or not they changed, and any set marks the store for a
 * write: a sync in which every area answered 304 still serialised and wrote the whole store
 * (102 MB, 2.7 s of an 8 s sync at 72,000 pages). This makes a set of a meta value to the
 * very value it holds change nothing, as it is. Installed once per process, before the sync
 * (the render-path integration, at config setup); entries (objects) are not concerned.
 */
export async function quietUnchangedMeta(storeClass?: StoreClass): Promise<void> {
  const { MutableDataStore } = storeClass
    ? { MutableDataStore: storeClass }
    : ((await import(new URL('./content/mutable-data-store.js', import.meta.resolve('astro')).href)) as {
        MutableDataStore: StoreClass;
      });
  const proto = MutableDataStore.prototype as StoreClass['prototype'] & { [QUIET]?: true };
  if (proto[QUIET]) return;
  const set = proto.set;
  proto.set = function (collectionName, key, value) {
    const meta = collectionName.startsWith('meta:') ? this._collections.get(collectionName) : undefined;
    const same =
      meta?.has(String(key)) && meta.get(String(key)) === value && (value === null || typeof value !== 'object');
    if (!same) set.call(this, collectionName, key, value);
  };
  proto[QUIET] = true;
}
