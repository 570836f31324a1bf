/**
 * The bridge between the site and the publisher: every global slot either side reads or writes,
 * with its name, its type, who writes it and who reads it.
 *
 * The site's code runs twice over: in `astro build`, and inside the long-lived publisher as the
 * prerender bundle the build kept (scripts/publisher/render-path.ts). The bundle has its own copy
 * of every module, so the two sides meet on `globalThis` only, under `Symbol.for` keys: a key
 * names the same slot in every copy of every module of the process. This module is the one place
 * such a key is spelled (`eslint.config.js` refuses a `portal.` key anywhere else); both sides
 * reach a slot through its accessor here, so a change to a slot's type is a type error on both.
 *
 * Runs in plain Node (the publisher imports it without Vite): erasable TypeScript only, no import.
 */

type Holder = Record<symbol, unknown>;

/** One slot on `globalThis`. */
export interface GlobalSlot<T> {
  /** Its `Symbol.for` key. */
  readonly key: string;
  /** Who puts a value there. */
  readonly writtenBy: string;
  /** Who takes it. */
  readonly readBy: string;
  get(): T | undefined;
  set(value: T): void;
  clear(): void;
  /** The slot as a JavaScript expression, for code generated into the bundle (`globalThis[…]`). */
  readonly code: string;
}

function slot<T>(key: string, writtenBy: string, readBy: string): GlobalSlot<T> {
  const symbol = Symbol.for(key);
  return {
    key,
    writtenBy,
    readBy,
    get: () => (globalThis as Holder)[symbol] as T | undefined,
    set: (value) => {
      (globalThis as Holder)[symbol] = value;
    },
    clear: () => {
      delete (globalThis as Holder)[symbol];
    },
    code: `globalThis[Symbol.for(${JSON.stringify(key)})]`,
  };
}

// ---- The types the slots carry ----

/** A paged list's last whole answer, and the records the re-read is about (src/collections/page-prediction.ts). */
export interface HeldList {
  items: readonly unknown[];
  /** The page size the API echoed when it was read. */
  limit: number;
  /** Dirty record keys (a slug, id or uuid) → their event's action (`create`, `update`, `delete`). */
  dirty: ReadonlyMap<string, string>;
}

/**
 * What the loaders (src/collections/api-collection.ts) ask of a cache of API answers: the
 * publisher's (scripts/publisher/content-store.ts `DetailCache`), or the recorder of a render-path
 * build (src/integrations/render-path/detail-answers.ts). `lang` is a language code (`th`, `en`).
 */
export interface DetailCache {
  /** A reused answer, or one the publisher patches once the record it names is read (`pending`: undefined = fetch it). */
  get(lang: string, endpoint: string): { value: unknown } | { pending: Promise<unknown> } | undefined;
  set(lang: string, endpoint: string, value: unknown): void;
  /**
   * One call's fetches in this language are done: the answers it got `pending` for that are still
   * waiting are fetched instead. Only those: other loaders read the same language at the same
   * time, and the record their answers wait for may still come in theirs.
   */
  settle?(lang: string, pending: readonly Promise<unknown>[]): void;
  /** The requests one language of `collection` sent (304s included): the publisher's count, as a value. */
  requests?(collection: string, count: number): void;
  /**
   * True while the publisher re-reads every area reusing nothing (its catch-up after a start, a
   * scheduled re-read), or edited records of a type it holds no detail answer of yet: the lists
   * then embed their details, as in a build.
   */
  embeds?(): boolean;
  /** The answer of `endpoint` came embedded in its list (no request of its own). */
  embedded?(endpoint: string): void;
  /**
   * A list's last answer when no record of this re-read can have changed it (`kept`), else
   * undefined. `collection`: the collection whose loader reads it (its area's manifest says which
   * records' types may change it; a record of another type in the same re-read does not count).
   */
  list?(
    lang: string,
    endpoint: string,
    landsIn: (key: string) => boolean,
    collection: string,
  ): { value: unknown[] } | undefined;
  setList?(lang: string, endpoint: string, items: readonly unknown[]): void;
  /** A paged list's last whole answer and this re-read's dirty records, when its pages may be predicted (`collection` as for `list`). */
  pages?(lang: string, endpoint: string, collection: string): HeldList | undefined;
  setPages?(lang: string, endpoint: string, items: readonly unknown[], limit: number): void;
  /** Pages of a paged list answered from the held list in this pass. */
  pagesReused?(count: number): void;
  /**
   * True in the publisher's re-read of edited records it holds the answers of: a language is then
   * read through its caches (page 1 of a held list, kept lists, reused answers: a few requests)
   * instead of revalidating every GET of its last sync first (a 304 each for every list page of
   * the language an edit left alone). `collection` as for `list`.
   */
  skipsRevalidation?(collection: string): boolean;
  /**
   * One language of `collection` was read from the API (not found unchanged): every answer it
   * handed over came through `set`, `setList` and `setPages` (a render-path build keeps them for
   * the publisher: src/integrations/render-path/detail-answers.ts).
   */
  readInFull?(collection: string, lang: string): void;
  /** Told each GET's answer as it came (the publisher keeps those of an edit's first pass). */
  heard?(lang: string, url: string, text: string): void;
  /**
   * The answer the first pass of this re-read got for `url` (a moved record's second pass,
   * scripts/publisher/stages/reread.ts), or undefined: asked again, the API would answer the same.
   */
  replay?(lang: string, url: string): string | undefined;
  /**
   * True when the publisher wants the whole re-read in progress to step aside now (an edit
   * waits): the next GET throws, the loader fails, and nothing it read is applied.
   */
  stops?(): boolean;
}

/** The shell's parts a page shows (src/shell/shell-splice.ts `ShellPart`), as HTML. */
type ShellParts = Record<'header' | 'footer' | 'consent', string>;

/** A loader's part of the store (its LoaderContext `store`), as the sync leaves it. */
interface SyncedEntries {
  entries(): Array<[string, unknown]>;
}

/** The build's sync's record of its store, for the build's own renderer (src/collections/synced-store.ts). */
export interface SyncedStore {
  sealed: boolean;
  collections: Map<string, SyncedEntries>;
}

/**
 * Astro's content store singleton (`globalDataStore`, reached through
 * src/collections/astro-internals.ts `dataStoreOf`, which knows its shape).
 */
interface StoreHolder {
  get(): Promise<unknown>;
}

/** The collections of src/content.config.ts, with their loaders. */
export type CollectionDefinitions = Record<string, { loader: { name: string; load(ctx: unknown): Promise<void> } }>;

// ---- The slots ----

const PUBLISHER_RENDER_PATH = 'scripts/publisher/render-path.ts';
const LOADERS = 'src/collections/api-collection.ts';

/** The time content is read at: a fake clock, else `Date.now()`. */
export const CLOCK = slot<() => number>(
  'portal.clock',
  "src/lib/clock.ts setClock (the publisher's tests)",
  'src/lib/clock.ts now(), in the publisher and in its bundle',
);

/** Collections whose records changed with the clock: their next read skips the conditional check. */
export const STALE_COLLECTIONS = slot<Set<string>>(
  'portal.clock.stale-collections',
  'src/lib/clock.ts markStale (scripts/publisher/schedule.ts, at a record boundary)',
  `src/lib/clock.ts takeStale (${LOADERS}, in the bundle)`,
);

/** The cache of API answers the loaders read through; absent in a build without a render path. */
export const DETAIL_CACHE = slot<DetailCache>(
  'portal.render-path.detail-cache',
  'scripts/publisher/content-store.ts (the publisher), src/integrations/render-path/detail-answers.ts (a render-path build)',
  LOADERS,
);

/** cacheKey → `collection/id` of the entries it was made from; absent in a build. */
export const CACHE_KEY_RECORDS = slot<Map<string, string[]>>(
  'portal.render-path.cache-key-records',
  `${PUBLISHER_RENDER_PATH} (the map, emptied on a full publish); ${LOADERS} cacheKeyOf (its entries)`,
  `${PUBLISHER_RENDER_PATH} paths (each page's records); ${LOADERS} (the records of a key made from a key)`,
);

/** cacheKey → the key of what the page shows besides its shell; absent in a build. */
export const CACHE_KEY_BODIES = slot<Map<string, string>>(
  'portal.render-path.cache-key-bodies',
  `${PUBLISHER_RENDER_PATH} (the map); ${LOADERS} cacheKeyOf (its entries)`,
  `${PUBLISHER_RENDER_PATH} paths (each page's bodyKey)`,
);

/** The content store's version: one more at each change of the store; absent in a build. */
export const CONTENT_VERSION = slot<number>(
  'portal.render-path.content-version',
  `${PUBLISHER_RENDER_PATH} contentChanged (after a re-read, scripts/publisher/content-store.ts)`,
  `${LOADERS} contentVersion (memos of what every page reads)`,
);

/** Told the collections a getStaticPaths read from a memo of its own; absent in a build. */
export const NOTE_READS = slot<(collections: readonly string[]) => void>(
  'portal.render-path.note-reads',
  `${PUBLISHER_RENDER_PATH} watchReads`,
  `${LOADERS} noteReads (called)`,
);

/** The shell's parts a page at a pathname shows now, when rendered already (null otherwise). */
export const SHELL_PARTS = slot<(pathname: string) => Promise<ShellParts | null>>(
  'portal.render-path.shell-parts',
  'src/shell/shell-parts.ts (in the bundle)',
  `${PUBLISHER_RENDER_PATH} shellParts`,
);

/** Set once `fetch` retries a dropped GET in this process. */
export const FETCH_RETRY = slot<true>(
  'portal.render-path.fetch-retry',
  `${PUBLISHER_RENDER_PATH} retryDroppedGets`,
  `${PUBLISHER_RENDER_PATH} retryDroppedGets`,
);

/** Astro's content store singleton of the bundle. */
export const DATA_STORE = slot<StoreHolder>(
  'portal.render-path.data-store',
  'code src/integrations/render-path/index.ts adds to the bundle',
  `${PUBLISHER_RENDER_PATH} (watchStore, collections)`,
);

/** The collections of src/content.config.ts in the bundle. */
export const COLLECTIONS = slot<CollectionDefinitions>(
  'portal.render-path.collections',
  'code src/integrations/render-path/index.ts adds to the bundle',
  `${PUBLISHER_RENDER_PATH} definitions`,
);

/** What the build's sync loaded, for the build's renderer. */
export const SYNCED_STORE = slot<SyncedStore>(
  'portal.synced-store',
  'src/collections/synced-store.ts (the loaders of a build)',
  'the store module src/integrations/render-path/data-store-file.ts generates',
);

/** Every slot, by the name it is exported under. @internal (the bridge's test) */
export const SLOTS = {
  CLOCK,
  STALE_COLLECTIONS,
  DETAIL_CACHE,
  CACHE_KEY_RECORDS,
  CACHE_KEY_BODIES,
  CONTENT_VERSION,
  NOTE_READS,
  SHELL_PARTS,
  FETCH_RETRY,
  DATA_STORE,
  COLLECTIONS,
  SYNCED_STORE,
} as const;

// ---- Marks on Astro's classes ----

/**
 * The marks the seam (src/collections/astro-internals.ts) leaves on a class of Astro it
 * changed, so that each change is made once per process however many copies of a module ask.
 */
export const PATCH_MARKS = {
  /** src/collections/unchanged-meta.ts, on MutableDataStore. */
  unchangedMeta: Symbol.for('portal.unchanged-meta'),
  /** src/collections/store-file-writer.ts, on FileWriter. */
  storeFileWriter: Symbol.for('portal.store-file-writer'),
} as const;
