/**
 * Page maps: for each release, page → the cacheKey it was rendered with and its cache tags, kept
 * in `PUBLISH_DIR/page-maps/<id>.json` so a restart adopts the live release without a build; and,
 * in memory, the files of each release this process made (a rollback to one re-renders little).
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseStore } from '../release-store/types.ts';
import type { RenderPath } from '../render-path.ts';
import { filesOfRelease, pagesNow } from './files.ts';
import type { FileState, Files, PageState } from './types.ts';

export class PageMaps {
  readonly dir: string;
  #made = new Map<string, Files>();
  constructor(dir: string) {
    this.dir = dir;
  }

  file(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** The saved map of release `id`, or null when none was saved (a release of another process). */
  async read(id: string): Promise<Map<string, PageState> | null> {
    try {
      const saved = JSON.parse(await readFile(this.file(id), 'utf8')) as Record<
        string,
        string | null | { cacheKey: string | null; tags?: string[] }
      >;
      return new Map(
        Object.entries(saved).map(([f, k]) => [
          f,
          k !== null && typeof k === 'object'
            ? { cacheKey: k.cacheKey ?? undefined, tags: k.tags }
            : { cacheKey: k ?? undefined },
        ]),
      );
    } catch {
      return null;
    }
  }

  /** Saves the pages of `files` as release `id`'s map (tmp + rename: whole or absent). */
  async write(id: string, files: Files): Promise<void> {
    this.#made.set(id, files);
    const entries: string[] = [];
    for (const [file, f] of files) if (f.page) entries.push(entryOf(file, f));
    await mkdir(this.dir, { recursive: true });
    const tmp = `${this.file(id)}.tmp`;
    await writeFile(tmp, `{${entries.join(',')}}`);
    await rename(tmp, this.file(id));
  }

  /**
   * The files of kept release `id`: those this process made, else read from the store with the
   * cacheKeys of its saved map. A release without a map (made by another process) takes the
   * cacheKeys of the pages as the render path would make them now when `start` (the live release
   * adopted on start is the build's, or its successor), none otherwise (a rollback: the next publish
   * re-renders every page of it).
   */
  async filesOf(o: { store: ReleaseStore; rp: RenderPath; id: string; twins: boolean; start: boolean }) {
    const known = this.#made.get(o.id);
    if (known) return known;
    const saved = await this.read(o.id);
    if (saved && o.start) await o.rp.paths(); // the bundle exposes its store once its pages' code has run
    const files = await filesOfRelease(o.store, o.id, saved ?? (await pagesNow(o.rp)), o.twins);
    if (!saved && !o.start) for (const f of files.values()) f.cacheKey = undefined;
    return files;
  }

  async remove(id: string): Promise<void> {
    this.#made.delete(id);
    await rm(this.file(id), { force: true });
  }
}

/**
 * A page's entry in a saved map (`"path":{"cacheKey":…,"tags":[…]}`), made once per file state:
 * the whole map is saved after every release, and all but a few of its states are those of the
 * release before.
 */
const entries = new WeakMap<FileState, { file: string; cacheKey: string | undefined; tags: unknown; text: string }>();
function entryOf(file: string, f: FileState): string {
  const known = entries.get(f);
  if (known && known.file === file && known.cacheKey === f.cacheKey && known.tags === f.tags) return known.text;
  const value = f.tags?.length ? { cacheKey: f.cacheKey ?? null, tags: f.tags } : { cacheKey: f.cacheKey ?? null };
  const text = `${JSON.stringify(file)}:${JSON.stringify(value)}`;
  entries.set(f, { file, cacheKey: f.cacheKey, tags: f.tags, text });
  return text;
}
