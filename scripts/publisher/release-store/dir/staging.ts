/**
 * Staging a dir release: the next release's folder made whole before anything goes live. On a
 * spare (./spares.ts) only the files that differ are linked or removed; with none to build on,
 * every file is linked from a kept release with the same bytes or copied, and linked into a new
 * spare as well. The manifest is written last (./manifests.ts).
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { faultPoint } from '../../fault.ts';
import { linkBatched, removeBatched } from '../batched.ts';
import { listFiles, type ReleaseFile, type StageFiles, type StageHint, type StageResult } from '../types.ts';
import type { Bucketed } from './bucketed.ts';
import type { DirContext } from './context.ts';
import { folderMaker, PLACE_IN_FLIGHT, settledMap } from './placing.ts';
import { stripManifest, type Manifest } from './manifests.ts';
import { nextFromHint, nextRelease, type NextRelease } from './next-release.ts';
import type { Spares, Taken } from './spares.ts';

/** A stage under way: the release, its folder, what it is to hold and the live release it follows. */
interface Stage {
  id: string;
  dir: string;
  next: NextRelease;
  live: Manifest | null;
  liveId: string | null;
}

/** Milliseconds since the last call (the first: since this was made). */
function lapTimer(): () => number {
  let mark = performance.now();
  return () => {
    const ms = performance.now() - mark;
    mark += ms;
    return ms;
  };
}

/**
 * Stages release `id` in `dir`: on the spare closest to it when there is one, else afresh.
 * `listed` is listed only when the stage needs every file (no `hint` over the live release).
 */
export async function stageRelease(
  ctx: DirContext,
  spares: Spares,
  id: string,
  dir: string,
  listed: StageFiles,
  hint?: StageHint,
): Promise<StageResult> {
  const liveId = await ctx.liveId();
  const live = liveId ? await ctx.manifests.get(liveId) : null;
  let files: readonly ReleaseFile[] | null = null;
  const all = () => (files ??= listFiles(listed));
  const next =
    live && hint?.over === liveId ? nextFromHint(id, live, ctx.dirOf(liveId), hint) : nextRelease(id, all(), live);
  const stage: Stage = { id, dir, next, live, liveId };
  const lap = lapTimer();
  const taken = await spares.take(next, liveId);
  const spareWait = lap();
  if (taken) {
    const staged = await stageOnSpare(ctx, stage, taken, spareWait, lap);
    if (staged) return staged;
  }
  return stageAfresh(ctx, spares, stage, all());
}

/** The stage on a spare taken for it; null when the spare could not be moved to the release's folder (thrown away). */
async function stageOnSpare(
  ctx: DirContext,
  stage: Stage,
  taken: Taken,
  spareWait: number,
  lap: () => number,
): Promise<StageResult | null> {
  const { id, dir, next, live, liveId } = stage;
  await rm(dir, { recursive: true, force: true });
  const moved = await rename(taken.spare.dir, dir).then(
    () => true,
    () => false,
  );
  if (!moved) {
    ctx.background.throwAway(taken.spare.dir);
    return null;
  }
  await stageOnto(ctx, stage, taken.spare.files, taken.differ);
  const place = lap();
  await ctx.manifests.write(dir, next, live);
  if (liveId) ctx.deltas.note(id, liveId, next.changed);
  // `written` and `reused` count against the live release, as a fresh stage would.
  return { written: next.written, reused: next.reused, steps: { spareWait, place, manifest: lap() } };
}

/**
 * A spare made beside a stage that has none to build on (a base release): each file placed is
 * linked into it as well, so the first edit after it stages on one at once instead of waiting
 * for a copy of the whole release. Optional: a link that fails drops it.
 */
class SpareBeside {
  readonly #ctx: DirContext;
  readonly #folder = folderMaker();
  #dir: string | null;

  constructor(ctx: DirContext) {
    this.#ctx = ctx;
    this.#dir = ctx.background.newFolder('spare');
  }

  /** Its folder, or null once dropped. */
  get dir(): string | null {
    return this.#dir;
  }

  /** Links the file just placed at `from` (site path `p`) into the spare. */
  async link(from: string, p: string): Promise<void> {
    if (!this.#dir) return;
    const to = path.join(this.#dir, p);
    try {
      await this.#folder(to);
      await this.#ctx.io.link(from, to);
    } catch {
      this.drop();
    }
  }

  drop(): void {
    if (this.#dir) this.#ctx.background.throwAway(this.#dir);
    this.#dir = null;
  }
}

/** A stage with no spare to build on: every file placed, and a spare made beside it when none is on the way. */
async function stageAfresh(
  ctx: DirContext,
  spares: Spares,
  stage: Stage,
  files: readonly ReleaseFile[],
): Promise<StageResult> {
  const { id, dir, next, live, liveId } = stage;
  await mkdir(dir, { recursive: true });
  const byHash = await keptByHash(ctx, id);
  const beside = spares.count === 0 && !spares.copying ? new SpareBeside(ctx) : null;
  const dropBeside = (error: unknown) => {
    beside?.drop();
    throw error;
  };
  const placed = await placeEvery(ctx, dir, files, byHash, beside).catch(dropBeside);
  await ctx.manifests.write(dir, next, live).catch(dropBeside);
  if (liveId) ctx.deltas.note(id, liveId, next.changed);
  if (beside?.dir) spares.adopt({ dir: beside.dir, from: id, files: next.manifest.files, closeTo: id });
  return placed;
}

/**
 * Places every file in `dir`: linked from a kept release that has its bytes, else copied;
 * several at once on the thread pool (a base release places every file of the build). Every
 * file settled before a failure is thrown: none is written after the partial release is removed.
 */
async function placeEvery(
  ctx: DirContext,
  dir: string,
  files: readonly ReleaseFile[],
  byHash: ReadonlyMap<string, string>,
  beside: SpareBeside | null,
): Promise<StageResult> {
  let written = 0;
  let reused = 0;
  const folder = folderMaker();
  const half = Math.floor(files.length / 2);
  await settledMap(
    files,
    async (file, i) => {
      if (i === half) faultPoint('stage');
      const to = path.join(dir, file.path);
      await folder(to);
      await rm(to, { force: true });
      const existing = byHash.get(file.hash);
      if (existing) {
        try {
          await ctx.io.link(existing, to);
          reused++;
          return await beside?.link(to, file.path);
        } catch (error) {
          // the old file went away (pruned): copy the new bytes instead
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw error;
        }
      }
      await ctx.io.copyFile(file.source, to);
      written++;
      await beside?.link(to, file.path);
    },
    PLACE_IN_FLIGHT,
  );
  return { written, reused };
}

/** Files by hash from every kept release but `except`, newest first (the live one wins). */
async function keptByHash(ctx: DirContext, except: string): Promise<Map<string, string>> {
  const byHash = new Map<string, string>();
  const liveId = await ctx.liveId();
  const kept = (await ctx.list()).map((r) => r.id).filter((r) => r !== except);
  for (const rid of liveId ? [liveId, ...kept.filter((k) => k !== liveId)] : kept) {
    const m = await ctx.manifests.get(rid);
    if (!m) continue;
    for (const [p, h] of m.files) if (!byHash.has(h)) byHash.set(h, path.join(ctx.dirOf(rid), p));
  }
  return byHash;
}

/**
 * Brings a spare folder, moved to the stage's folder (`present`: the path → hash of the files it
 * holds), to the next release: the paths in `differ` (every path when null). A file that differs
 * is linked from where the publisher wrote it (its work folder, on the same disk, or the live
 * release), or copied when it cannot be linked; a file the next release lacks is removed.
 */
async function stageOnto(
  ctx: DirContext,
  { id, dir, next }: Stage,
  present: Bucketed<string>,
  differ: ReadonlySet<string> | null,
): Promise<void> {
  // Links to the live release's own: this folder is not that release.
  await stripManifest(dir);
  const files = next.manifest.files;
  let paths = differ;
  if (!paths) {
    const all = new Set<string>();
    for (const [p, hash] of files) if (present.get(p) !== hash) all.add(p);
    for (const p of present.keys()) if (!files.has(p)) all.add(p);
    paths = all;
  }
  const toPlace: Array<{ file: ReleaseFile; to: string }> = [];
  const gone: string[] = [];
  for (const p of paths) {
    const file = next.fileAt(p);
    if (!file) {
      if (present.has(p)) gone.push(p);
      continue;
    }
    if (present.get(p) === file.hash) continue;
    toPlace.push({ file, to: path.join(dir, p) });
  }
  // Linked synchronously, a batch at a time (../batched.ts): a menu's release places every page.
  const left = await linkBatched(
    toPlace.map(({ file, to }) => ({ file, from: file.source, to })),
    ctx.io.linkSync,
    () => faultPoint('stage'),
  );
  const folder = folderMaker();
  let byHash: Promise<Map<string, string>> | null = null;
  // Not linkable (another disk), or gone (a source in a release pruned since): by hash, or copied.
  await settledMap(
    left,
    async ({ file, to }) => {
      byHash ??= keptByHash(ctx, id);
      const existing = (await byHash).get(file.hash);
      await folder(to);
      await (existing ? ctx.io.link(existing, to) : ctx.io.copyFile(file.source, to));
    },
    PLACE_IN_FLIGHT,
  );
  await removeBatched(dir, gone);
}

/** One line for an operator: what failed, where, and that nothing went live. */
export function stageError(id: string, dir: string, error: unknown): Error {
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
