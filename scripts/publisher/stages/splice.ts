/**
 * Stage 3's shortcut for what every page shows (a menu, the footer): the rest of such an edit
 * swaps the shell's parts in each live page (src/shell/shell-splice.ts) instead of rendering it
 * again: a swap is a read and a few copies of bytes, far cheaper than the pages' own code
 * (docs/performance.md).
 *
 * A page is swapped only when both hold:
 * - its body is the one it had (`bodyKey`: the page's cacheKey moved with the shell's entries
 *   only): a page also left behind by an earlier edit is rendered;
 * - its route, in its language, has had `CHECKS` pages rendered and swapped to the same bytes in
 *   this release. A route whose body shows the menu too (the sitemap page) or whose head moves
 *   with the shell (a consent edit's inline rule) never matches, and its pages render.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { spliceShell } from '../../../src/shell/shell-splice.ts';
import type { PagePath, RenderPath } from '../render-path.ts';
import type { FileState } from './types.ts';

/** Pages of a route and language rendered and matched by their swap before its other pages are swapped. */
const CHECKS = 2;

/**
 * Live pages read on the thread pool ahead of their swap: read when their turn comes, a
 * footer's rest spends its time waiting on the disk (docs/performance.md).
 */
const READ_AHEAD = 16;

/** A route in one language (the language is the address's: `en/…` is English). */
const routeOf = (page: PagePath) => `${page.route.route} ${page.file.startsWith('en/') ? 'en' : 'th'}`;

export class ShellSplice {
  readonly #rp: Required<Pick<RenderPath, 'shellParts'>>;
  /** The live release's folder: the pages' live bytes. */
  readonly #liveDir: string;
  /** Route and language → its pages whose swap matched the render; -1 once one did not. */
  readonly #matched = new Map<string, number>();
  /** Routes and languages whose swap did not match (their pages render), for the log. */
  readonly differed: string[] = [];
  /** Pages swapped. */
  spliced = 0;

  /** The pages the render will ask to swap, in its order, by their place in it. */
  #plan: PagePath[] = [];
  #planned = new Map<string, number>();
  #next = 0;
  /** Reads under way, in the plan's order. */
  #reads: Array<{ at: number; bytes: Promise<Buffer | null> }> = [];

  constructor(rp: Required<Pick<RenderPath, 'shellParts'>>, liveDir: string) {
    this.#rp = rp;
    this.#liveDir = liveDir;
  }

  /** The stale live pages, in the order the render will come to them: those it may swap are read a few ahead of their turn. */
  readAhead(pages: ReadonlyArray<readonly [PagePath, FileState]>): void {
    this.#plan = pages.filter(([page, before]) => sameBody(page, before)).map(([page]) => page);
    this.#planned = new Map(this.#plan.map((page, i) => [page.file, i]));
    this.#next = 0;
    this.#reads = [];
  }

  /** The page's next bytes by a swap in its live bytes, or null: render it (then `check`). */
  async page(page: PagePath, before: FileState): Promise<Buffer | null> {
    if (!sameBody(page, before) || (this.#matched.get(routeOf(page)) ?? 0) < CHECKS) return null;
    const out = await this.#splice(page);
    if (out) this.spliced++;
    return out || null;
  }

  /** After a page rendered: its swap is compared with `rendered`; its route is trusted after `CHECKS` matches. */
  async check(page: PagePath, before: FileState, rendered: Buffer): Promise<void> {
    const route = routeOf(page);
    const matched = this.#matched.get(route) ?? 0;
    if (matched < 0 || matched >= CHECKS || !sameBody(page, before)) return;
    const out = await this.#splice(page);
    if (out === null) return; // nothing to compare (a part not rendered, the live file gone)
    if (out && out.equals(rendered)) this.#matched.set(route, matched + 1);
    else {
      this.#matched.set(route, -1);
      this.differed.push(route);
    }
  }

  /** The swapped bytes; null when there is nothing to swap from; false when the page has no marked parts. */
  async #splice(page: PagePath): Promise<Buffer | null | false> {
    const parts = await this.#rp.shellParts(page);
    if (!parts) return null;
    const live = await this.#read(page);
    if (!live) return null; // not there (a store that lost it): rendered
    return spliceShell(live, parts) ?? false;
  }

  /**
   * The page's live bytes: read ahead when it is in the plan. The reads of planned pages the
   * render passed by (rendered, left for later) are dropped, and the next ones started.
   */
  #read(page: PagePath): Promise<Buffer | null> {
    const at = this.#planned.get(page.file);
    let bytes: Promise<Buffer | null> | undefined;
    if (at !== undefined) {
      while (this.#reads.length > 0 && this.#reads[0]!.at < at) this.#reads.shift();
      if (this.#reads[0]?.at === at) bytes = this.#reads.shift()!.bytes;
      this.#next = Math.max(this.#next, at + 1);
      while (this.#reads.length < READ_AHEAD && this.#next < this.#plan.length) {
        const next = this.#next++;
        this.#reads.push({ at: next, bytes: this.#readNow(this.#plan[next]!) });
      }
    }
    return bytes ?? this.#readNow(page);
  }

  #readNow(page: PagePath): Promise<Buffer | null> {
    return readFile(path.join(this.#liveDir, page.file)).catch(() => null);
  }
}

const sameBody = (page: PagePath, before: FileState) => before.bodyKey !== undefined && before.bodyKey === page.bodyKey;
