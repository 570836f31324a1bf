/**
 * The `dir` release store: releases are folders under PUBLISH_DIR/releases/<id>/, the live
 * one is named by the symlink PUBLISH_DIR/live (→ releases/<id>), swapped in one step by
 * renaming a fresh symlink over it. A file whose hash a kept release already has is hard-linked
 * from there instead of copied. Each release keeps its manifest (its id, time and the hash and
 * cache tags of every file) so later stages and prunes know what it holds.
 *
 * A stage builds on a _spare_: a folder holding a recent release's files (the release a prune
 * dropped, renamed, or a `cp -al` copy of the live release made in the background by
 * `prepareNext()`), changing only the files that differ. Files are never written in place: a
 * changed file is removed and written anew, so the release it was linked from keeps its bytes.
 *
 * This class is the store's entry point; its parts are in ./dir/:
 *
 * - staging.ts: a stage, on a spare or afresh; next-release.ts: what it is to make;
 * - spares.ts: the spare folders, copies.ts: the `cp` processes that fill them;
 * - manifests.ts (and bucketed.ts): the manifests in parts, read and written;
 * - background.ts: the background commands and the holds that stop them while an edit publishes;
 * - deltas.ts: what changed between the releases staged here;
 * - recovery.ts: what a killed process or a prune leaves, cleaned up.
 */
import { copyFile, link, readdir, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { linkSync } from 'node:fs';
import path from 'node:path';
import { faultPoint } from '../fault.ts';
import type { ReleasedFile, ReleaseInfo, ReleaseStore, StageFiles, StageHint, StageResult } from './types.ts';
import { Background } from './dir/background.ts';
import type { DirContext } from './dir/context.ts';
import type { StageIo } from './dir/placing.ts';
import { Deltas } from './dir/deltas.ts';
import { INFO, ReleaseManifests } from './dir/manifests.ts';
import { recoverLeftovers, sweepLeftovers } from './dir/recovery.ts';
import { SPARES, Spares } from './dir/spares.ts';
import { stageError, stageRelease } from './dir/staging.ts';

export type { StageIo } from './dir/placing.ts';
/** @internal The bucket of a site path, for tests of the manifest's parts. */
export { bucketOf } from './dir/bucketed.ts';
/** @internal A release folder's manifest, for tests that read what went live. */
export { readReleaseManifest } from './dir/manifests.ts';
/** The cache tags of a release folder's paths, for the site server. */
export { releaseTags } from './dir/manifests.ts';

export interface DirStoreOptions {
  /** PUBLISH_DIR */
  root: string;
  /** The stage's writes (default node:fs/promises). */
  io?: Partial<StageIo>;
}

export class DirReleaseStore implements ReleaseStore {
  readonly root: string;
  readonly releases: string;
  readonly livePath: string;
  /** sirv (site-server.ts) serves `.br` / `.gz` twins. */
  readonly precompressed = true;

  readonly #ctx: DirContext;
  readonly #spares: Spares;

  constructor({ root, io = {} }: DirStoreOptions) {
    this.root = path.resolve(root);
    this.releases = path.join(this.root, 'releases');
    this.livePath = path.join(this.root, 'live');
    const fullIo: StageIo = { copyFile, link, linkSync, writeFile, ...io };
    const dirOf = (id: string) => this.dirOf(id);
    this.#ctx = {
      releases: this.releases,
      io: fullIo,
      manifests: new ReleaseManifests(dirOf, fullIo),
      background: new Background(this.releases),
      deltas: new Deltas(),
      dirOf,
      liveId: () => this.#liveId(),
      list: () => this.list(),
    };
    this.#spares = new Spares(this.#ctx);
  }

  /** Spare folders ready now (for tests and /status-like reports). */
  get spares(): number {
    return this.#spares.count;
  }

  /**
   * Stops the background copies and deletions (SIGSTOP; SIGCONT once every hold is let go) while
   * an edit publishes, so that its re-read, render and stage have both cores and the disk. A
   * stage that has to wait for a copy, and `sparesReady()`, let the work go on meanwhile.
   * Returns the function that lets this hold go (idempotent).
   */
  hold(): () => void {
    return this.#ctx.background.hold();
  }

  /** True while the background work is stopped. */
  get held(): boolean {
    return this.#ctx.background.held;
  }

  /**
   * Starts hard-linked copies of the live release in the background until `target` spares are
   * ready (./dir/spares.ts).
   */
  prepareNext(target = SPARES): void {
    this.#spares.prepareNext(target);
  }

  /**
   * Resolves when the background copies `prepareNext()` started are done: they go on meanwhile
   * even while held, unless `whenHeld` is 'wait' (ready after a start: an edit keeps them stopped).
   */
  async sparesReady(o: { whenHeld?: 'go on' | 'wait' } = {}): Promise<void> {
    await this.#spares.whenCopied(o);
  }

  /** Resolves when the folders dropped so far are deleted (tests). */
  async settled(): Promise<void> {
    await this.sparesReady();
    await this.#ctx.background.deleted();
  }

  /** Starts bringing one spare up to the live release, copying nothing; called at the switch. */
  refreshSpare(): void {
    this.#spares.refreshSpare();
  }

  /** The folder a release's files are in. */
  dirOf(id: string): string {
    return path.join(this.releases, id);
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
    return id ? this.#ctx.manifests.info(id) : null;
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
      const info = await this.#ctx.manifests.info(id);
      if (info) out.push(info);
    }
    return out;
  }

  /**
   * Removes what a process that died mid-publish left (./dir/recovery.ts). Called once at start,
   * before anything is staged. Returns the names removed.
   */
  recover(): Promise<string[]> {
    return recoverLeftovers(this.#ctx, this.root);
  }

  async stage(id: string, files: StageFiles, hint?: StageHint): Promise<StageResult> {
    if (!/^\w[\w.-]*$/.test(id)) throw new Error(`bad release id ${id}`);
    const dir = this.dirOf(id);
    try {
      return await stageRelease(this.#ctx, this.#spares, id, dir, files, hint);
    } catch (error) {
      this.#ctx.manifests.forget(id);
      await rm(dir, { recursive: true, force: true }).catch(() => {});
      throw stageError(id, dir, error);
    }
  }

  async files(id: string): Promise<Map<string, ReleasedFile> | null> {
    const m = await this.#ctx.manifests.get(id);
    if (!m) return null;
    return new Map([...m.files].map(([p, hash]) => [p, { hash, tags: m.tags.get(p) }]));
  }

  async activate(id: string): Promise<void> {
    const info = await this.#ctx.manifests.info(id);
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
    const live = liveId ? await this.#ctx.manifests.get(liveId) : null;
    const all = await this.list();
    const doomed = all.slice(Math.max(1, keep)).filter((r) => r.id !== liveId);
    // Files are hard links: removing a release folder frees only bytes no kept release links.
    // A dropped folder close to the live release becomes a spare for the next stage instead of
    // being deleted; the others are deleted in the background (unlinks a stage does not wait for).
    for (const r of doomed) {
      const m = await this.#ctx.manifests.get(r.id);
      this.#ctx.manifests.forget(r.id); // parsed manifests of dropped releases are not kept
      if (!(await this.#spares.recycle(r.id, m, liveId, live))) this.#ctx.background.throwAway(this.dirOf(r.id));
    }
    await sweepLeftovers(this.#ctx, all, this.#spares.names());
    return doomed.map((r) => r.id);
  }
}
