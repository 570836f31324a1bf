/**
 * Page maps: for each release, page → the cacheKey it was rendered with, its cache tags and the
 * hash of its bytes, kept in `PUBLISH_DIR/page-maps/<id>.json` so a restart adopts the live
 * release without a build; and, in memory, the files of each release this process made (a
 * rollback to one re-renders little).
 *
 * A map is saved in the background once no publish runs nor waits (`quiet`): writing the map of
 * every page takes about half a second at 72,000 pages (docs/performance.md), and an edit that
 * waits for it waits for nothing it shows. Only the newest release's map is saved; one made
 * meanwhile replaces it. A process killed before the live release's map is saved starts from
 * the newest map saved: an entry holds the hash of the bytes it was made for, so a page whose
 * bytes differ in the live release has no cacheKey and the catch-up renders it again.
 */
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseStore } from '../release-store/types.ts';
import type { RenderPath } from '../render-path.ts';
import { filesOfRelease, pagesNow } from './files.ts';
import type { FileState, Files, PageState } from './types.ts';

/** Entries written at a time: the event loop serves the publish and the webhooks between them. */
const ENTRIES_PER_WRITE = 4000;
/** Hex digits of a page's sha256 its entry keeps: enough to tell its bytes from others'. */
const HASH_DIGITS = 16;

/** How a saved map fits the release it is read for. */
type Fit = 'own' | 'borrowed';

export class PageMaps {
  readonly dir: string;
  readonly #quiet: () => Promise<void>;
  #made = new Map<string, Files>();
  /** The newest release's map, not saved yet. */
  #pending: { id: string; files: Files } | null = null;
  /** The save under way (it takes the pending map once quiet). */
  #saving: Promise<void> | null = null;
  /** Maps of releases pruned while no newer map was saved: removed once one is. */
  #removed = new Set<string>();
  /** The newest map on disk (null: not known yet, read from the folder). */
  #newest: string | null = null;
  /** A clean stop asked for the map now (`flush`): the save no longer waits for quiet. */
  #hurried = false;
  #hurry: (() => void) | null = null;
  readonly #failed: (error: unknown) => void;

  /**
   * `quiet` resolves once no publish runs and no edit waits (the queue's `idle`), by default at
   * once; `failed` hears of a map that could not be saved (it is tried again with the next release).
   */
  constructor(dir: string, o: { quiet?: () => Promise<void>; failed?: (error: unknown) => void } = {}) {
    this.dir = dir;
    this.#quiet = o.quiet ?? (async () => {});
    this.#failed = o.failed ?? (() => {});
  }

  file(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** The saved map of release `id`, or null when none was saved (a release of another process). */
  async read(id: string): Promise<Map<string, PageState> | null> {
    try {
      const saved = JSON.parse(await readFile(this.file(id), 'utf8')) as Record<
        string,
        string | null | { cacheKey: string | null; tags?: string[]; hash?: string }
      >;
      return new Map(
        Object.entries(saved).map(([f, k]) => [
          f,
          k !== null && typeof k === 'object'
            ? { cacheKey: k.cacheKey ?? undefined, tags: k.tags, hash: k.hash }
            : { cacheKey: k ?? undefined },
        ]),
      );
    } catch {
      return null;
    }
  }

  /** Release `id` is live with `files`: kept in memory, its map saved once the publisher is quiet. */
  write(id: string, files: Files): void {
    this.#made.set(id, files);
    this.#pending = { id, files };
    this.#saving ??= this.#saveWhenQuiet();
  }

  /** Resolves once the newest release's map is on disk (`Publisher.idle`). */
  async saved(): Promise<void> {
    while (this.#saving) await this.#saving;
  }

  /** Saves the newest release's map now, quiet or not (a clean stop). */
  async flush(): Promise<void> {
    this.#hurried = true;
    this.#hurry?.();
    await this.saved();
  }

  async #saveWhenQuiet(): Promise<void> {
    try {
      while (this.#pending) {
        if (!this.#hurried)
          await Promise.race([this.#quiet(), new Promise<void>((resolve) => (this.#hurry = resolve))]);
        this.#hurry = null;
        const next = this.#pending;
        if (!next) break;
        this.#pending = null;
        try {
          await this.#save(next.id, next.files);
        } catch (error) {
          this.#pending ??= next; // a full disk: the next release tries again, with its own map
          this.#failed(error);
          break;
        }
      }
    } finally {
      this.#saving = null;
    }
  }

  /** Saves the pages of `files` as release `id`'s map (tmp + rename: whole or absent). */
  async #save(id: string, files: Files): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const tmp = `${this.file(id)}.tmp`;
    const handle = await open(tmp, 'w');
    try {
      let chunk: string[] = [];
      let first = true;
      for (const [file, f] of files) {
        if (!f.page) continue;
        chunk.push(entryOf(file, f));
        if (chunk.length < ENTRIES_PER_WRITE) continue;
        await handle.write(`${first ? '{' : ','}${chunk.join(',')}`);
        [chunk, first] = [[], false];
      }
      await handle.write(`${first ? '{' : chunk.length > 0 ? ',' : ''}${chunk.join(',')}}`);
    } finally {
      await handle.close();
    }
    await rename(tmp, this.file(id));
    this.#newest = id;
    for (const gone of this.#removed) if (gone !== id) await rm(this.file(gone), { force: true });
    this.#removed.clear();
  }

  /**
   * The files of kept release `id`: those this process made, else read from the store with the
   * cacheKeys of its saved map. On `start`, a release without a map takes the newest map saved
   * (each page's cacheKey where its bytes are the ones the map names), else the cacheKeys of the
   * pages as the render path makes them now (the live release is a build's). Otherwise (a
   * rollback) a release without a map has none: the next publish re-renders every page of it.
   */
  async filesOf(o: { store: ReleaseStore; rp: RenderPath; id: string; twins: boolean; start: boolean }) {
    const known = this.#made.get(o.id);
    if (known) return known;
    const own = await this.read(o.id);
    const borrowed = !own && o.start ? await this.#newestSaved() : null;
    const saved = own ?? borrowed;
    if (saved && o.start) await o.rp.paths(); // the bundle exposes its store once its pages' code has run
    const files = await filesOfRelease(o.store, o.id, saved ?? (await pagesNow(o.rp)), o.twins);
    if (saved) forgetStale(files, saved, own ? 'own' : 'borrowed');
    else if (!o.start) for (const f of files.values()) f.cacheKey = undefined;
    return files;
  }

  /** The newest map in the folder (a process killed before it saved the live release's). */
  async #newestSaved(): Promise<Map<string, PageState> | null> {
    const ids = (await readdir(this.dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
    for (const id of ids.reverse()) {
      const map = await this.read(id);
      if (map) return map;
    }
    return null;
  }

  /** Release `id` was pruned: its map goes (kept while it is the newest saved and a newer one waits). */
  async remove(id: string): Promise<void> {
    this.#made.delete(id);
    const unsaved = this.#pending !== null || this.#saving !== null;
    if (unsaved && (this.#newest === null || this.#newest === id)) this.#removed.add(id);
    else await rm(this.file(id), { force: true });
  }
}

/**
 * A page whose bytes are not those its saved entry names has no cacheKey (the next publish
 * renders it). An entry without a hash (a map saved before they had one) holds for its own
 * release only.
 */
function forgetStale(files: Files, saved: ReadonlyMap<string, PageState>, fit: Fit): void {
  for (const [file, f] of files) {
    if (!f.page) continue;
    const hash = saved.get(file)?.hash;
    if (hash === undefined ? fit === 'borrowed' : !f.hash.startsWith(hash)) f.cacheKey = undefined;
  }
}

/**
 * A page's entry in a saved map (`"path":{"cacheKey":…,"tags":[…],"hash":…}`), made once per
 * file state: the whole map is saved, and all but a few of its states are those of the release
 * before.
 */
const entries = new WeakMap<FileState, { file: string; cacheKey: string | undefined; tags: unknown; text: string }>();
function entryOf(file: string, f: FileState): string {
  const known = entries.get(f);
  if (known && known.file === file && known.cacheKey === f.cacheKey && known.tags === f.tags) return known.text;
  const hash = f.hash.slice(0, HASH_DIGITS);
  const value = f.tags?.length
    ? { cacheKey: f.cacheKey ?? null, tags: f.tags, hash }
    : { cacheKey: f.cacheKey ?? null, hash };
  const text = `${JSON.stringify(file)}:${JSON.stringify(value)}`;
  entries.set(f, { file, cacheKey: f.cacheKey, tags: f.tags, text });
  return text;
}
