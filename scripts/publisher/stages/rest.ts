/**
 * What a publish leaves for the release straight after it (stage 3's rest): the pages it
 * deferred (a new record's later list pages, a wide change's other pages, an owed sitemap), or
 * the collections whose routes run getStaticPaths then (a menu: every page shows it, and the
 * edit's own release ran none of them). A menu's rest that finds an edit waiting steps aside
 * whole, before or during its getStaticPaths (../render-path.ts `PathsStopped`): they would be
 * on that edit's path. The edit's publish takes its collections on (`changed`), so every route
 * still gets the menu's new cacheKeys: a route left with the old ones would never render its
 * pages with the new menu.
 * The rest of a change that may have shifted lists renders the lists' later pages first; stopped
 * among them for a waiting edit, it releases what it rendered (nothing below `REST_RELEASES_FROM`
 * pages) and that edit goes next, leaving the pages still stale to the rest after it (./plan.ts
 * `editSplit`): an edit never waits for another's tail.
 */
import type { RenderPath } from '../render-path.ts';
import { isShellOnly, type RestLeft } from './plan.ts';
import type { RenderResult } from './render.ts';
import type { PublishStats } from './types.ts';
import { TwinStash } from '../precompress.ts';

type Left = Pick<RenderResult, 'restChanged' | 'deferred' | 'yielded' | 'sitemapOwed' | 'paths' | 'twinsOwed'> &
  Partial<Pick<RenderResult, 'steppedAside'>>;

export class Rest {
  /** Told of a rest that stepped aside (for the log). */
  readonly #steppedAside: (collections: ReadonlySet<string>) => void;
  #left: RestLeft | null = null;
  /** Files the last render left without twins (the rests after it make them). */
  twinsOwed = 0;
  /** The collections of menu rests that stepped aside, until an edit's render takes them on. */
  #carried = new Set<string>();

  /** The twins made for files that lack them, kept across rests an edit stops (in `stashDir`). */
  readonly twinStash: TwinStash | undefined;

  constructor(steppedAside: (collections: ReadonlySet<string>) => void = () => {}, stashDir?: string) {
    this.#steppedAside = steppedAside;
    this.twinStash = stashDir === undefined ? undefined : new TwinStash(stashDir);
  }

  /**
   * What a render left: the collections to run getStaticPaths of, its deferred pages, or nothing.
   * Carried collections are in it now: the render was an edit's that took them on (`changed`), or
   * a full one (every route's getStaticPaths); a rest that stepped aside is followed by one of them.
   */
  leave(out: Left): void {
    if (out.steppedAside) {
      // A menu's rest stopped in its getStaticPaths for a waiting edit: as if it had stepped aside
      // before (an owed sitemap stays owed: the publisher's, written by that edit's rest).
      this.#carry(out.steppedAside);
      return;
    }
    const left = (out.deferred > 0 && !out.yielded) || out.sitemapOwed || out.twinsOwed > 0;
    this.twinsOwed = out.twinsOwed;
    this.#left = out.restChanged
      ? { kind: 'collections', changed: out.restChanged }
      : left
        ? { kind: 'pages', paths: out.paths }
        : null;
    this.#carried.clear();
  }

  /**
   * The collections whose routes an edit's render runs getStaticPaths of: those of its changed
   * records (`collection/lang/key`), and those of menu rests that stepped aside.
   */
  changed(records: Iterable<string>): Set<string> {
    return this.#carried.union(new Set([...records].map((r) => r.slice(0, r.indexOf('/')))));
  }

  /**
   * The rest to render now, or null: nothing left, or it steps aside whole for a waiting edit. A
   * rest of pages does (not even planned: the edit's render finds them stale still and leaves
   * them again); a menu's is carried to that edit's render. The rest of a change that may have
   * moved lists runs its getStaticPaths whatever waits: no edit's render runs them.
   */
  next(rp: Pick<RenderPath, 'readByAll'>, editWaits: boolean): RestLeft | null {
    const left = this.#left;
    if (!left || !editWaits) return left;
    if (left.kind === 'pages') return null;
    if (!isShellOnly(rp.readByAll?.bind(rp), left.changed)) return left;
    this.#carry(left.changed);
    return null;
  }

  /**
   * Publishes what the render before left, then what each rest leaves (the twins of a menu's every
   * page, after its pages) while the one before released and no edit waits (its own publish
   * leaves them again). The first steps aside whole for an edit already waiting (`next`), or stops
   * itself at the next page when one comes. Returns the first rest's figures.
   */
  async drain(
    rp: Pick<RenderPath, 'readByAll'>,
    editWaits: () => boolean,
    publish: (left: RestLeft) => Promise<PublishStats>,
  ): Promise<PublishStats | undefined> {
    let left = this.next(rp, editWaits());
    let first: PublishStats | undefined;
    while (left) {
      const out = await publish(left);
      first ??= out;
      left = out.release !== null && !editWaits() ? this.next(rp, false) : null;
    }
    return first;
  }

  #carry(collections: ReadonlySet<string>): void {
    this.#carried = this.#carried.union(collections);
    this.#left = null;
    this.#steppedAside(collections);
  }
}
