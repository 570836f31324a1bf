/**
 * Stage 3, render and diff: carries out the plan (./plan.ts). The pages as getStaticPaths gives
 * them now, and the live release's files, in; the next release's files out, with what it took.
 * A page the plan reuses keeps its live bytes; the others are rendered (or their shell's parts
 * swapped in their live bytes, ./splice.ts), and written to `workDir` only when their bytes
 * differ. The sitemap is written when the plan says. For a store that serves precompressed
 * twins, the files written anew get theirs, and files without twins yet get them when the plan
 * says (a rest's, until an edit waits).
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeTwins } from '../precompress.ts';
import { writeSitemaps } from '../sitemap.ts';
import { tagsOf } from '../tags.ts';
import { PathsStopped, type PagePath, type RenderPath } from '../render-path.ts';
import { sha256 } from './files.ts';
import { pathsQuery, planRender, type PageStep, type RenderPlan, type RenderTask } from './plan.ts';
import { ShellSplice } from './splice.ts';
import type { FileState, Files } from './types.ts';

/**
 * Files (with their twins' compressions) being written at once while pages render: the writes
 * and compressions run on libuv's thread pool while the next pages render on the main thread.
 */
const WRITES_IN_FLIGHT = 8;

/** Why a page a waiting edit stopped the render before is left for a later release. */
const EDIT_WAITS = 'an edit waits: the pages not rendered yet go with a later release';

export interface RenderInput {
  rp: Pick<RenderPath, 'paths' | 'render' | 'origin' | 'readByAll' | 'routesRun' | 'shellParts'>;
  /** What this render is: a full publish, an edit's, or the rest of the release before (./plan.ts). */
  task: RenderTask;
  /** The live release's files. */
  live: Files;
  /** The live release's folder (a store with folders): where a page's live bytes are read from; undefined for s3. */
  liveDir: string | undefined;
  /** Make `.br`/`.gz` twins (the store serves them). */
  twins: boolean;
  /** Where files written anew go until they are staged. */
  workDir: string;
  /** The live sitemap lacks pages that came or went in a release before (the plan says who writes it). */
  sitemapOwed: boolean;
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
  /** Pages left for the next release (the plan's, or those a waiting edit stopped); 0 when this release is whole. */
  deferred: number;
  /** Of `deferred`: how many for each reason (the plan's, ./plan.ts, or a waiting edit). */
  leftFor: Readonly<Record<string, number>>;
  /**
   * A change every page shows (a menu, the footer) went first without running their routes'
   * getStaticPaths: only the home pages were rendered for it. The next release runs them and
   * renders the rest.
   */
  restChanged: ReadonlySet<string> | null;
  /** Rendering stopped for a waiting edit (the pages left render with a later publish). */
  yielded: boolean;
  /**
   * A menu's rest stopped in its getStaticPaths for a waiting edit, having rendered nothing: its
   * collections, for that edit's render to take on (./rest.ts). Null otherwise.
   */
  steppedAside: ReadonlySet<string> | null;
  /** Pages came or went and the sitemap was not written: the next release writes it. */
  sitemapOwed: boolean;
  /** The pages getStaticPaths gave (for the rest). */
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

/** Asks getStaticPaths what the task says, plans the render, and carries the plan out. */
export async function renderChanged(input: RenderInput): Promise<RenderResult> {
  const t = performance.now();
  const { rp, task } = input;
  const query = pathsQuery(task, rp.readByAll?.bind(rp));
  let paths: PagePath[];
  try {
    // A menu's rest stops its getStaticPaths for an edit that comes meanwhile, and steps aside
    // whole: that edit's render takes its collections on (./rest.ts).
    const stop = query.mayStop && task.kind === 'rest' ? task.editWaits : undefined;
    paths = query.given ?? (await rp.paths(query.ask, stop));
  } catch (error) {
    if (!(error instanceof PathsStopped)) throw error;
    return steppedAside(input, query.changed, performance.now() - t);
  }
  const canSwap = rp.shellParts !== undefined && input.liveDir !== undefined;
  const plan = planRender({
    task,
    query,
    paths,
    live: input.live,
    sitemapOwed: input.sitemapOwed,
    twins: input.twins,
    canSwap,
  });
  const routesRun = query.given ? 0 : (rp.routesRun?.ran ?? null);
  const run = new Execution(input, plan, paths, { started: t, pathsMs: performance.now() - t, routesRun });
  try {
    return await run.carryOut();
  } catch (error) {
    await run.writes.settle().catch(() => {});
    throw error;
  }
}

/** What a menu's rest that stopped in its getStaticPaths leaves: the live release as it is. */
function steppedAside(input: RenderInput, changed: ReadonlySet<string> | null, durationMs: number): RenderResult {
  const none = { rendered: 0, spliced: 0, spliceDiffered: [], reused: 0, removed: 0, differs: 0, twinsMade: 0 };
  const times = { pathsMs: durationMs, routesRun: null, pagesMs: 0, sitemapMs: 0, twinsWaitMs: 0, durationMs };
  return {
    ...none,
    ...times,
    files: input.live,
    twinsOwed: 0,
    keysMoved: false,
    deferred: 0,
    restChanged: null,
    yielded: true,
    steppedAside: changed,
    sitemapOwed: input.sitemapOwed,
    paths: [],
    leftFor: {},
  };
}

interface Timing {
  started: number;
  pathsMs: number;
  routesRun: number | null;
}

/** One render carried out: the counts it reports, the files of the next release. */
class Execution {
  readonly writes = new Writes();
  readonly #in: RenderInput;
  readonly #plan: RenderPlan;
  readonly #paths: PagePath[];
  readonly #timing: Timing;
  readonly #next: Files = new Map();
  readonly #splice: ShellSplice | null;
  #pagesDir = '';
  #pagesWritten = 0;
  #twinsAdded = 0;
  readonly n = { rendered: 0, reused: 0, removed: 0, differs: 0, deferred: 0, keysMoved: false, yielded: false };
  /** Reason → pages left for the next release. */
  readonly #leftFor: Record<string, number> = {};
  #pagesMs = 0;

  constructor(input: RenderInput, plan: RenderPlan, paths: PagePath[], timing: Timing) {
    this.#in = input;
    this.#plan = plan;
    this.#paths = paths;
    this.#timing = timing;
    const { rp, liveDir } = input;
    this.#splice =
      plan.swaps && rp.shellParts && liveDir ? new ShellSplice({ shellParts: rp.shellParts.bind(rp) }, liveDir) : null;
  }

  async carryOut(): Promise<RenderResult> {
    this.#carryOver();
    // Pages are written side by side in one folder (`.pages/<n>.html`): a folder each, as the
    // site has them, cost a mkdir per page (docs/performance.md).
    this.#pagesDir = path.join(this.#in.workDir, '.pages');
    await mkdir(this.#pagesDir, { recursive: true });
    await this.#renderPages();
    const { stops } = this.#plan;
    const fewPages = this.n.yielded && this.n.rendered < stops.nothingBelow;
    if (fewPages) return this.#nothing();
    const sitemap = await this.#sitemap();
    const waitStarted = performance.now();
    await this.writes.settle();
    const twinsWaitMs = performance.now() - waitStarted;
    const old: Array<[string, FileState]> = [];
    // forEach, not a spread or for…of: no array per file of the site at each publish.
    if (this.#in.twins) this.#next.forEach((f, p) => f.twins === undefined && f.source && old.push([p, f]));
    const twins = await this.#twinsOfOld(old);
    if (old.length === 0 && this.#plan.twins.stash?.size) void this.#plan.twins.stash.clear(); // the releases took them in
    this.n.differs += twins.made;
    return this.#result({
      sitemapMs: sitemap.ms,
      sitemapOwed: sitemap.owed,
      twinsWaitMs,
      twinsMade: twins.made,
      twinsOwed: old.length - twins.done,
    });
  }

  /** What is not a page carries over; the pages no path gives any more go now or with the next release. */
  #carryOver(): void {
    const { live } = this.#in;
    live.forEach((f, p) => f.page || this.#next.set(p, f));
    for (const g of this.#plan.going) {
      if (g.now) this.n.removed++;
      else {
        this.#next.set(g.file, live.get(g.file)!); // gone with the next release
        this.#left(g.why);
      }
    }
    this.n.differs = this.n.removed;
  }

  async #renderPages(): Promise<void> {
    const { steps, stops } = this.#plan;
    if (this.#splice) {
      const ahead: Array<readonly [PagePath, FileState]> = [];
      for (const s of steps) if (s.before && s.action !== 'reuse') ahead.push([s.page, s.before]);
      this.#splice.readAhead(ahead);
    }
    for (const step of steps) {
      const { page, before } = step;
      if (step.action === 'reuse' && before) {
        this.#reuse(page, before);
        continue;
      }
      // A look before each page: an edit that comes while pages render waits for one page.
      if (step.mayStop && !this.n.yielded && stops.editWaits) this.n.yielded = stops.editWaits();
      if (step.action === 'later' || (before && this.n.yielded)) {
        if (before) this.#next.set(page.file, before); // its old bytes and cacheKey until the next release
        this.#left(step.action === 'later' ? step.why : EDIT_WAITS);
        continue;
      }
      await this.#renderPage(step);
    }
  }

  #left(why: string): void {
    this.n.deferred++;
    this.#leftFor[why] = (this.#leftFor[why] ?? 0) + 1;
  }

  /**
   * The same cacheKey is made from the same records: the same tags (made only when missing) and
   * body key. A state is the same object while its file is (./release.ts `diffFromLive`): the body
   * key, the publisher's own note and the same for the same cacheKey, is written into it.
   */
  #reuse(page: PagePath, before: FileState): void {
    before.bodyKey ??= page.bodyKey;
    this.#next.set(page.file, before.tags ? before : { ...before, tags: tagsOf(page.records) });
    this.n.reused++;
  }

  async #renderPage({ page, before }: PageStep): Promise<void> {
    const tags = tagsOf(page.records);
    const started = performance.now();
    const splice = this.#splice;
    let body = splice && before ? await splice.page(page, before) : null;
    if (!body) {
      body = await this.#in.rp.render(page);
      if (body && splice && before) await splice.check(page, before, body);
    }
    this.#pagesMs += performance.now() - started;
    if (!body) return;
    this.n.rendered++;
    const hash = sha256(body);
    const { bodyKey } = page;
    if (before && before.hash === hash) {
      if (before.cacheKey !== page.cacheKey) this.n.keysMoved = true;
      this.#next.set(page.file, { ...before, cacheKey: page.cacheKey, tags, bodyKey });
      return;
    }
    this.n.differs++;
    const source = path.join(this.#pagesDir, `${this.#pagesWritten++}${path.extname(page.file)}`);
    const state = { hash, source, cacheKey: page.cacheKey, tags, bodyKey, page: true };
    this.#next.set(page.file, state);
    // The page's file and its twins, written on the thread pool while the next pages render.
    await this.writes.add(async () => {
      const at = path.relative(this.#in.workDir, source);
      await Promise.all([writeFile(source, body), this.#makeTwins(state, page.file, body, at)]);
    });
  }

  async #makeTwins(state: FileState, file: string, body: Buffer, at = file): Promise<void> {
    if (!this.#plan.twins.now) return;
    state.twins = await writeTwins(this.#in.workDir, file, body, at);
    if (state.twins.length) this.#twinsAdded++;
  }

  /** The sitemap, written as the build writes it when the plan says (and no edit waits, for a rest's). */
  async #sitemap(): Promise<{ ms: number; owed: boolean }> {
    const started = performance.now();
    const { sitemap, stops } = this.#plan;
    const waits = sitemap.write === 'unless-edit-waits' && (this.n.yielded || stops.editWaits?.() === true);
    const write = sitemap.write === 'now' || (sitemap.write === 'unless-edit-waits' && !waits);
    if (write) await this.#writeSitemap();
    const left = sitemap.owed === 'yes' || (sitemap.owed === 'if-pages-left' && this.n.deferred > 0);
    return { ms: performance.now() - started, owed: waits || left };
  }

  async #writeSitemap(): Promise<void> {
    const dir = path.join(this.#in.workDir, '.sitemap');
    // Pages that come with the next release are not listed yet; those that go with it still are.
    const listed = this.#plan.steps.filter((s) => s.before || s.action !== 'later').map((s) => s.page);
    const pages = listed.filter((p) => p.route.type === 'page').map((p) => p.pathname);
    const written = await writeSitemaps(dir, this.#in.rp.origin, pages);
    for (const [p, f] of this.#next)
      if (!f.page && /^sitemap-.*\.xml$/.test(p) && !written.includes(p)) this.#next.delete(p);
    for (const name of written) {
      const source = path.join(dir, name);
      const bytes = await readFile(source);
      const hash = sha256(bytes);
      if (this.#next.get(name)?.hash === hash) continue; // the same bytes: the file and its twins stay
      this.n.differs++;
      const state: FileState = { hash, source, page: false };
      this.#next.set(name, state);
      await this.writes.add(() => this.#makeTwins(state, name, bytes));
    }
  }

  /**
   * Files without twins yet (a base release, a rest's pages written without) get them, all in one
   * release. A rest that an edit stops releases none of them (the edit does not wait for a
   * release of them all); those it made are kept in the stash for the next.
   */
  async #twinsOfOld(files: Array<[string, FileState]>): Promise<{ made: number; done: number }> {
    const { twins, stops } = this.#plan;
    if (!twins.now || twins.ofOld === 'none') return { made: 0, done: 0 };
    const before = this.#twinsAdded;
    let started = 0;
    for (const [p, f] of files) {
      if (twins.ofOld === 'until-edit-waits' && stops.editWaits?.()) {
        await this.writes.settle();
        for (const [q, was] of files.slice(0, started)) this.#next.set(q, was);
        return { made: 0, done: 0 };
      }
      const state: FileState = { ...f };
      this.#next.set(p, state);
      started++;
      await this.writes.add(() => this.#twinOf(p, f, state));
    }
    await this.writes.settle();
    return { made: this.#twinsAdded - before, done: files.length };
  }

  async #twinOf(p: string, f: FileState, state: FileState): Promise<void> {
    const { liveDir, live } = this.#in;
    // From the live release's folder: a file's source may be in a release pruned since (./release.ts).
    const read = () => readFileSync(liveDir && live.get(p) === f ? path.join(liveDir, p) : f.source);
    const stash = this.#plan.twins.stash;
    if (!stash) return this.#makeTwins(state, p, read());
    state.twins = await stash.twinsOf(p, f.hash, read);
    if (state.twins.length) this.#twinsAdded++;
  }

  /**
   * A rest an edit stopped within its first pages releases nothing (those pages stay stale for a
   * later rest, and the edit does not wait for a release of a few pages).
   */
  async #nothing(): Promise<RenderResult> {
    await this.writes.settle();
    return {
      ...this.#result({ sitemapMs: 0, sitemapOwed: this.#in.sitemapOwed, twinsWaitMs: 0, twinsMade: 0, twinsOwed: 0 }),
      files: this.#in.live,
      rendered: 0,
      spliced: 0,
      removed: 0,
      differs: 0,
      keysMoved: false,
      deferred: this.n.deferred + this.n.rendered,
      leftFor: { [EDIT_WAITS]: this.n.deferred + this.n.rendered },
    };
  }

  #result(
    o: Pick<RenderResult, 'sitemapMs' | 'sitemapOwed' | 'twinsWaitMs' | 'twinsMade' | 'twinsOwed'>,
  ): RenderResult {
    const { rendered, reused, removed, differs, deferred, keysMoved, yielded } = this.n;
    return {
      ...o,
      files: this.#next,
      ...{ rendered, reused, removed, differs, deferred, keysMoved, yielded },
      spliced: this.#splice?.spliced ?? 0,
      spliceDiffered: this.#splice?.differed ?? [],
      pathsMs: this.#timing.pathsMs,
      routesRun: this.#timing.routesRun,
      pagesMs: this.#pagesMs,
      durationMs: performance.now() - this.#timing.started,
      steppedAside: null,
      restChanged: this.#plan.restChanged,
      leftFor: this.#leftFor,
      paths: this.#paths,
    };
  }
}
