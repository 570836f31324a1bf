/**
 * The dir store's placing of many files at once (a menu's every page, their twins): hard links
 * made by synchronous calls, a batch at a time. Through fs.promises, each file's removal and link
 * were two round trips to the thread pool, with `rm`'s own checks: 36,000 files took 2.1-2.4 s on
 * a busy 2-core machine, against 0.6-0.7 s made synchronously. The event loop turns between
 * batches, so a webhook or `/status` waits at most one batch.
 */
import { linkSync, mkdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

export interface Placement {
  /** The file's bytes: a work folder's file, a release's, the twin stash's. */
  from: string;
  /** Where it goes: any file there is replaced (removed first: it may be a link shared with a release). */
  to: string;
}

/** Files linked between two turns of the event loop (about 5-10 ms of calls). */
const BATCH = 500;

/**
 * Links each `from` at its `to`, making the folder when it is missing. Returns the placements it
 * could not link (the source gone or on another disk, too many links), for the caller to place
 * otherwise; a full disk (ENOSPC) and a file that cannot be removed are thrown. `atHalf` runs
 * before the middle one (a fault point).
 */
export async function linkBatched<T extends Placement>(
  items: readonly T[],
  linkFile: (from: string, to: string) => void = linkSync,
  atHalf?: () => void,
): Promise<T[]> {
  const left: T[] = [];
  const half = Math.floor(items.length / 2);
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % BATCH === 0) await nextTurn();
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
