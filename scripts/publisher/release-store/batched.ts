/**
 * The dir store's placing and removing of many files at once (a menu's every page, their twins):
 * synchronous calls, a batch at a time. Through fs.promises each file's removal and link would be
 * two round trips to the thread pool, with `rm`'s own checks, several times slower; and while a
 * menu's twins compress the pool is theirs, so a spare's removals would wait behind the whole of
 * the twins' render (measured: docs/performance.md). The event loop turns between batches, so a
 * webhook or `/status` waits at most one batch.
 */
import { linkSync, mkdirSync, rmdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

export interface Placement {
  /** The file's bytes: a work folder's file, a release's, the twin stash's. */
  from: string;
  /** Where it goes: any file there is replaced (removed first: it may be a link shared with a release). */
  to: string;
}

/** Files linked between two turns of the event loop: a few milliseconds of calls. */
const BATCH = 500;

/**
 * Links each `from` at its `to`, making the folder when it is missing. Returns the placements it
 * could not link (the source gone or on another disk, too many links), for the caller to place
 * otherwise; a full disk (ENOSPC) and a file that cannot be removed are thrown. `atHalf` runs
 * before the middle one (a fault point); `between` is awaited between batches (the next turn of
 * the event loop, and for background work, the end of a hold).
 */
export async function linkBatched<T extends Placement>(
  items: readonly T[],
  linkFile: (from: string, to: string) => void = linkSync,
  atHalf?: () => void,
  between: () => Promise<unknown> = nextTurn,
): Promise<T[]> {
  const left: T[] = [];
  const half = Math.floor(items.length / 2);
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % BATCH === 0) await between();
    if (i === half) atHalf?.();
    const item = items[i]!;
    try {
      unlinkSync(item.to);
    } catch (error) {
      if (code(error) !== 'ENOENT') throw error;
    }
    try {
      linkFile(item.from, item.to);
    } catch (error) {
      if (code(error) === 'ENOSPC') throw error;
      if (code(error) !== 'ENOENT' || !linkInNewFolder(item, linkFile)) left.push(item);
    }
  }
  return left;
}

/** Removes the files at `gone` (paths in `dir`), and the folders that leaves empty, deepest first, as in a fresh copy. */
export async function removeBatched(dir: string, gone: readonly string[]): Promise<void> {
  const parents = new Set<string>();
  for (let i = 0; i < gone.length; i++) {
    if (i > 0 && i % BATCH === 0) await nextTurn();
    try {
      unlinkSync(path.join(dir, gone[i]!));
    } catch (error) {
      if (code(error) !== 'ENOENT') throw error;
    }
    parents.add(path.dirname(gone[i]!));
  }
  let tried = 0;
  for (const p of [...parents].sort((a, b) => b.length - a.length)) {
    if (++tried % BATCH === 0) await nextTurn();
    for (let d = p; d !== '.' && d !== '/'; d = path.dirname(d)) {
      try {
        rmdirSync(path.join(dir, d));
      } catch {
        break; // not empty (or gone): its parents are not either
      }
    }
  }
}

/** After ENOENT: the folder made and the link tried again; false when the source is what is missing. */
function linkInNewFolder({ from, to }: Placement, linkFile: (from: string, to: string) => void): boolean {
  try {
    mkdirSync(path.dirname(to), { recursive: true });
    linkFile(from, to);
    return true;
  } catch (error) {
    if (code(error) === 'ENOSPC') throw error;
    return false;
  }
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;
