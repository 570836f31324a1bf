/**
 * The `dir` release store: releases are folders under PUBLISH_DIR/releases/<id>/, the live
 * one is named by the symlink PUBLISH_DIR/live (→ releases/<id>), swapped in one step by
 * renaming a fresh symlink over it. A file whose hash the previous live release already has
 * is hard-linked from there instead of copied. Each release keeps `.release.json` (its id,
 * time and the hash of every file) so later stages and prunes know what it holds.
 *
 * Hard-linking 20,000 files one by one takes seconds, so a stage builds on a _spare_: a folder
 * holding a recent release's files (the release a prune dropped, renamed, or a `cp -al` copy of
 * the live release made in the background by `prepareNext()`), changing only the files that
 * differ. Two spares are kept ready, so back-to-back edits do not wait for a copy. Files are
 * never written in place: a changed file is removed and written anew, so the release it was
 * linked from keeps its bytes.
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
import pMap from 'p-map';
import { faultPoint } from '../fault.ts';
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

/** The writes a stage makes, injectable so that tests can fill the disk (ENOSPC) on the staging folder. */
export interface StageIo {
  copyFile: typeof copyFile;
  link: typeof link;
  writeFile: typeof writeFile;
}

export interface DirStoreOptions {
  /** PUBLISH_DIR */
  root: string;
  /** The stage's writes (default node:fs/promises). */
  io?: Partial<StageIo>;
}

/** One line for an operator: what failed, where, and that nothing went live. */
function stageError(id: string, dir: string, error: unknown): Error {
  const e = error as NodeJS.ErrnoException;
  const why =
    e.code === 'ENOSPC'
      ? `no space left on the device of ${dir} (ENOSPC)`
      : e.code
        ? `${e.code}: ${e.message}`
        : String(e.message ?? e);
  return new Error(`staging release ${id} failed: ${why}; the partial release was removed and the live release stays`, {
    cause: error,
  });
}

export class DirReleaseStore implements ReleaseStore {
  readonly root: string;
  readonly releases: string;
  readonly livePath: string;
  /** sirv (site-server.ts) serves `.br` / `.gz` twins. */
  readonly precompressed = true;

  readonly #io: StageIo;

  constructor({ root, io = {} }: DirStoreOptions) {
    this.#io = { copyFile, link, writeFile, ...io };
    this.root = path.resolve(root);
    this.releases = path.join(this.root, 'releases');
    this.livePath = path.join(this.root, 'live');
  }

  /**
   * Spare folders: each a hard-linked copy of the files of release `from` (no manifest), ready
   * for a stage to build on. A stage takes the one closest to the files it stages and changes
   * only the files that differ; a prune turns the release it drops into one when it is close to
   * the live release (an edit apart); `prepareNext()` copies the live release (`cp -al`, in the
   * background) while there are fewer than SPARES.
   */
  #spares: Spare[] = [];
  /** The copy being made in the background, if any. */
  #copying: Promise<void> | null = null;
  /** Folders being deleted in the background (dropped releases, stale spares). */
  #trash: Promise<void> = Promise.resolve();
  #spareSeq = 0;
  /** How many spares the copies under way aim at (SPARES, more after a big publish). */
  #target = SPARES;

  /** Spare folders ready now (for tests and /status-like reports). */
  get spares(): number {
    return this.#spares.length;
  }

  /**
   * Starts hard-linked copies of the live release, one after the other in the background, until
   * SPARES are ready (a prune's recycled folder counts: in the steady state no copy is made).
   * Spares far from the live release (a base release without the twins the live one has) are
   * dropped first: bringing one up to date would cost as much as a copy.
   */
  prepareNext(target = SPARES): void {
    this.#target = Math.max(this.#target, target);
    if (this.#copying) return;
    this.#copying = (async () => {
      for (;;) {
        const liveId = await this.#liveId();
        const live = liveId ? await this.#manifest(liveId) : null;
        if (!liveId || !live) return;
        for (const spare of [...this.#spares]) {
          if (spare.closeTo === liveId) continue; // checked already (60,000 paths: not at every turn)
          if (this.#closeTo(spare.from, spare.files, liveId, live.files)) spare.closeTo = liveId;
          else this.#dropSpare(spare);
        }
        if (this.#spares.length >= this.#target) return;
        const dir = path.join(this.releases, `.spare-${process.pid}-${this.#spareSeq++}`);
        await rm(dir, { recursive: true, force: true });
        try {
          await run('cp', ['-al', this.dirOf(liveId), dir]);
          await rm(path.join(dir, MANIFEST), { force: true });
          await rm(path.join(dir, INFO), { force: true });
        } catch {
          this.#throwAway(dir);
          return;
        }
        this.#spares.push({ dir, from: liveId, files: live.files, closeTo: liveId });
      }
    })()
      .catch(() => {})
      .finally(() => {
        this.#copying = null;
        this.#target = SPARES;
      });
  }

  /** Resolves when the background copies `prepareNext()` started are done. */
  async sparesReady(): Promise<void> {
    while (this.#copying) await this.#copying;
  }

  /** Resolves when the folders dropped so far are deleted (tests). */
  async settled(): Promise<void> {
    await this.sparesReady();
    await this.#trash;
  }

  #dropSpare(spare: Spare): void {
    this.#spares = this.#spares.filter((s) => s !== spare);
    this.#throwAway(spare.dir);
  }

  /** Deletes a folder in the background, renamed out of the way first (a stage never waits for it). */
  #throwAway(dir: string): void {
    const trash = path.join(this.releases, `.trash-${process.pid}-${this.#spareSeq++}`);
    const renamed = rename(dir, trash).then(
      () => trash,
      () => dir,
    );
    // `rm -rf` in a child process: 20,000 unlinks through fs.rm would keep this process's event
    // loop and thread pool (where the twins compress) busy while the next edit renders.
    this.#trash = this.#trash.then(async () => {
      const dir = await renamed;
      await run('rm', ['-rf', '--', dir]).catch(() => rm(dir, { recursive: true, force: true }).catch(() => {}));
    });
  }

  /**
   * Takes the ready spare with the fewest files that differ from `files`, or waits for the copy
   * under way when none is ready (only right after a base release, before any copy exists).
   */
  async #takeSpare(files: readonly ReleaseFile[]): Promise<Spare | null> {
    const pick = () => {
      let best: Spare | null = null;
      let bestDiff = Infinity;
      for (const spare of this.#spares) {
        let diff = 0;
        for (const f of files) if (spare.files[f.path] !== f.hash) diff++;
        if (diff < bestDiff) [best, bestDiff] = [spare, diff];
      }
      return { best, close: bestDiff <= Math.max(64, files.length / 10) };
    };
    const first = pick();
    let best = first.best;
    if (!first.close && this.#copying) {
      await this.#copying;
      best = pick().best;
    }
    if (best) this.#spares = this.#spares.filter((s) => s !== best);
    return best;
  }

  /** The folder a release's files are in. */
  dirOf(id: string): string {
    return path.join(this.releases, id);
  }

  /**
   * Releases this process staged onto a spare: the live release each was staged over, and how
   * many paths differ between the two (came, went or changed). Summed along a chain, they bound
   * how far an older release is from the live one without comparing 60,000 paths (`#closeTo`).
   */
  #deltas = new Map<string, { over: string; changed: number }>();

  #noteDelta(id: string, over: string, changed: number): void {
    this.#deltas.set(id, { over, changed });
    // A chain longer than the releases kept plus spares is never walked: the oldest go.
    for (const old of this.#deltas.keys()) {
      if (this.#deltas.size <= DELTAS_KEPT) break;
      this.#deltas.delete(old);
    }
  }

  /**
   * Whether a folder holding release `fromId` (its files `from`) is worth bringing to release
   * `toId` file by file (`closeEnough`). When the releases between them were all staged here,
   * the sum of their deltas says so without a look at the files (an upper bound: a path changed
   * twice counts twice); otherwise, or when that sum is over the limit, the files are compared.
   */
  #closeTo(fromId: string, from: Record<string, string>, toId: string, to: Record<string, string>): boolean {
    let bound = 0;
    for (let id = toId; id !== fromId;) {
      const d = this.#deltas.get(id);
      if (!d) return closeEnough(from, to);
      bound += d.changed;
      id = d.over;
    }
    return bound <= closeLimit(sizeOf(to)) || closeEnough(from, to);
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
    // Through a temporary name: a manifest is whole or absent (a kill mid-write leaves none).
    await this.#io.writeFile(path.join(dir, `${MANIFEST}.tmp`), JSON.stringify(manifest));
    await rename(path.join(dir, `${MANIFEST}.tmp`), path.join(dir, MANIFEST));
    // Kept parsed: the next stage reads it as the live release's (no parse of 60,000 paths).
    const s = await stat(path.join(dir, MANIFEST));
    this.#manifests.set(manifest.id, { stamp: `${s.ino} ${s.size} ${s.mtimeMs}`, manifest });
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

  /**
   * Removes what a process that died mid-publish left (called once at start, before anything is
   * staged): spare and trash folders, folders of releases whose stage never finished (no
   * manifest), a `live` link being made. One publisher per PUBLISH_DIR. Returns the names removed.
   */
  async recover(): Promise<string[]> {
    const removed: string[] = [];
    const liveId = await this.#liveId();
    let names: string[] = [];
    try {
      names = await readdir(this.releases);
    } catch {
      /* nothing published yet */
    }
    for (const name of names) {
      if (name === liveId) continue;
      if (name.startsWith('.') || !(await this.#manifest(name))) {
        await rm(this.dirOf(name), { recursive: true, force: true });
        removed.push(`releases/${name}`);
      }
    }
    for (const name of await readdir(this.root).catch(() => [] as string[]))
      if (name.startsWith('.live-')) {
        await rm(path.join(this.root, name), { force: true });
        removed.push(name);
      }
    return removed;
  }

  async stage(id: string, files: readonly ReleaseFile[]): Promise<StageResult> {
    if (!/^\w[\w.-]*$/.test(id)) throw new Error(`bad release id ${id}`);
    const dir = this.dirOf(id);
    try {
      return await this.#stage(id, dir, files);
    } catch (error) {
      this.#manifests.delete(id);
      await rm(dir, { recursive: true, force: true }).catch(() => {});
      throw stageError(id, dir, error);
    }
  }

  async #stage(id: string, dir: string, files: readonly ReleaseFile[]): Promise<StageResult> {
    const spare = await this.#takeSpare(files);
    if (spare) {
      await rm(dir, { recursive: true, force: true });
      const moved = await rename(spare.dir, dir).then(
        () => true,
        () => false,
      );
      if (moved) {
        const liveId = await this.#liveId();
        const live = (liveId && (await this.#manifest(liveId))?.files) || {};
        const staged = await this.#stageOnto(dir, id, files, spare.files, live);
        if (liveId) this.#noteDelta(id, liveId, staged.changed);
        return { written: staged.written, reused: staged.reused };
      }
      this.#throwAway(spare.dir);
    }
    await mkdir(dir, { recursive: true });
    const byHash = await this.#byHash(id);
    let written = 0;
    let reused = 0;
    const madeDirs = new Set<string>();
    const manifestFiles: Record<string, string> = {};
    const half = Math.floor(files.length / 2);
    for (const [i, file] of files.entries()) {
      if (i === half) faultPoint('stage');
      if (badPath(file.path)) throw new Error(`bad path ${file.path}`);
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
          await this.#io.link(existing, to);
          reused++;
          continue;
        } catch (error) {
          // the old file went away (pruned): copy the new bytes instead
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw error;
        }
      }
      await this.#io.copyFile(file.source, to);
      written++;
    }
    sizes.set(manifestFiles, files.length); // paths are unique: no count of 60,000 keys later
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
   * Stages onto a spare folder (`present`: the path → hash of the files it holds). A file that
   * differs is linked from where the publisher wrote it (its work folder, on the same disk, or
   * the live release), or copied when it cannot be linked. `written` and `reused` count against
   * the live release (`live`), as a fresh stage would.
   */
  async #stageOnto(
    dir: string,
    id: string,
    files: readonly ReleaseFile[],
    present: Record<string, string>,
    live: Record<string, string>,
  ): Promise<StageResult & { changed: number }> {
    // Links to the live release's own: this folder is not that release.
    await rm(path.join(dir, MANIFEST), { force: true });
    await rm(path.join(dir, INFO), { force: true });
    let written = 0;
    let reused = 0;
    let byHash: Promise<Map<string, string>> | null = null;
    const manifestFiles: Record<string, string> = {};
    const made = new Set<string>();
    const toPlace: Array<{ file: ReleaseFile; to: string }> = [];
    let placed = 0;
    let inLive = 0;
    for (const file of files) {
      if (badPath(file.path)) throw new Error(`bad path ${file.path}`);
      manifestFiles[file.path] = file.hash;
      const before = live[file.path];
      if (before !== undefined) inLive++;
      if (before === file.hash) reused++;
      else written++;
      if (present[file.path] === file.hash) continue;
      const to = path.join(dir, file.path);
      const parent = path.dirname(to);
      if (!made.has(parent)) {
        await mkdir(parent, { recursive: true });
        made.add(parent);
      }
      toPlace.push({ file, to });
    }
    // Several at a time: a create's release stages onto a spare a few releases old, whose later
    // list pages and twins differ (thousands of unlink + link, one after the other about 0.3 ms each).
    await pMap(
      toPlace,
      async ({ file, to }) => {
        if (placed++ === Math.floor(toPlace.length / 2)) faultPoint('stage');
        await rm(to, { force: true });
        try {
          await this.#io.link(file.source, to);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw error;
          // Not linkable (another disk), or gone (a source in a release pruned since): by hash.
          byHash ??= this.#byHash(id);
          const existing = (await byHash).get(file.hash);
          await (existing ? this.#io.link(existing, to) : this.#io.copyFile(file.source, to));
        }
      },
      { concurrency: PLACE_IN_FLIGHT },
    );
    const parents = new Set<string>();
    for (const p of Object.keys(present)) {
      if (p in manifestFiles) continue;
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
    sizes.set(manifestFiles, files.length); // paths are unique: no count of 60,000 keys later
    const manifest: Manifest = {
      id,
      publishedAt: new Date().toISOString(),
      files: manifestFiles,
      tags: tagsOf(files),
    };
    await this.#writeManifest(dir, manifest);
    // Paths that came or changed, and those of the live release that went.
    return { written, reused, changed: written + (sizeOf(live) - inLive) };
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
    faultPoint('activate');
    await rename(tmp, this.livePath); // atomic on POSIX: readers see the old or the new release
    faultPoint('switched');
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
    const live = liveId ? await this.#manifest(liveId) : null;
    const all = await this.list();
    const doomed = all.slice(Math.max(1, keep)).filter((r) => r.id !== liveId);
    // Files are hard links: removing a release folder frees only bytes no kept release links.
    // A dropped folder close to the live release (the newest, an edit or a few apart) becomes a
    // spare for the next stage instead of being deleted; the others are deleted in the
    // background (20,000 unlinks a stage does not wait for).
    for (const r of doomed) {
      const m = await this.#manifest(r.id);
      this.#manifests.delete(r.id); // parsed manifests of dropped releases are not kept
      if (m && live && liveId && this.#spares.length < SPARES && this.#closeTo(r.id, m.files, liveId, live.files)) {
        const dir = path.join(this.releases, `.spare-${process.pid}-${this.#spareSeq++}`);
        const renamed = await rename(this.dirOf(r.id), dir).then(
          () => true,
          () => false,
        );
        if (renamed) {
          await rm(path.join(dir, MANIFEST), { force: true });
          await rm(path.join(dir, INFO), { force: true });
          this.#spares.push({ dir, from: r.id, files: m.files, closeTo: liveId! });
          continue;
        }
      }
      this.#throwAway(this.dirOf(r.id));
    }
    // Half-staged releases (no manifest) older than an hour, and spare or trash folders this
    // process does not know (left by an earlier one), go too.
    try {
      const mine = new Set(this.#spares.map((sp) => path.basename(sp.dir)));
      for (const id of await readdir(this.releases)) {
        if (all.some((r) => r.id === id) || mine.has(id)) continue;
        if (id.startsWith('.')) {
          if (!id.startsWith(`.spare-${process.pid}-`) && !id.startsWith(`.trash-${process.pid}-`))
            this.#throwAway(this.dirOf(id));
          continue;
        }
        const st = await stat(this.dirOf(id));
        if (Date.now() - st.mtimeMs > 3_600_000) this.#throwAway(this.dirOf(id));
      }
    } catch {
      /* no releases folder */
    }
    return doomed.map((r) => r.id);
  }
}

/** An absolute path or one with a `..` segment (split only when `..` occurs: 60,000 paths a stage). */
const badPath = (p: string) => p.startsWith('/') || (p.includes('..') && p.split('/').includes('..'));

interface Spare {
  dir: string;
  /** The release whose files it holds. */
  from: string;
  /** path → sha256 of those files. */
  files: Record<string, string>;
  /** The live release it was last found close to (closeEnough). */
  closeTo?: string;
}

/**
 * Spare folders kept ready: one for the next stage, one more so that back-to-back edits find
 * one while the copy that replaces the first is still being made (before KEEP_RELEASES releases
 * exist, no prune has a folder to recycle).
 */
const SPARES = 2;

/**
 * Whether a folder holding `from` is worth bringing to `to` file by file: fewer differences
 * than a tenth of the files (an edit changes a few dozen; a base release lacks two thirds of a
 * release with twins, and a hard-linked copy is then cheaper).
 */
function closeEnough(from: Record<string, string>, to: Record<string, string>): boolean {
  const limit = closeLimit(sizeOf(to));
  let diff = 0;
  // `for … in`, not Object.entries: no array of 60,000 pairs at each check.
  for (const p in to) if (from[p] !== to[p] && ++diff > limit) return false;
  for (const p in from) if (!(p in to) && ++diff > limit) return false;
  return true;
}

/** Files a stage onto a spare links at once (on libuv's thread pool). */
const PLACE_IN_FLIGHT = 16;

/** The differences `closeEnough` allows a folder of `size` files: a tenth of them, at least 64. */
const closeLimit = (size: number) => Math.max(64, size / 10);

/** Deltas kept for `#closeTo`: more than any chain between a kept release or spare and the live one. */
const DELTAS_KEPT = 64;

/** Paths of a manifest's files (counted once per parsed manifest: they never change). */
const sizes = new WeakMap<Record<string, string>, number>();
function sizeOf(files: Record<string, string>): number {
  let size = sizes.get(files);
  if (size === undefined) {
    size = 0;
    for (const _ in files) size++;
    sizes.set(files, size);
  }
  return size;
}
