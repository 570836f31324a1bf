/**
 * The chain of releases this process staged: each release's live release before it and the paths
 * that differ between the two. Along the chain they say which paths of an older release (a
 * spare's) can differ from the live one without comparing every path; and whether a folder is
 * close enough to a release to be brought to it file by file.
 */
import type { Bucketed } from './bucketed.ts';

/** Deltas kept: more than any chain between a kept release or spare and the live one. */
const DELTAS_KEPT = 64;

/** The differences `closeEnough` allows a folder of `size` files: a tenth of them, at least 64. */
export const closeLimit = (size: number) => Math.max(64, size / 10);

/**
 * Whether a folder holding `from` is worth bringing to `to` file by file: fewer differences
 * than a tenth of the files (an edit changes a few dozen; a base release lacks two thirds of a
 * release with twins, and a hard-linked copy is then cheaper).
 */
function closeEnough(from: Bucketed<string>, to: Bucketed<string>): boolean {
  const limit = closeLimit(to.size);
  let diff = 0;
  for (const [p, hash] of to) if (from.get(p) !== hash && ++diff > limit) return false;
  for (const p of from.keys()) if (!to.has(p) && ++diff > limit) return false;
  return true;
}

export class Deltas {
  readonly #deltas = new Map<string, { over: string; changed: ReadonlySet<string> }>();

  /** Release `id` was staged over live release `over`; `changed`: the paths that came, went or changed. */
  note(id: string, over: string, changed: ReadonlySet<string>): void {
    this.#deltas.set(id, { over, changed });
    // A chain longer than the releases kept plus spares is never walked: the oldest go.
    for (const old of this.#deltas.keys()) {
      if (this.#deltas.size <= DELTAS_KEPT) break;
      this.#deltas.delete(old);
    }
  }

  /** Paths changed between release `fromId` and a later `toId` (came, changed or went), or null when a stage between was not made here. */
  changedSince(fromId: string, toId: string): Set<string> | null {
    const out = new Set<string>();
    for (let id = toId; id !== fromId;) {
      const d = this.#deltas.get(id);
      if (!d) return null;
      for (const p of d.changed) out.add(p);
      id = d.over;
    }
    return out;
  }

  /**
   * Whether a folder holding release `fromId` (its files `from`) is worth bringing to release
   * `toId` file by file (`closeEnough`). When the releases between them were all staged here,
   * their deltas say so without a look at the files; otherwise, or when they are over the limit,
   * the files are compared.
   */
  closeTo(fromId: string, from: Bucketed<string>, toId: string, to: Bucketed<string>): boolean {
    const since = this.changedSince(fromId, toId);
    return (since !== null && since.size <= closeLimit(to.size)) || closeEnough(from, to);
  }
}
