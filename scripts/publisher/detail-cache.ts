/**
 * The detail cache of the re-read: the API's answers for one record (and the department and
 * paged lists) kept between publishes, so an edit re-reads the few records it names instead of
 * its whole area. It is the bridge's `DETAIL_CACHE` (src/lib/bridge.ts), which the site's loaders
 * (src/collections/api-collection.ts) ask before they call the API.
 */
import { collectionsOfType, detailEndpoints, linkTypes } from '../../src/areas/registry.ts';
import { DETAIL_CACHE, type HeldList } from '../../src/lib/bridge.ts';

/**
 * The detail endpoints whose answers the re-read may reuse (webhook type → the endpoint of one
 * record, its key captured), from the areas' manifests (src/areas/registry.ts).
 */
const DETAIL_ENDPOINTS = detailEndpoints();
/** Types whose edits place no record in another area's lists (the menus): `#listedOnly`. */
const LINK_TYPES = linkTypes();
/** Collection → the webhook types whose records may change it (its area's manifest): `#listedOnly`. */
const TYPES_OF_COLLECTION = (() => {
  const out = new Map<string, Set<string>>();
  for (const [type, collections] of Object.entries(collectionsOfType()))
    for (const c of collections) out.set(c, (out.get(c) ?? new Set()).add(type));
  return out;
})();

/** Keys a stored answer names (its own and its related records'): values of slug, id and uuid fields. */
function namedKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) namedKeys(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'slug' || k === 'id' || k === 'uuid') && (typeof v === 'string' || typeof v === 'number'))
        out.add(String(v));
      else if (v && typeof v === 'object') namedKeys(v, out);
    }
  }
  return out;
}

interface Cached {
  value: unknown;
  names: Set<string>;
  /** The keys its related items name (none when it has no `related` list). */
  related: Set<string>;
}

/**
 * The keys an answer's related items name. The cache holds the areas' mappings of the API's
 * answers (src/areas/<area>/api.ts), and those name other records of their type only in
 * `related` (articles, activities); a procurement notice or a manual has no place for one (its
 * group, its files), so a new record cannot enter it (a new notice re-read the ~700 of its group).
 */
function relatedKeys(value: unknown): Set<string> {
  const related = value && typeof value === 'object' ? (value as { related?: unknown }).related : undefined;
  return Array.isArray(related) ? namedKeys(related) : new Set();
}

/**
 * Fields of a related item the publisher may bring up to date itself: what an editor changes
 * without moving the record (its category, dates and order among others stay as they were).
 */
const PATCHABLE = new Set(['title', 'summary', 'cover']);

/**
 * Fields of a record's own answer that no related item carries: its body and what hangs off it.
 * A related item that is only a reference (`{ slug }`, `{ id }`: articles and activities keep
 * their related items so, src/areas/articles/api.ts) shows the record's summary, that is every
 * other field; so an edit of these, or of PATCHABLE fields, leaves the API's related items as
 * they were, and an edit of any other (its date, category, views) may change which records the
 * API relates, and the answer is fetched again.
 */
const DETAIL_ONLY = new Set(['bodyHtml', 'updatedAt', 'attachments', 'related']);

const KEYS = ['slug', 'id', 'uuid'] as const;

/** The keys a record names itself by: its slug, id and uuid, as strings. */
const ownKeys = (item: Record<string, unknown>): string[] =>
  KEYS.flatMap((k) => (typeof item[k] === 'string' || typeof item[k] === 'number' ? [String(item[k])] : []));

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * `value` with every item that names `key` (a related item: its slug, id or uuid) brought up to
 * date from the record's own answers before (`old`) and after (`fresh`) the edit, or undefined
 * when that is not certain to give what the API would answer: an item that was not exactly the
 * record's own fields before the edit, or a change to a field other than title, summary, cover.
 * An item that is only a reference stays as it is, when the edit changed nothing but those
 * fields and the ones no related item shows (DETAIL_ONLY).
 * Never changes `value` in place (the content store's entries share it).
 */
export function patchNamed(value: unknown, key: string, old: unknown, fresh: unknown): unknown {
  if (!old || typeof old !== 'object' || !fresh || typeof fresh !== 'object') return undefined;
  const o = old as Record<string, unknown>;
  const f = fresh as Record<string, unknown>;
  let ok = true;
  let found = false;
  const walk = (v: unknown, root: boolean): unknown => {
    if (!ok) return v;
    if (Array.isArray(v)) {
      const out = v.map((x) => walk(x, false));
      return out.some((x, i) => x !== v[i]) ? out : v;
    }
    if (!v || typeof v !== 'object') return v;
    const item = v as Record<string, unknown>;
    const names = ownKeys(item).includes(key);
    if (names && !root) {
      found = true;
      if (Object.keys(item).every((k) => (KEYS as readonly string[]).includes(k))) {
        // A reference: nothing of the record's to bring up to date, only whether the edit may
        // have changed the API's choice of related items.
        for (const k of new Set([...Object.keys(o), ...Object.keys(f)]))
          if (!PATCHABLE.has(k) && !DETAIL_ONLY.has(k) && !same(o[k], f[k])) return ((ok = false), v);
        return v;
      }
      const patched: Record<string, unknown> = { ...item };
      for (const [k, before] of Object.entries(item)) {
        if (!(k in o) || !(k in f) || !same(before, o[k])) return ((ok = false), v);
        if (same(o[k], f[k])) continue;
        if (!PATCHABLE.has(k)) return ((ok = false), v);
        patched[k] = f[k];
      }
      return patched;
    }
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(item)) {
      out[k] = walk(x, false);
      if (out[k] !== x) changed = true;
    }
    return changed ? out : v;
  };
  const result = walk(value, true);
  return ok && found ? result : undefined;
}

interface Waiter {
  lang: string;
  id: string;
  cached: Cached;
  /** Dirty keys it names whose fresh answer has not come yet. */
  waiting: Set<string>;
  /** Of `waiting`: new records (created, or back after an unpublish) it might now name. */
  arriving: Set<string>;
  value: unknown;
  resolve: (value: unknown) => void;
}

/**
 * The answers of detail calls, kept between publishes. During an incremental re-read an answer
 * is reused unless its record is dirty or it names a dirty record (related items, a list inside
 * it). One that names a dirty record is _patched_ when it can be (patchNamed: the record's own
 * answer, fetched in the same pass, shows only its title, summary or cover changed, and the
 * related item was exactly those fields before), and fetched again otherwise. A new record (a
 * `create`, or an update of a record the cache does not hold: one published again after an
 * unpublish) may enter other records' related items: every cached answer of its type waits for
 * the new record's fresh answer and is fetched again when it names one of the records the new
 * one names (its related items: with related items chosen among a record's neighbours, as the
 * reference API does, the records around the new one; with "the newest N", every record of its
 * category), and reused otherwise, rather than every detail of its type read again. The
 * scheduled re-read (schedule.ts) reuses nothing, so an API whose related items follow another
 * rule is caught up within one interval. An edit that moves a record (the keys it names
 * changed: another category, other related items) is read again as a new one
 * (stages/reread.ts): the answers that named it were fetched in the first pass, those that may
 * name it now are found as for a create, rather than every detail of its type read again. A
 * deletion forgets the record's own answers. Outside a re-read of dirty records (the catch-up), nothing is reused and every answer is kept.
 */
class DetailCache {
  #entries = new Map<string, Cached>();
  #dirty: Map<string, Set<string>> | null = null;
  /** A Set: a create's pass holds one for every cached answer of its type, resolved one by one. */
  #waiters = new Set<Waiter>();
  /** The waiter behind each `pending` answer `get` handed out (`settle` names them by it). */
  #waiterOf = new WeakMap<Promise<unknown>, Waiter>();
  /** `type key` → the ids (`lang endpoint`) of its own answers. */
  #own = new Map<string, Set<string>>();
  /** type → records new to the cache in this pass (created, or published again). */
  #arriving = new Map<string, Set<string>>();
  /** `type key` of the records whose own answer came in this pass (a moved record's second pass fetches it again). */
  #answered = new Set<string>();
  /** `type key` → the action of its event, in this pass. */
  #actions = new Map<string, string>();
  /** Types whose dirty record moved during this pass (stages/reread.ts reads it again as a new one). */
  moved = new Set<string>();
  hits = 0;
  misses = 0;
  /** Of `hits`: answers patched instead of fetched again. */
  patched = 0;
  /** Patch answers that name a dirty record instead of fetching them (on unless a test turns it off). */
  patching = true;
  /** Requests each collection's loader reported sending (src/collections/api-collection.ts), by value. */
  #requests = new Map<string, number>();
  /** Lists a loader asked to keep (`kept`: a department's category list), by `lang endpoint`, with the keys their items name. */
  #lists = new Map<string, { value: unknown[]; names: Set<string> }>();
  /** Types the cache holds answers of. */
  #held = new Set<string>();
  /** Kept lists reused in this pass instead of fetched. */
  listHits = 0;
  /** Paged lists' last whole answers (src/collections/page-prediction.ts), by `lang endpoint`. */
  #paged = new Map<string, { items: readonly unknown[]; limit: number }>();
  /** Pages of paged lists answered from their held answers in this pass. */
  pageHits = 0;
  /** Of `misses`: detail answers that came embedded in their lists (no request of their own). */
  embeddedHits = 0;
  /** The answers of this re-read's GETs, by `lang url`, while it re-reads edited records (for a second pass). */
  #heard = new Map<string, string>();
  /** The first pass's answers, while a second pass reads them again (`begin(…, { replay: true })`). */
  #replaying: Map<string, string> | null = null;
  /** GETs answered from the first pass's in this pass (no request). */
  replayHits = 0;
  /** Asked before each GET of a whole re-read (`begin(null, { stopWhen })`): true makes it step aside. */
  #stopWhen: (() => boolean) | null = null;
  /** The whole re-read of this pass stepped aside for an edit (a GET was refused: `stops`). */
  steppedAside = false;

  /** This pass's counts, for the re-read's result. */
  get counts() {
    return {
      reused: this.hits,
      patched: this.patched,
      fetched: this.misses,
      embedded: this.embeddedHits,
      listsReused: this.listHits,
      pagesReused: this.pageHits,
      replayed: this.replayHits,
    };
  }

  embedded(endpoint: string): void {
    if (this.#match(endpoint)) this.embeddedHits++;
  }

  /** Called by a loader once per language: the requests it sent (304s included). */
  requests(collection: string, count: number): void {
    this.#requests.set(collection, (this.#requests.get(collection) ?? 0) + count);
  }

  /** The requests counted for `collections` since the last call, and forgets them. */
  takeRequests(collections: readonly string[]): number {
    const n = collections.reduce((sum, c) => sum + (this.#requests.get(c) ?? 0), 0);
    this.#requests.clear();
    return n;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * True in a pass that reuses nothing (a catch-up, a scheduled re-read), or whose records are of
   * a type the cache holds no answer of yet (an edit that comes before the catch-up read its
   * area): lists embed their details, as in a build, instead of one GET per detail.
   */
  embeds(): boolean {
    if (!this.#dirty) return true;
    return [...this.#dirty.keys()].some((type) => DETAIL_ENDPOINTS[type] && !this.#held.has(type));
  }

  /**
   * Starts a re-read of these dirty records (null: reuse nothing). `replay`: a second pass of the
   * same re-read (a moved record read again as a new one, stages/reread.ts): every GET the first
   * pass made is answered as it answered then, moments ago; only the GETs it did not make (the
   * moved record's new neighbours) go to the API.
   */
  begin(
    events: readonly { type: string; action: string; key: string }[] | null,
    { replay = false, stopWhen }: { replay?: boolean; stopWhen?: () => boolean } = {},
  ): void {
    for (const w of this.#waiters) w.resolve(undefined);
    // Only a whole re-read steps aside (for an edit); an edit's own re-read always runs to its end.
    this.#stopWhen = events ? null : (stopWhen ?? null);
    this.steppedAside = false;
    this.#waiters.clear();
    this.#replaying = replay && events ? this.#heard : null;
    this.#heard = new Map();
    this.replayHits = 0;
    this.#dirty = null;
    this.moved = new Set();
    this.hits = 0;
    this.misses = 0;
    this.patched = 0;
    this.listHits = 0;
    this.pageHits = 0;
    this.embeddedHits = 0;
    this.#actions.clear();
    this.#answered.clear();
    this.#arriving = new Map();
    if (!events) return;
    this.#dirty = new Map();
    for (const e of events) {
      const own = `${e.type} ${e.key}`;
      if (e.action === 'delete') {
        // Gone (or unpublished): a later update that brings it back is then a new record.
        for (const id of this.#own.get(own) ?? []) this.#entries.delete(id);
        this.#own.delete(own);
      } else if (e.action === 'create' || !this.#own.has(own)) {
        const arriving = this.#arriving.get(e.type) ?? new Set<string>();
        arriving.add(e.key);
        this.#arriving.set(e.type, arriving);
      }
      const keys = this.#dirty.get(e.type) ?? new Set<string>();
      keys.add(e.key);
      this.#dirty.set(e.type, keys);
      this.#actions.set(`${e.type} ${e.key}`, e.action);
    }
  }

  #match(endpoint: string): { type: string; key: string } | null {
    for (const [type, re] of Object.entries(DETAIL_ENDPOINTS)) {
      const m = re.exec(endpoint);
      if (m?.[1]) return { type, key: decodeURIComponent(m[1]) };
    }
    return null;
  }

  get(lang: string, endpoint: string): { value: unknown } | { pending: Promise<unknown> } | undefined {
    const m = this.#match(endpoint);
    if (!m || !this.#dirty) return this.#miss(m);
    const dirty = this.#dirty.get(m.type);
    if (dirty?.has(m.key)) return this.#miss(m);
    const id = `${lang} ${endpoint}`;
    const cached = this.#entries.get(id);
    if (!cached) return this.#miss(m);
    const named = dirty ? [...dirty].filter((k) => cached.names.has(k)) : [];
    // New records it does not name yet, whose fresh answers tell whether it may now.
    const arriving = [...(this.#arriving.get(m.type) ?? [])].filter((k) => !cached.names.has(k));
    if (named.length === 0 && arriving.length === 0) {
      this.hits++;
      return { value: cached.value };
    }
    // Only events that update a record can be patched (a deletion drops it from related items).
    if (named.length > 0 && (!this.patching || named.some((k) => this.#actions.get(`${m.type} ${k}`) !== 'update')))
      return this.#miss(m);
    const patching = named.length > 0;
    let waiter: Waiter | undefined;
    const pending = new Promise<unknown>((resolve) => {
      waiter = {
        lang,
        id,
        cached,
        waiting: new Set([...named, ...arriving]),
        arriving: new Set(arriving),
        value: cached.value,
        resolve,
      };
      this.#waiters.add(waiter);
    }).then((value) => {
      if (value === undefined) this.misses++;
      else {
        this.hits++;
        if (patching) this.patched++;
        this.#entries.set(id, { value, names: cached.names, related: cached.related });
      }
      return value;
    });
    this.#waiterOf.set(pending, waiter!);
    return { pending };
  }

  #miss(m: unknown): undefined {
    if (m) this.misses++;
    return undefined;
  }

  set(lang: string, endpoint: string, value: unknown): void {
    const m = this.#match(endpoint);
    if (!m) return;
    const id = `${lang} ${endpoint}`;
    const names = namedKeys(value);
    const before = this.#entries.get(id);
    if (this.#dirty?.get(m.type)?.has(m.key)) {
      if (before) {
        const same = before.names.size === names.size && [...names].every((n) => before.names.has(n));
        if (!same) this.moved.add(m.type);
      }
      // Answers waiting for this record's fresh answer are patched now, kept, or fetched.
      const itsRelated = relatedKeys(value);
      for (const w of this.#waiters) {
        if (w.lang !== lang || !w.waiting.has(m.key)) continue;
        if (w.arriving.has(m.key)) {
          // A new record: an answer whose related items share one with its own may now name it.
          if ([...itsRelated].some((k) => k !== m.key && w.cached.related.has(k))) w.value = undefined;
        } else w.value = before ? patchNamed(w.value, m.key, before.value, value) : undefined;
        w.waiting.delete(m.key);
        if (w.value === undefined || w.waiting.size === 0) {
          this.#waiters.delete(w);
          w.resolve(w.value);
        }
      }
    }
    this.#entries.set(id, { value, names, related: relatedKeys(value) });
    this.#held.add(m.type);
    const own = `${m.type} ${m.key}`;
    this.#answered.add(own);
    this.#own.set(own, (this.#own.get(own) ?? new Set()).add(id));
  }

  /**
   * A kept list's last answer, reused when this pass re-reads dirty records (never in a catch-up
   * or a scheduled re-read, which read every list again) that all have a detail endpoint or only
   * link to records (`#listedOnly`), none of which the answer named or `landsIn` it now. A list's keys change only when a record joins it, leaves
   * it or moves within it, and every such record is one of this pass's dirty records: it was in
   * the answer before, or the area's main list now may place it there (its category's lists:
   * src/collections/categorised-records.ts). A record that another list
   * shows but the main list does not is caught up by the next scheduled re-read.
   */
  list(
    lang: string,
    endpoint: string,
    landsIn: (key: string) => boolean,
    collection: string,
  ): { value: unknown[] } | undefined {
    if (!this.#dirty || !this.#listedOnly(collection)) return undefined;
    const held = this.#lists.get(`${lang} ${endpoint}`);
    if (!held) return undefined;
    for (const [type, keys] of this.#dirty)
      for (const k of keys) if (!LINK_TYPES.has(type) && (held.names.has(k) || landsIn(k))) return undefined;
    this.listHits++;
    return { value: held.value };
  }

  setList(lang: string, endpoint: string, items: readonly unknown[]): void {
    const names = new Set(
      items.flatMap((item) => (item && typeof item === 'object' ? ownKeys(item as Record<string, unknown>) : [])),
    );
    this.#lists.set(`${lang} ${endpoint}`, { value: [...items], names });
  }

  /**
   * A paged list's last whole answer with this pass's dirty records (key → action), when its
   * pages may be predicted: a re-read of dirty records whose lists are their own (`#listedOnly`;
   * a menu's key is left out: it names no item). Undefined in a catch-up or a scheduled
   * re-read, which read every page.
   */
  pages(lang: string, endpoint: string, collection: string): HeldList | undefined {
    if (!this.#dirty || !this.#listedOnly(collection)) return undefined;
    const held = this.#paged.get(`${lang} ${endpoint}`);
    if (!held) return undefined;
    const dirty = new Map<string, string>();
    for (const [type, keys] of this.#dirty) {
      if (LINK_TYPES.has(type)) continue; // a menu's key is no list's item
      for (const k of keys) {
        // A key two types share is read as the more cautious of their actions (an update may stay listed).
        const action = this.#actions.get(`${type} ${k}`) ?? 'update';
        if (dirty.get(k) !== 'update') dirty.set(k, action);
      }
    }
    return { ...held, dirty };
  }

  /**
   * True in a re-read of edited records whose lists are their own (`#listedOnly`) and whose
   * answers the cache holds (a menu has none: its collections are single answers): the loaders
   * read each language through the caches rather than revalidate every GET of its last sync
   * (src/collections/api-collection.ts). The GETs answered from the caches have no ETag, so the
   * area's next scheduled re-read reads it in full.
   */
  skipsRevalidation(collection: string): boolean {
    return (
      this.#listedOnly(collection) &&
      this.#dirtyTypes(collection).every((type) => LINK_TYPES.has(type) || this.#held.has(type))
    );
  }

  /**
   * True in a re-read of dirty records whose types all have a detail endpoint (records whose list
   * items are their own, so a list changes only where they were or are now) or only link to
   * records (src/areas/registry.ts `linkTypes`: a menu places no record in the articles' lists,
   * it links to article pages the articles' re-read then reads). Another type (a law, a survey,
   * a popup) says nothing of where records land. Asked for one collection: only the dirty types
   * its area's manifest says may change it count (a law beside ten events leaves the events' lists
   * to prediction and reads the laws' in full). The one rule behind kept lists, held paged lists
   * and reading a language without revalidating it.
   */
  #listedOnly(collection: string): boolean {
    const listed = (type: string) => DETAIL_ENDPOINTS[type] !== undefined || LINK_TYPES.has(type);
    return this.#dirty !== null && this.#dirtyTypes(collection).every(listed);
  }

  /** This re-read's dirty types that may change `collection` (every dirty type for a collection no manifest names). */
  #dirtyTypes(collection: string): string[] {
    const types = [...this.#dirty!.keys()];
    const mayChange = TYPES_OF_COLLECTION.get(collection);
    return mayChange ? types.filter((type) => mayChange.has(type)) : types;
  }

  heard(lang: string, url: string, text: string): void {
    if (this.#dirty) this.#heard.set(`${lang} ${url}`, text);
  }

  replay(lang: string, url: string): string | undefined {
    const text = this.#replaying?.get(`${lang} ${url}`);
    if (text !== undefined) this.replayHits++;
    return text;
  }

  /**
   * The re-read is over: the answers kept for a second pass are let go, and a dirty record that
   * got no fresh answer of its own is gone from the site (unpublished, announced as an update by a
   * CMS that does so): its answers are forgotten, so that the update that brings it back reads it
   * as a new record (other records' related items may name it again).
   */
  finish(): void {
    this.#heard = new Map();
    this.#replaying = null;
    for (const [type, keys] of this.#dirty ?? []) {
      if (!DETAIL_ENDPOINTS[type]) continue;
      for (const key of keys) {
        const own = `${type} ${key}`;
        if (this.#answered.has(own)) continue;
        for (const id of this.#own.get(own) ?? []) this.#entries.delete(id);
        this.#own.delete(own);
      }
    }
    this.#answered.clear();
  }

  setPages(lang: string, endpoint: string, items: readonly unknown[], limit: number): void {
    this.#paged.set(`${lang} ${endpoint}`, { items, limit });
  }

  pagesReused(count: number): void {
    this.pageHits += count;
  }

  /**
   * True when the whole re-read in progress is to step aside (an edit waits): the loaders' next
   * GET throws and nothing of this step is applied (stages/reread.ts `Yielded`).
   */
  stops(): boolean {
    if (!this.steppedAside && this.#stopWhen?.()) this.steppedAside = true;
    return this.steppedAside;
  }

  /**
   * One loader call's fetches in `lang` are done: of the answers it was handed `pending`, those
   * still waiting are fetched. Not every waiter of the language: the areas of a re-read load side
   * by side, and a short list that ends first (the news' latest) must not send to the API every
   * answer of a long one (the articles') still waiting for a new record's answer.
   */
  settle(lang: string, pending: readonly Promise<unknown>[]): void {
    for (const p of pending) {
      const w = this.#waiterOf.get(p);
      if (!w || w.lang !== lang || !this.#waiters.delete(w)) continue;
      w.resolve(undefined);
    }
  }
}

export const detailCache = new DetailCache();
DETAIL_CACHE.set(detailCache);
