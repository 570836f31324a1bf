/**
 * Spare folders: each a hard-linked copy of the files of a recent release (no manifest), ready for
 * a stage to build on, so that a stage changes only the files that differ instead of linking a
 * whole release. A prune turns the release it drops into one when it is close to the live release
 * (`recycle`); `prepareNext()` copies the live release in the background while there are fewer
 * than SPARES; at the switch one spare is brought up to the live release (`refreshSpare`). A
 * stage takes the one closest to what it stages (`take`).
 */
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { removeBatched } from '../batched.ts';
import type { Bucketed } from './bucketed.ts';
import type { DirContext } from './context.ts';
import { copyRelease, Linker } from './copies.ts';
import { closeLimit } from './deltas.ts';
import { stripManifest, type Manifest } from './manifests.ts';
import type { NextRelease } from './next-release.ts';

export interface Spare {
  dir: string;
  /** The release whose files it holds. */
  from: string;
  /** path → sha256 of those files. */
  files: Bucketed<string>;
  /** The live release it was last found close to (`Deltas.closeTo`). */
  closeTo?: string;
}

/**
 * Spare folders kept ready: one for the next stage, one more so that back-to-back edits find
 * one while the copy that replaces the first is still being made (before KEEP_RELEASES releases
 * exist, no prune has a folder to recycle).
 */
export const SPARES = 2;

/** Copies of the live release made at once when more than one is owed. */
const COPIES_AT_ONCE = 2;

/** A spare a stage takes, and the paths that may differ from the next release (null: compare them all). */
export interface Taken {
  spare: Spare;
  differ: Set<string> | null;
}

export class Spares {
  readonly #ctx: DirContext;
  readonly #linker: Linker;
  #ready: Spare[] = [];
  /** The copies being made in the background, if any. */
  #copying: Promise<void> | null = null;
  /** Resolves when one of the copies under way is a spare (re-armed each time). */
  #copied = Promise.withResolvers<void>();
  /** A spare being brought up to the live release (`#refresh`), if any: a stage may wait for it, never for a copy. */
  #refreshing: Promise<void> | null = null;
  /** How many spares the copies under way aim at (SPARES, more after a big publish). */
  #target = SPARES;

  constructor(ctx: DirContext) {
    this.#ctx = ctx;
    this.#linker = new Linker(ctx.io, ctx.background);
  }

  /** Spare folders ready now. */
  get count(): number {
    return this.#ready.length;
  }

  /** True while copies are being made. */
  get copying(): boolean {
    return this.#copying !== null;
  }

  /** The folder names of the spares ready now. */
  names(): Set<string> {
    return new Set(this.#ready.map((sp) => path.basename(sp.dir)));
  }

  /** A spare made beside a stage (its files linked as they were placed), ready for the next. */
  adopt(spare: Spare): void {
    this.#ready.push(spare);
    this.#announceCopy();
  }

  /**
   * Starts hard-linked copies of the live release, one after the other in the background, until
   * `target` are ready (a prune's recycled folder counts: in the steady state no copy is made).
   * Spares far from the live release (a base release without the twins the live one has) are
   * dropped first: bringing one up to date would cost as much as a copy.
   */
  prepareNext(target = SPARES): void {
    this.#target = Math.max(this.#target, target);
    if (this.#copying) return;
    this.#copying = this.#copyWhileOwed()
      .catch(() => {})
      .finally(() => {
        this.#copying = null;
        this.#target = SPARES;
        this.#announceCopy();
      });
  }

  async #copyWhileOwed(): Promise<void> {
    for (;;) {
      const liveId = await this.#ctx.liveId();
      const live = liveId ? await this.#ctx.manifests.get(liveId) : null;
      if (!liveId || !live) return;
      for (const spare of [...this.#ready]) {
        if (spare.closeTo === liveId) continue; // checked already (every path: not at every turn)
        if (this.#ctx.deltas.closeTo(spare.from, spare.files, liveId, live.files)) spare.closeTo = liveId;
        else this.#drop(spare);
      }
      // The one started at the switch (`refreshSpare`), then one for this live release if that was for another.
      await this.#upToDate();
      await this.#upToDate();
      const need = this.#target - this.#ready.length;
      if (need <= 0) return;
      // With none ready, one copy alone (the next stage waits for it: two at once share the disk
      // and both finish late); then two at a time while more are owed (after a base release: one
      // per edit until prunes recycle): a copy alone leaves a core idle.
      const alone = this.#ready.length === 0;
      const at = alone ? 1 : COPIES_AT_ONCE;
      const copies = Array.from({ length: Math.min(need, at) }, () => this.#copy(liveId, live.files, alone));
      if (!(await Promise.all(copies)).every(Boolean)) return;
    }
  }

  /** One hard-linked copy of release `liveId` made a spare; false when it failed (thrown away). */
  async #copy(liveId: string, files: Bucketed<string>, split = false): Promise<boolean> {
    const dir = this.#ctx.background.newFolder('spare');
    await rm(dir, { recursive: true, force: true });
    try {
      await copyRelease(this.#ctx.background, this.#ctx.dirOf(liveId), dir, files, split);
    } catch {
      this.#ctx.background.throwAway(dir);
      return false;
    }
    this.adopt({ dir, from: liveId, files, closeTo: liveId });
    return true;
  }

  #announceCopy(): void {
    this.#copied.resolve();
    this.#copied = Promise.withResolvers<void>();
  }

  /**
   * Resolves when the background copies `prepareNext()` started are done: they go on meanwhile
   * even while held, unless `whenHeld` is 'wait' (ready after a start: an edit keeps them stopped).
   */
  async whenCopied({ whenHeld = 'go on' }: { whenHeld?: 'go on' | 'wait' } = {}): Promise<void> {
    const copied = async () => {
      while (this.#copying) await this.#copying;
    };
    await (whenHeld === 'wait' ? copied() : this.#ctx.background.want(copied()));
  }

  /**
   * Starts bringing one spare up to the live release, copying nothing (`prepareNext` goes on to
   * the copies after the prune): called at the switch, so that it runs while the page map is
   * saved and the CDN purged, not on the next edit's stage.
   */
  refreshSpare(): void {
    void this.#upToDate();
  }

  /**
   * One spare brought up to the live release, the closest first: the next stage takes one. The
   * others wait their turn and then link the paths changed since once (the union of the releases'
   * deltas), not each release's in turn. Joins the one under way, if any (`#refreshing`: a stage
   * may wait for it).
   */
  #upToDate(): Promise<void> {
    this.#refreshing ??= (async () => {
      const liveId = await this.#ctx.liveId();
      const live = liveId ? await this.#ctx.manifests.get(liveId) : null;
      if (!liveId || !live) return;
      while (!this.#ready.some((s) => s.from === liveId)) {
        const closest = this.#ready
          .map((spare) => ({ spare, since: this.#ctx.deltas.changedSince(spare.from, liveId) }))
          .filter((c): c is { spare: Spare; since: Set<string> } => c.since !== null)
          .sort((a, b) => a.since.size - b.since.size)[0];
        if (!closest) return;
        await this.#refresh(closest.spare, liveId, live, closest.since);
      }
    })().finally(() => (this.#refreshing = null));
    return this.#refreshing;
  }

  /**
   * Brings a spare some releases behind to the live release while no stage waits for it (a
   * create's second release moves many list pages, which the next edit's stage would link again
   * on its own path). Only the paths the stages between changed (their deltas); a spare whose
   * chain is not known stays as it is (a stage compares it then). Out of the ready spares while
   * its files change, so no stage takes it half-way; dropped on a failure.
   */
  async #refresh(spare: Spare, liveId: string, live: Manifest, since: ReadonlySet<string>): Promise<void> {
    this.#ready = this.#ready.filter((s) => s !== spare);
    try {
      const toPlace: string[] = [];
      const gone: string[] = [];
      for (const p of since) {
        const hash = live.files.get(p);
        if (hash === spare.files.get(p)) continue;
        if (hash === undefined) {
          if (spare.files.has(p)) gone.push(p);
        } else toPlace.push(p);
      }
      await this.#linker.linkAll(this.#ctx.dirOf(liveId), spare.dir, toPlace);
      await removeBatched(spare.dir, gone);
    } catch {
      this.#ctx.background.throwAway(spare.dir);
      return;
    }
    spare.from = liveId;
    spare.files = live.files;
    spare.closeTo = liveId;
    this.#ready.push(spare);
  }

  #drop(spare: Spare): void {
    this.#ready = this.#ready.filter((s) => s !== spare);
    this.#ctx.background.throwAway(spare.dir);
  }

  /**
   * Takes the ready spare with the fewest files that differ from the next release (and those
   * paths, or null when every path must be compared), or waits for the copy under way when none
   * is close (only right after a base release, before any copy exists).
   */
  async take(next: NextRelease, liveId: string | null): Promise<Taken | null> {
    const first = this.#pick(next, liveId);
    let { best, close } = first;
    if ((!close || first.behind) && this.#refreshing) {
      // A spare a few releases behind is being brought up to date: a moment, not a copy. A ready
      // one as far behind would have the stage link on the edit's path what the refresh is
      // linking already.
      await this.#ctx.background.want(this.#refreshing);
      ({ best, close } = this.#pick(next, liveId));
    }
    if (!close && this.#copying) {
      // The next copy, not every copy owed (several after a base release).
      await this.#ctx.background.want(this.#copied.promise);
      best = this.#pick(next, liveId).best;
    }
    if (best) this.#ready = this.#ready.filter((s) => s !== best.spare);
    return best;
  }

  /** The ready spare closest to the next release; whether it is close, and whether it is behind the live release. */
  #pick(next: NextRelease, liveId: string | null): { best: Taken | null; close: boolean; behind: boolean } {
    let best: Taken | null = null;
    let bestDiff = Infinity;
    for (const spare of this.#ready) {
      const { count, differ } = this.#differ(spare, next, liveId);
      if (count < bestDiff) [best, bestDiff] = [{ spare, differ }, count];
    }
    // Close: a copy of the live release would save little. It too lacks what the next release
    // changes (the twins of a menu's every page), so only the paths beyond those count.
    const beyond = bestDiff - next.changed.size;
    return { best, close: beyond <= closeLimit(next.manifest.files.size), behind: beyond > 0 };
  }

  /**
   * How many paths of a spare differ from the next release, and which. When every release
   * between the one it holds and the live one was staged here, only the paths those stages
   * changed (their deltas) and those the next release changes can differ, a few dozen for an
   * edit. Otherwise every path is compared (`differ` null: the stage does too).
   */
  #differ(spare: Spare, next: NextRelease, liveId: string | null): { count: number; differ: Set<string> | null } {
    const files = next.manifest.files;
    const since = liveId ? this.#ctx.deltas.changedSince(spare.from, liveId) : null;
    if (!since) {
      let count = 0;
      for (const [p, hash] of files) if (spare.files.get(p) !== hash) count++;
      for (const p of spare.files.keys()) if (!files.has(p)) count++;
      return { count, differ: null };
    }
    const differ = new Set<string>();
    for (const paths of [since, next.changed])
      for (const p of paths) if (spare.files.get(p) !== files.get(p)) differ.add(p);
    return { count: differ.size, differ };
  }

  /**
   * A release a prune drops, made a spare when it is close to the live release (the newest, an
   * edit or a few apart) and fewer than SPARES are ready: its folder renamed, its manifest
   * removed. False when it is not (the caller deletes it).
   */
  async recycle(id: string, m: Manifest | null, liveId: string | null, live: Manifest | null): Promise<boolean> {
    if (!m || !live || !liveId || this.#ready.length >= SPARES) return false;
    if (!this.#ctx.deltas.closeTo(id, m.files, liveId, live.files)) return false;
    const dir = this.#ctx.background.newFolder('spare');
    const renamed = await rename(this.#ctx.dirOf(id), dir).then(
      () => true,
      () => false,
    );
    if (!renamed) return false;
    await stripManifest(dir);
    this.#ready.push({ dir, from: id, files: m.files, closeTo: liveId });
    return true;
  }
}
