/**
 * What a dir store cleans up after itself: at start, what a process killed mid-publish left
 * (`recoverLeftovers`); at each prune, leftovers no kept release or spare of this process names
 * (`sweepLeftovers`).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseInfo } from '../types.ts';
import type { DirContext } from './context.ts';

/** A release folder with no manifest older than this is a stage that never finished (ms). */
const HALF_STAGED_AFTER_MS = 3_600_000;

/**
 * Removes what a process that died mid-publish left (called once at start, before anything is
 * staged): spare and trash folders, folders of releases whose stage never finished (no
 * manifest), a `live` link being made in `root`. One publisher per PUBLISH_DIR. Returns the names
 * removed.
 */
export async function recoverLeftovers(ctx: DirContext, root: string): Promise<string[]> {
  const removed: string[] = [];
  const liveId = await ctx.liveId();
  let names: string[] = [];
  try {
    names = await readdir(ctx.releases);
  } catch {
    /* nothing published yet */
  }
  for (const name of names) {
    if (name === liveId) continue;
    if (name.startsWith('.') || !(await ctx.manifests.get(name))) {
      await rm(ctx.dirOf(name), { recursive: true, force: true });
      removed.push(`releases/${name}`);
    }
  }
  for (const name of await readdir(root).catch(() => [] as string[]))
    if (name.startsWith('.live-')) {
      await rm(path.join(root, name), { force: true });
      removed.push(name);
    }
  return removed;
}

/**
 * Deletes in the background half-staged releases (no manifest) older than an hour, and spare or
 * trash folders another process left; `kept`: the complete releases, `mine`: this process's
 * spares.
 */
export async function sweepLeftovers(
  ctx: DirContext,
  kept: readonly ReleaseInfo[],
  mine: ReadonlySet<string>,
): Promise<void> {
  try {
    for (const id of await readdir(ctx.releases)) {
      if (kept.some((r) => r.id === id) || mine.has(id)) continue;
      if (id.startsWith('.')) {
        if (!id.startsWith(`.spare-${process.pid}-`) && !id.startsWith(`.trash-${process.pid}-`))
          ctx.background.throwAway(ctx.dirOf(id));
        continue;
      }
      const st = await stat(ctx.dirOf(id));
      if (Date.now() - st.mtimeMs > HALF_STAGED_AFTER_MS) ctx.background.throwAway(ctx.dirOf(id));
    }
  } catch {
    /* no releases folder */
  }
}
