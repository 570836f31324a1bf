/**
 * The `dir` release store: releases are folders under PUBLISH_DIR/releases/<id>/, the live
 * one is named by the symlink PUBLISH_DIR/live (→ releases/<id>), swapped in one step by
 * renaming a fresh symlink over it. A file whose hash the previous live release already has
 * is hard-linked from there instead of copied. Each release keeps `.release.json` (its id,
 * time and the hash of every file) so later stages and prunes know what it holds.
 *
 * Hard-linking 20,000 files one by one takes seconds; `prepareNext()` makes that copy of the live
 * release in the background after each switch (`cp -al` into releases/.next-<id>), so the next
 * stage only replaces the files that changed. Files are never written in place: a changed file
 * is removed and written anew, so the release it was linked from keeps its bytes.
 */
import {
  copyFile,
  link,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  rmdir,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ReleasedFile, ReleaseFile, ReleaseInfo, ReleaseStore, StageResult } from './types.ts';

const run = promisify(execFile);

const MANIFEST = '.release.json';
/**
 * `{id, publishedAt}` of a release: what `live()` and `list()` read, and the one file `activate`
 * writes (the manifest of 20,000 paths, hashes and tags is read and written once, at stage).
 */
const INFO = '.release-info.json';

interface Manifest {
  id: string;
  publishedAt: string;
  /** path → sha256 */
  files: Record<string, string>;
  /** path → cache tags, for the pages that have them (served as Surrogate-Key / Cache-Tag). */
  tags?: Record<string, readonly string[]>;
}

/** The cache tags of the files that have them, as a manifest keeps them. */
function tagsOf(files: readonly ReleaseFile[]): Record<string, readonly string[]> {
  const tags: Record<string, readonly string[]> = {};
  for (const file of files) if (file.tags?.length) tags[file.path] = file.tags;
  return tags;
}

/** Cache tags of each path of the release folder `dir` (its manifest), or an empty map. */
export async function releaseTags(dir: string): Promise<Map<string, readonly string[]>> {
  try {
    const m = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    return new Map(Object.entries(m.tags ?? {}));
  } catch {
    return new Map();
  }
}

export interface DirStoreOptions {
  /** PUBLISH_DIR */
  root: string;
}

export class DirReleaseStore implements ReleaseStore {
  readonly root: string;
  readonly releases: string;
  readonly livePath: string;
  /** sirv (site-server.ts) serves `.br` / `.gz` twins. */
  readonly precompressed = true;

  constructor({ root }: DirStoreOptions) {
    this.root = path.resolve(root);
    this.releases = path.join(this.root, 'releases');
    this.livePath = path.join(this.root, 'live');
  }

  #spare: Promise<{ dir: string; from: string } | null> | null = null;

  /**
   * Starts a hard-linked copy of the live release for the next stage to build on, unless one is
   * ready or under way (a prune recycles the release it drops into that copy: see `prune`).
   */
  prepareNext(): void {
    const previous = this.#spare;
    this.#spare = (async () => {
      const old = await previous;
      const liveId = await this.#liveId();
      if (old && old.from === liveId) return old;
      if (old) await rm(old.dir, { recursive: true, force: true });
      if (!liveId) return null;
      const dir = path.join(this.releases, `.next-${liveId}`);
      await rm(dir, { recursive: true, force: true });
      await run('cp', ['-al', this.dirOf(liveId), dir]);
      return { dir, from: liveId };
    })().catch(() => null);
  }

  /**
   * Makes the folder of release `doomed` (about to be pruned) the next stage's copy of the live
   * release: renamed to releases/.next-<live>, then only the files where the two releases differ
   * are unlinked and linked anew from the live folder. An edit changes a few dozen files, so this
   * costs as many file operations, not the 20,000 of a fresh copy (nor the 20,000 unlinks of
   * deleting the dropped folder). Resolves false when it cannot (no manifest, a copy is ready).
   */
  async #recycle(doomed: string, liveId: string): Promise<boolean> {
    const previous = this.#spare ? await this.#spare : null;
    if (previous && previous.from === liveId) {
      this.#spare = Promise.resolve(previous);
      return false;
    }
    const [from, to] = await Promise.all([this.#manifest(doomed), this.#manifest(liveId)]);
    if (!from || !to) {
      this.#spare = Promise.resolve(previous);
      return false;
    }
    if (previous) await rm(previous.dir, { recursive: true, force: true });
    const dir = path.join(this.releases, `.next-${liveId}`);
    await rm(dir, { recursive: true, force: true });
    await rename(this.dirOf(doomed), dir);
    const live = this.dirOf(liveId);
    this.#spare = (async () => {
      await rm(path.join(dir, MANIFEST), { force: true });
      await rm(path.join(dir, INFO), { force: true });
      const parents = new Set<string>();
      for (const p of Object.keys(from.files)) {
        if (p in to.files) continue;
        await rm(path.join(dir, p), { force: true });
        parents.add(path.dirname(p));
      }
      // Folders a removed page leaves empty go too (deepest first), as in a fresh copy.
      for (const p of [...parents].sort((a, b) => b.length - a.length)) {
        for (let d = p; d !== '.' && d !== '/'; d = path.dirname(d)) {
          if (
            !(await rmdir(path.join(dir, d)).then(
              () => true,
              () => false,
            ))
          )
            break;
        }
      }
      const made = new Set<string>();
      for (const [p, hash] of Object.entries(to.files)) {
        if (from.files[p] === hash) continue;
        const target = path.join(dir, p);
        const parent = path.dirname(target);
        if (!made.has(parent)) {
          await mkdir(parent, { recursive: true });
          made.add(parent);
        }
        await rm(target, { force: true });
        await link(path.join(live, p), target);
      }
      return { dir, from: liveId };
    })().catch(async () => {
      await rm(dir, { recursive: true, force: true }).catch(() => {});
      return null;
    });
    return true;
  }

  /** The folder a release's files are in. */
  dirOf(id: string): string {
    return path.join(this.releases, id);
  }

  /** Parsed manifests by release id, with the file's identity they were read from. */
  #manifests = new Map<string, { stamp: string; manifest: Manifest }>();

  async #manifest(id: string): Promise<Manifest | null> {
    const file = path.join(this.dirOf(id), MANIFEST);
    try {
      const s = await stat(file);
      const stamp = `${s.ino} ${s.size} ${s.mtimeMs}`;
      const cached = this.#manifests.get(id);
      if (cached?.stamp === stamp) return cached.manifest;
      const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
      this.#manifests.set(id, { stamp, manifest });
      return manifest;
    } catch {
      this.#manifests.delete(id);
      return null;
    }
  }

  /** A release's id and time (its info file, or the manifest of a release made before it existed). */
  async #info(id: string): Promise<ReleaseInfo | null> {
    try {
      return JSON.parse(await readFile(path.join(this.dirOf(id), INFO), 'utf8')) as ReleaseInfo;
    } catch {
      const m = await this.#manifest(id);
      return m ? { id: m.id, publishedAt: m.publishedAt } : null;
    }
  }

  /** Writes the manifest and info of a staged release, never through a link shared with another. */
  async #writeManifest(dir: string, manifest: Manifest): Promise<void> {
    await rm(path.join(dir, MANIFEST), { force: true });
    await rm(path.join(dir, INFO), { force: true });
    await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest));
    await writeFile(path.join(dir, INFO), JSON.stringify({ id: manifest.id, publishedAt: manifest.publishedAt }));
  }

  async #liveId(): Promise<string | null> {
    try {
      return path.basename(await readlink(this.livePath));
    } catch {
      return null;
    }
  }

  async live(): Promise<ReleaseInfo | null> {
    const id = await this.#liveId();
    return id ? this.#info(id) : null;
  }

  /** Every complete release (one with a manifest), newest first by id (ids sort by time). */
  async list(): Promise<ReleaseInfo[]> {
    let ids: string[];
    try {
      ids = await readdir(this.releases);
    } catch {
      return [];
    }
    const out: ReleaseInfo[] = [];
    for (const id of ids.sort().reverse()) {
      if (id.startsWith('.')) continue; // a copy in the making (prepareNext)
      const info = await this.#info(id);
      if (info) out.push(info);
    }
    return out;
  }

  /** path → hash of the live release (for reusing files). */
  async liveFiles(): Promise<Record<string, string>> {
    const id = await this.#liveId();
    return (id && (await this.#manifest(id))?.files) || {};
  }

  async stage(id: string, files: readonly ReleaseFile[]): Promise<StageResult> {
    if (!/^\w[\w.-]*$/.test(id)) throw new Error(`bad release id ${id}`);
    const dir = this.dirOf(id);
    const spare = this.#spare ? await this.#spare : null;
    this.#spare = null;
    const liveId = await this.#liveId();
    const present = spare && spare.from === liveId && liveId ? (await this.#manifest(liveId))?.files : undefined;
    if (spare && present) {
      await rm(dir, { recursive: true, force: true });
      const moved = await rename(spare.dir, dir).then(
        () => true,
        () => false, // swept by a prune meanwhile: stage file by file
      );
      if (moved) return this.#stageOnto(dir, id, files, present);
    }
    if (spare) await rm(spare.dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const byHash = await this.#byHash(id);
    let written = 0;
    let reused = 0;
    const madeDirs = new Set<string>();
    const manifestFiles: Record<string, string> = {};
    for (const file of files) {
      if (file.path.startsWith('/') || file.path.split('/').includes('..')) throw new Error(`bad path ${file.path}`);
      const to = path.join(dir, file.path);
      const parent = path.dirname(to);
      if (!madeDirs.has(parent)) {
        await mkdir(parent, { recursive: true });
        madeDirs.add(parent);
      }
      manifestFiles[file.path] = file.hash;
      await rm(to, { force: true });
      const existing = byHash.get(file.hash);
      if (existing) {
        try {
          await link(existing, to);
          reused++;
          continue;
        } catch {
          // the old file went away (pruned): copy the new bytes instead
        }
      }
      await copyFile(file.source, to);
      written++;
    }
    const manifest: Manifest = {
      id,
      publishedAt: new Date().toISOString(),
      files: manifestFiles,
      tags: tagsOf(files),
    };
    await this.#writeManifest(dir, manifest);
    return { written, reused };
  }

  /** Files by hash from every kept release, newest first (the live one wins). */
  async #byHash(except: string): Promise<Map<string, string>> {
    const byHash = new Map<string, string>();
    const liveId = await this.#liveId();
    const kept = (await this.list()).map((r) => r.id).filter((r) => r !== except);
    for (const rid of liveId ? [liveId, ...kept.filter((k) => k !== liveId)] : kept) {
      const m = await this.#manifest(rid);
      if (!m) continue;
      for (const [p, h] of Object.entries(m.files)) if (!byHash.has(h)) byHash.set(h, path.join(this.dirOf(rid), p));
    }
    return byHash;
  }

  /**
   * Stages onto a hard-linked copy of the live release (`present`: its path → hash). A changed
   * file is linked from where the publisher wrote it (its work folder, on the same disk), or
   * copied when it cannot be linked.
   */
  async #stageOnto(
    dir: string,
    id: string,
    files: readonly ReleaseFile[],
    present: Record<string, string>,
  ): Promise<StageResult> {
    // Links to the live release's own: this folder is not that release.
    await rm(path.join(dir, MANIFEST), { force: true });
    await rm(path.join(dir, INFO), { force: true });
    let written = 0;
    let reused = 0;
    let byHash: Map<string, string> | null = null;
    const manifestFiles: Record<string, string> = {};
    const made = new Set<string>();
    for (const file of files) {
      if (file.path.startsWith('/') || file.path.split('/').includes('..')) throw new Error(`bad path ${file.path}`);
      manifestFiles[file.path] = file.hash;
      if (present[file.path] === file.hash) {
        reused++;
        continue;
      }
      const to = path.join(dir, file.path);
      const parent = path.dirname(to);
      if (!made.has(parent)) {
        await mkdir(parent, { recursive: true });
        made.add(parent);
      }
      await rm(to, { force: true });
      try {
        await link(file.source, to);
      } catch {
        // Not linkable (another disk), or gone (a source in a release pruned since): by hash.
        byHash ??= await this.#byHash(id);
        const existing = byHash.get(file.hash);
        await (existing ? link(existing, to) : copyFile(file.source, to));
      }
      written++;
    }
    for (const p of Object.keys(present)) if (!(p in manifestFiles)) await rm(path.join(dir, p), { force: true });
    const manifest: Manifest = {
      id,
      publishedAt: new Date().toISOString(),
      files: manifestFiles,
      tags: tagsOf(files),
    };
    await this.#writeManifest(dir, manifest);
    return { written, reused };
  }

  async files(id: string): Promise<Map<string, ReleasedFile> | null> {
    const m = await this.#manifest(id);
    if (!m) return null;
    return new Map(Object.entries(m.files).map(([p, hash]) => [p, { hash, tags: m.tags?.[p] }]));
  }

  async activate(id: string): Promise<void> {
    const info = await this.#info(id);
    if (!info) throw new Error(`release ${id} is not staged`);
    // Written anew, not in place: the file may be a hard link shared with a copy.
    const infoPath = path.join(this.dirOf(id), INFO);
    await writeFile(`${infoPath}.tmp`, JSON.stringify({ id: info.id, publishedAt: new Date().toISOString() }));
    await rename(`${infoPath}.tmp`, infoPath);
    const tmp = path.join(this.root, `.live-${process.pid}-${Date.now()}`);
    await symlink(path.join('releases', id), tmp);
    await rename(tmp, this.livePath); // atomic on POSIX: readers see the old or the new release
  }

  async rollback(): Promise<ReleaseInfo> {
    const liveId = await this.#liveId();
    const all = await this.list();
    const index = all.findIndex((r) => r.id === liveId);
    const previous = index >= 0 ? all[index + 1] : undefined;
    if (!previous) throw new Error('no earlier release to roll back to');
    await this.activate(previous.id);
    return (await this.live())!;
  }

  async prune(keep: number): Promise<string[]> {
    const liveId = await this.#liveId();
    const all = await this.list();
    const doomed = all.slice(Math.max(1, keep)).filter((r) => r.id !== liveId);
    // Files are hard links: removing a release folder frees only bytes no kept release links.
    // The newest dropped folder (the fewest differences) becomes the next stage's copy of the
    // live release instead.
    let recycled = false;
    for (const r of doomed) {
      if (!recycled && liveId && (await this.#recycle(r.id, liveId))) recycled = true;
      else await rm(this.dirOf(r.id), { recursive: true, force: true });
      this.#manifests.delete(r.id); // parsed manifests of dropped releases are not kept
    }
    // Half-staged releases (no manifest) older than the newest kept one go too.
    try {
      for (const id of await readdir(this.releases)) {
        if (all.some((r) => r.id === id) || id === `.next-${liveId}`) continue;
        const s = await stat(this.dirOf(id));
        if (Date.now() - s.mtimeMs > 3_600_000) await rm(this.dirOf(id), { recursive: true, force: true });
      }
    } catch {
      /* no releases folder */
    }
    return doomed.map((r) => r.id);
  }
}
