/**
 * Stage 3, render and diff: the pages as getStaticPaths gives them now, and the live release's
 * files, in; the next release's files out, with what it took. A page whose cacheKey is the one
 * it was rendered with is reused; the others are rendered, and written to `workDir` only when
 * their bytes differ. Pages that went or came rewrite the sitemap, in the release after (it
 * takes about a second at 20,000 pages, `sitemapOwed`). For a store that serves
 * precompressed twins, the files written anew get theirs, and files without twins yet (a base
 * release) get them too.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeTwins, type TwinStash } from '../precompress.ts';
import { writeSitemaps } from '../sitemap.ts';
import { tagsOf } from '../tags.ts';
import { PathsStopped, type PagePath, type RenderPath } from '../render-path.ts';
import { sha256 } from './files.ts';
import { ShellSplice } from './splice.ts';
import type { FileState, Files } from './types.ts';

/** Later list pages a publish renders itself; more are left for the next release (`defer`). */
const DEFER_FROM = 8;
/**
 * A changed record on more stale pages than this is "wide" (a menu, the footer: in every page's
 * shell); when more than this many stale pages show no other changed record, they wait for the
 * next release (`changedRecords`).
 */
export const WIDE_FROM = 100;
/**
 * Files (with their twins' compressions) being written at once while pages render: the writes
 * and compressions run on libuv's thread pool while the next pages render on the main thread.
 */
const WRITES_IN_FLIGHT = 8;
/**
 * A rest (a publish with `yieldTo`) that renders more than this share of the site's pages (a
 * menu's every page) writes their HTML only: their twins follow in the releases after it
 * (`twinsOwed`), so that every page shows the change sooner. At 72,000 pages the twins of a
 * footer's 36,150 pages kept its rest waiting on the compressions for most of its 134 s.
 */
const TWINS_LATER_SHARE = 0.1;

export interface RenderInput {
  rp: Pick<RenderPath, 'paths' | 'render' | 'origin' | 'readByAll' | 'routesRun' | 'shellParts'>;
  /**
   * The collections re-read as changed: only the routes that read one run getStaticPaths again
   * (../render-path.ts `paths`); null runs every route's.
   */
  changed: ReadonlySet<string> | null;
  /** The live release's files. */
  live: Files;
  /** The live release's folder (a store with folders): where a page's live bytes are read from. */
  liveDir?: string | undefined;
  /** Render every page, ignoring cacheKeys (a full publish). */
  all: boolean;
  /** Make `.br`/`.gz` twins (the store serves them). */
  twins: boolean;
  /** Where files written anew go until they are staged. */
  workDir: string;
  /**
   * Pages left for the next release (the lists' later pages, `isLaterListPage`, when more than
   * `DEFER_FROM` of them moved): those whose
   * cacheKey moved keep the live bytes and key, those that came are not added yet, those that
   * went stay (the sitemap lists the pages of this release). `deferred` counts them; the next
   * release renders them.
   */
  defer?: (file: string) => boolean;
  /** The pages as getStaticPaths gave them a moment ago (the deferred rest of a publish): not asked again. */
  paths?: PagePath[];
  /**
   * The records re-read as changed (`collection/lang/key`). When a wide one (on more than
   * `WIDE_FROM` stale pages: a menu) leaves more than `WIDE_FROM` stale pages that show no
   * narrow one, only the home pages, new pages and the pages of the narrow records render now;
   * the others keep their live bytes and key until the next release (`deferred`).
   */
  changedRecords?: ReadonlySet<string>;
  /**
   * Asked before each page it may stop at, once the lists' later pages are done (they render
   * first; a look is a glance at the queue's dirty records): true
   * stops rendering, the pages not rendered yet keep their live bytes and key (`yielded`) and a
   * later publish renders them (their cacheKeys still differ). For the deferred rest, when an
   * editor's edit waits.
   */
  yieldTo?: () => boolean;
  /**
   * Pages came or went in a release before whose sitemap was left for this one: write it, unless
   * `yieldTo` says an edit waits (it then stays owed).
   */
  sitemapOwed?: boolean;
  /**
   * A sitemap is owed, but this release is an edit's first: it is not written here (at 72,000
   * pages 8-10 s, at 20,000 2-2.5 s, on the editor's wait) and stays owed (`sitemapOwed` out),
   * for the release after.
   */
  sitemapLater?: boolean;
  /**
   * Make the twins of files that lack them (a base release's, a rest's that wrote HTML only):
   * default true. An edit's own release leaves them to the rests after it (`twinsOwed`).
   */
  twinsOfOld?: boolean;
  /** Where the twins of files that lack them are made and kept until a release takes them all. */
  twinStash?: TwinStash;
}

/**
 * A list's second and later pages (`articles/page/2/index.html`, `laws/category/3/page/4/…`):
 * what a new or deleted record shifts, and what an editor looks at last. The record's own page,
 * the first page of every list, the home page and the feeds go live first.
 */
export const isLaterListPage = (file: string) => /(^|\/)page\/\d+\//.test(file);

/**
 * Only what every page shows changed (each collection is one nine in ten page routes read,
 * `RenderPath.readByAll`: a menu, the footer): no list shifted, so its rest may stop anywhere
 * and it may step aside whole for a waiting edit (./rest.ts).
 */
export const isShellOnly = (rp: Pick<RenderPath, 'readByAll'>, changed: ReadonlySet<string> | null | undefined) =>
  !!changed?.size && rp.readByAll?.(changed).length === changed.size;

/** The home page of each language: what an editor looks at after a menu edit. */
export const isHomePage = (file: string) => /^(?:[a-z]{2}\/)?index\.html$/.test(file);

/**
 * The pages a wide change (`changedRecords`) renders now, or null when every stale page renders:
 * the home pages, new pages, and the pages that show a changed record on at most `WIDE_FROM` of
 * them (the record an editor changed besides, say, the menu).
 */
function firstOfWide(stale: PagePath[], changed: ReadonlySet<string>, live: Files) {
  const count = new Map<string, number>();
  for (const p of stale) for (const r of p.records) if (changed.has(r)) count.set(r, (count.get(r) ?? 0) + 1);
  const narrow = new Set([...changed].filter((r) => (count.get(r) ?? 0) <= WIDE_FROM));
  const first = (p: PagePath) => isHomePage(p.file) || !live.has(p.file) || p.records.some((r) => narrow.has(r));
  return stale.filter((p) => !first(p)).length > WIDE_FROM ? first : null;
}

export interface RenderResult {
  /** The next release's files. */
  files: Files;
  rendered: number;
  /** Of `rendered`: pages made by swapping the shell's parts in their live bytes (./splice.ts). */
  spliced: number;
  /** Routes (and languages) whose swap did not give the bytes of a render: their pages rendered. */
  spliceDiffered: readonly string[];
  reused: number;
  removed: number;
  /** Files whose bytes differ from the live release's (written anew, twins made for old files, removed): 0 means no release. */
  differs: number;
  /** Twins made for files that had none. */
  twinsMade: number;
  /** Files of the next release still without twins (made by the rests after it). */
  twinsOwed: number;
  /** Pages rendered to the same bytes under another cacheKey (the live files' keys move on). */
  keysMoved: boolean;
  /** Of `durationMs`: getStaticPaths. */
  pathsMs: number;
  /** The routes whose getStaticPaths ran (the others gave their pages as before), when the render path says. */
  routesRun: number | null;
  /** Of `durationMs`: in the render path's `render` (the pages' own code) or swapping their shell. */
  pagesMs: number;
  /** Of `durationMs`: writing the sitemap (0 when this release does not). */
  sitemapMs: number;
  /** Of `durationMs`: waiting for files and twins still being written after the last page. */
  twinsWaitMs: number;
  durationMs: number;
  /** Pages left for the next release (`defer`, a wide change, `yieldTo`); 0 when this release is whole. */
  deferred: number;
  /**
   * A change every page shows (a collection nine in ten page routes' getStaticPaths read, `readByAll`:
   * a menu, the footer) went first without running them (seconds at 20,000 pages): only the home
   * pages were rendered for it. The next release runs getStaticPaths of these collections' routes and renders
   * the rest.
   */
  restChanged: ReadonlySet<string> | null;
  /** Rendering stopped because `yieldTo` said so (the pages left render with a later publish). */
  yielded: boolean;
  /**
   * A menu's rest stopped in its getStaticPaths for a waiting edit, having rendered nothing: its
   * collections, for that edit's render to take on (./rest.ts). Null otherwise.
   */
  steppedAside: ReadonlySet<string> | null;
  /**
   * Pages came or went and the sitemap was not written: the next release writes it (straight
   * after this one, with the pages left for it). A crawler meets the change a moment later; the
   * editor's pages are not held up for it.
   */
  sitemapOwed: boolean;
  /** The pages getStaticPaths gave (for the deferred rest). */
  paths: PagePath[];
}

/**
 * Writes running on the thread pool while pages render, at most `WRITES_IN_FLIGHT` at once. A
 * failed stage waits for those in flight before it throws: none lands in the work folder after
 * the publisher clears it.
 */
class Writes {
  readonly #inFlight: Promise<void>[] = [];
  async add(work: () => Promise<void>): Promise<void> {
    while (this.#inFlight.length >= WRITES_IN_FLIGHT) await this.#inFlight.shift();
    const task = work();
    task.catch(() => {}); // awaited later: not an unhandled rejection while it waits its turn
    this.#inFlight.push(task);
  }
  /** Every write settled, the first failure thrown. */
  async settle(): Promise<void> {
    const failed = (await Promise.allSettled(this.#inFlight.splice(0))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

export async function renderChanged(input: RenderInput): Promise<RenderResult> {
  const writes = new Writes();
  try {
    return await renderInto(input, writes);
  } catch (error) {
    await writes.settle().catch(() => {});
    throw error;
  }
}

async function renderInto(input: RenderInput, writes: Writes): Promise<RenderResult> {
  const t = performance.now();
  const { rp, live, all, workDir } = input;
  // What every page shows (a menu): the home pages first, rendered whatever their cacheKey says
  // (it moves on with the rest), every route's getStaticPaths in the next release.
  const wide = new Set(input.changedRecords && input.changed && !input.paths ? rp.readByAll?.(input.changed) : []);
  const shellOnly = isShellOnly(rp, input.changed);
  let paths: PagePath[];
  try {
    // A menu's rest stops its getStaticPaths (2.6-4.6 s at 72,000 pages) for an edit that comes
    // meanwhile, and steps aside whole: that edit's render takes its collections on (./rest.ts).
    const stop = shellOnly && !input.paths ? input.yieldTo : undefined;
    paths = input.paths ?? (await rp.paths(wide.size ? input.changed!.difference(wide) : input.changed, stop));
  } catch (error) {
    if (!(error instanceof PathsStopped)) throw error;
    return steppedAside(input, performance.now() - t);
  }
  const force = (file: string) => wide.size > 0 && isHomePage(file);
  // Deferred only when a record shifted many of them (a create, a deletion): a title edit's one
  // or two later list pages render faster in this release than a second release takes.
  const stale = (p: PagePath) =>
    all || force(p.file) || p.cacheKey === undefined || live.get(p.file)?.cacheKey !== p.cacheKey;
  const pageSet = new Set(paths.map((p) => p.file));
  // One pass over the live release (85,000 files at 72,000 pages): what is not a page carries
  // over; the pages no path gives any more are going (now, or with the next release).
  const next: Files = new Map();
  const going: string[] = [];
  for (const [p, f] of live) {
    if (!f.page) next.set(p, f);
    else if (!pageSet.has(p)) going.push(p);
  }
  const shifted =
    paths.filter((p) => input.defer?.(p.file) && stale(p)).length + going.filter((f) => input.defer?.(f)).length;
  const deferrable = (file: string) => shifted > DEFER_FROM && input.defer?.(file) === true;
  const staleLive = input.changedRecords ? paths.filter((p) => live.has(p.file) && stale(p)) : [];
  const first = staleLive.length > WIDE_FROM ? firstOfWide(staleLive, input.changedRecords!, live) : null;
  // A rest of many pages (a menu's every page) writes their HTML only, the twins after.
  const staleCount = input.yieldTo ? paths.reduce((n, p) => n + (live.has(p.file) && stale(p) ? 1 : 0), 0) : 0;
  const twinsNow = input.twins && staleCount <= paths.length * TWINS_LATER_SHARE;
  const pathsMs = performance.now() - t;
  const routesRun = input.paths ? 0 : (rp.routesRun?.ran ?? null);
  // Pages are written side by side in one folder (`.pages/<n>.html`). A folder each, as the site
  // has them, cost a mkdir per page, and deleting 36,000 pages took 4.3 s against 0.7 s.
  const pagesDir = path.join(workDir, '.pages');
  await mkdir(pagesDir, { recursive: true });
  let deferred = 0;
  let removed = 0;
  for (const p of going) {
    if (!deferrable(p)) removed++;
    else {
      next.set(p, live.get(p)!); // gone with the next release
      deferred++;
    }
  }
  let differs = removed;
  let rendered = 0;
  let reused = 0;
  let keysMoved = false;
  let yielded = false;
  // Files written anew, and their twins, are written and compressed on the thread pool while the
  // next pages render: a page waits for its own writes no more (at 20,000 pages, a footer's every
  // page spent 35 s of 59 outside rendering, the main thread idle a third of it waiting for its
  // write behind the compressions of the pages before it).
  let twinsAdded = 0;
  const makeTwins = async (state: FileState, file: string, body: Buffer, at = file) => {
    if (!twinsNow) return;
    state.twins = await writeTwins(workDir, file, body, at);
    if (state.twins.length) twinsAdded++;
  };
  const twinsOf = (state: FileState, file: string, body: Buffer) => writes.add(() => makeTwins(state, file, body));
  let pagesWritten = 0;
  const workFile = (file: string) => path.join(pagesDir, `${pagesWritten++}${path.extname(file)}`);
  /** The page's file and its twins, written while the next pages render. */
  const writePage = (state: FileState & { source: string }, file: string, body: Buffer) =>
    writes.add(async () => {
      const at = path.relative(workDir, state.source);
      await Promise.all([writeFile(state.source, body), makeTwins(state, file, body, at)]);
    });
  // A yielding release renders the lists' later pages first: those it may not leave for later.
  // Not when only what every page shows changed (a menu): no list shifted, and those pages (1,668
  // at 20,000 pages) held the next menu edit for 12-15 s.
  // Only the shell changed: a page that shows what it showed gets the new parts in its live bytes.
  const splice =
    shellOnly && !all && rp.shellParts && input.liveDir
      ? new ShellSplice({ shellParts: rp.shellParts.bind(rp) }, input.liveDir)
      : null;
  const listsFirst = input.yieldTo !== undefined && !shellOnly;
  const order = listsFirst
    ? [...paths.filter((p) => isLaterListPage(p.file)), ...paths.filter((p) => !isLaterListPage(p.file))]
    : paths;
  splice?.readAhead(order.flatMap((p) => (live.has(p.file) && stale(p) ? [[p, live.get(p.file)!] as const] : [])));
  let pagesMs = 0;
  for (const page of order) {
    const before = live.get(page.file);
    if (!stale(page) && before) {
      // The same cacheKey is made from the same records: the same tags (kept by page maps of old;
      // made only when missing: 23,000 reused pages a release) and body key. A state is the same
      // object while its file is (./release.ts `stageHint`): the body key, the publisher's own note
      // and the same for the same cacheKey, is written into it (page maps do not keep it).
      before.bodyKey ??= page.bodyKey;
      next.set(page.file, before.tags ? before : { ...before, tags: tagsOf(page.records) });
      reused++;
      continue;
    }
    const tags = tagsOf(page.records);
    // A look before each page: an edit that came while getStaticPaths ran (2.6-4 s at 72,000
    // pages) waits for no page of the rest, one that came while pages render for one page (every
    // 50 pages it waited for up to 1.9 s at 20,000 pages).
    const mayStop = before && !yielded && input.yieldTo && !(listsFirst && isLaterListPage(page.file));
    if (mayStop) yielded = input.yieldTo!();
    if (deferrable(page.file) || (before && (yielded || (first && !first(page))))) {
      if (before) next.set(page.file, before); // its old bytes and cacheKey until the next release
      deferred++;
      continue;
    }
    const started = performance.now();
    let body = splice && before ? await splice.page(page, before) : null;
    if (!body) {
      body = await rp.render(page);
      if (body && splice && before) await splice.check(page, before, body);
    }
    pagesMs += performance.now() - started;
    if (!body) continue;
    rendered++;
    const hash = sha256(body);
    const { bodyKey } = page;
    if (before && before.hash === hash) {
      if (before.cacheKey !== page.cacheKey) keysMoved = true;
      next.set(page.file, { ...before, cacheKey: page.cacheKey, tags, bodyKey });
      continue;
    }
    differs++;
    const state = { hash, source: workFile(page.file), cacheKey: page.cacheKey, tags, bodyKey, page: true };
    next.set(page.file, state);
    await writePage(state, page.file, body);
  }
  if (yielded && shellOnly && rendered < WIDE_FROM && removed === 0) {
    // A menu's rest that an edit stopped within its first pages releases nothing: those pages stay
    // stale for a later rest, and the edit does not wait for a release of a few pages (its stage
    // took a spare copy the next edit then waited for; its page map is 1-2.5 s at 72,000 pages).
    await writes.settle();
    const durationMs = performance.now() - t;
    const none = { removed: 0, differs: 0, twinsMade: 0, twinsOwed: 0, keysMoved: false, sitemapMs: 0, twinsWaitMs: 0 };
    const left = { deferred: deferred + rendered, restChanged: null, sitemapOwed: input.sitemapOwed === true };
    return {
      ...none,
      ...left,
      files: live,
      rendered: 0,
      spliced: 0,
      spliceDiffered: splice?.differed ?? [],
      reused,
      pathsMs,
      routesRun,
      pagesMs,
      durationMs,
      yielded,
      steppedAside: null,
      paths,
    };
  }
  // Pages that come with the next release (deferred) are not listed yet; those that go with it still are not.
  const coming = (p: PagePath) => !live.has(p.file) && !deferrable(p.file);
  const moved = removed > 0 || paths.some(coming);
  const sitemapStarted = performance.now();
  // An edit waiting: the sitemap (4-5 s at 72,000 pages) stays owed, for the release after it.
  const sitemapWaits = input.sitemapOwed === true && (yielded || input.yieldTo?.() === true);
  if ((input.sitemapOwed || (moved && all)) && !sitemapWaits) {
    // Pages went or came: the sitemap lists them, written as the build writes it.
    const dir = path.join(workDir, '.sitemap');
    const listed = paths.filter((p) => live.has(p.file) || !deferrable(p.file));
    const pages = listed.filter((p) => p.route.type === 'page').map((p) => p.pathname);
    const written = await writeSitemaps(dir, rp.origin, pages);
    for (const [p, f] of next) if (!f.page && /^sitemap-.*\.xml$/.test(p) && !written.includes(p)) next.delete(p);
    for (const name of written) {
      const source = path.join(dir, name);
      const bytes = await readFile(source);
      const hash = sha256(bytes);
      if (next.get(name)?.hash === hash) continue; // the same bytes: the file and its twins stay
      differs++;
      const state: FileState = { hash, source, page: false };
      next.set(name, state);
      await twinsOf(state, name, bytes);
    }
  }
  const sitemapMs = performance.now() - sitemapStarted;
  const waitStarted = performance.now();
  await writes.settle();
  const twinsWaitMs = performance.now() - waitStarted;
  /**
   * Files without twins yet (a base release, a rest's pages written without) get them, all in one
   * release. A rest that an edit stops releases none of them (the edit does not wait for a release
   * of 36,000 files at 72,000 pages); those it made are kept in the stash for the next.
   */
  async function twinsOfOld(files: Array<[string, FileState]>) {
    const before = twinsAdded;
    let started = 0;
    for (const [p, f] of files) {
      if (input.yieldTo?.()) {
        await writes.settle();
        for (const [q, was] of files.slice(0, started)) next.set(q, was);
        return { made: 0, done: 0 };
      }
      const state: FileState = { ...f };
      next.set(p, state);
      started++;
      // From the live release's folder: a file's source may be in a release pruned since (./release.ts).
      const read = () => readFileSync(input.liveDir && live.get(p) === f ? path.join(input.liveDir, p) : f.source);
      if (!input.twinStash) await twinsOf(state, p, read());
      else
        await writes.add(async () => {
          state.twins = await input.twinStash!.twinsOf(p, f.hash, read);
          if (state.twins.length) twinsAdded++;
        });
    }
    await writes.settle();
    return { made: twinsAdded - before, done: files.length };
  }
  const old = input.twins ? [...next].filter(([, f]) => f.twins === undefined && f.source) : [];
  const twins = twinsNow && input.twinsOfOld !== false ? await twinsOfOld(old) : { made: 0, done: 0 };
  if (old.length === 0 && input.twinStash?.size) void input.twinStash.clear(); // the releases took them in
  differs += twins.made;
  return {
    files: next,
    rendered,
    spliced: splice?.spliced ?? 0,
    spliceDiffered: splice?.differed ?? [],
    reused,
    removed,
    differs,
    twinsMade: twins.made,
    twinsOwed: old.length - twins.done,
    keysMoved,
    pathsMs,
    routesRun,
    pagesMs,
    sitemapMs,
    twinsWaitMs,
    durationMs: performance.now() - t,
    deferred,
    yielded,
    steppedAside: null,
    restChanged: wide.size ? input.changed : null,
    // Written with pages still to come or go in the next release: that one writes it again.
    sitemapOwed:
      sitemapWaits || input.sitemapLater === true || (!all && moved && !(input.sitemapOwed && deferred === 0)),
    paths,
  };
}

/** What a menu's rest that stopped in its getStaticPaths leaves: the live release as it is. */
function steppedAside(input: RenderInput, durationMs: number): RenderResult {
  const none = {
    rendered: 0,
    spliced: 0,
    spliceDiffered: [],
    reused: 0,
    removed: 0,
    differs: 0,
    twinsMade: 0,
    twinsOwed: 0,
  };
  const times = { pathsMs: durationMs, routesRun: null, pagesMs: 0, sitemapMs: 0, twinsWaitMs: 0, durationMs };
  return {
    ...none,
    ...times,
    files: input.live,
    keysMoved: false,
    deferred: 0,
    restChanged: null,
    yielded: true,
    steppedAside: input.changed,
    sitemapOwed: input.sitemapOwed === true,
    paths: [],
  };
}
