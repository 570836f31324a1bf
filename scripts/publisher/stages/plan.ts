/**
 * Stage 3's plan (pure): what a render does, as data, before any page is rendered. The pages as
 * getStaticPaths gives them, the live release's files and what the releases before left owed go
 * in; out come, each with its reason, the pages rendered now, those left for the next release,
 * the pages removed now or later, whether shell parts are swapped, whether the sitemap is written
 * and where the render may stop for a waiting edit. ./render.ts carries the plan out.
 *
 * Three kinds of render (`RenderTask`):
 * - `full`: every page, whatever its cacheKey says (a full publish);
 * - `edit`: an editor's edit (or a whole re-read): the pages that show what it changed go live
 *   first; the other stale pages (a create's or a deletion's shifted later list pages, a menu
 *   edit's pages besides the home pages, what a rest before it left), the sitemap and the twins
 *   of old files wait for the next release (`rest`): an edit never waits for another's tail;
 * - `rest`: what the release before left: its pages, or a menu's collections whose routes run
 *   getStaticPaths now. A rest steps aside for a waiting edit (`PlanStops`).
 */
import type { PagePath } from '../render-path.ts';
import type { TwinStash } from '../precompress.ts';
import { tagsOf } from '../tags.ts';
import type { FileState, Files } from './types.ts';

/**
 * At most this many stale pages that show no record an edit changed (a create's or a deletion's
 * shifted later list pages, what a rest before left) render in the edit's own release; more wait
 * for the next release (a title edit that moves a record by a page or two renders them at once).
 */
export const OTHER_PAGES_NOW = 8;
/**
 * A changed record on more stale pages than this is "wide" (a menu, the footer: in every page's
 * shell); when more than this many stale pages show no other changed record, they wait for the
 * next release.
 */
export const WIDE_FROM = 100;
/**
 * A rest an edit stops before it rendered this many pages releases nothing (they stay stale for
 * a later rest): a release costs the waiting edit about what rendering that many pages costs
 * (docs/performance.md).
 */
export const REST_RELEASES_FROM = 100;
/**
 * A rest that renders more than this share of the site's pages (a menu's every page) writes
 * their HTML only; their twins follow in the releases after it (docs/performance.md).
 */
export const TWINS_LATER_SHARE = 0.1;

/** What the release before left for a rest: its pages as getStaticPaths gave them, or a menu's collections. */
export type RestLeft = { kind: 'pages'; paths: PagePath[] } | { kind: 'collections'; changed: ReadonlySet<string> };

export type RenderTask =
  | { kind: 'full' }
  | {
      kind: 'edit';
      /** The collections whose routes run getStaticPaths (an edit's, and those a menu's rest carried). */
      changed: ReadonlySet<string>;
      /** The records re-read as changed (`collection/lang/key`). */
      records: ReadonlySet<string>;
      /** A whole re-read (catch-up, scheduled): the twins of old files are made in it too. */
      whole: boolean;
    }
  | {
      kind: 'rest';
      left: RestLeft;
      /** A look at the queue: true when an edit waits (the rest steps aside). */
      editWaits: () => boolean;
      /** Where the twins of files that lack them are kept until a release takes them all; null: made in place. */
      twinStash: TwinStash | null;
    };

/**
 * A list's second and later pages (`articles/page/2/index.html`, `laws/category/3/page/4/…`):
 * what a created or deleted record shifts, and what an editor looks at last. The record's own
 * page, the first page of every list, the home page and the feeds go live first.
 */
export const isLaterListPage = (file: string) => /(^|\/)page\/\d+\//.test(file);

/** The home page of each language: what an editor looks at after a menu edit. */
export const isHomePage = (file: string) => /^(?:[a-z]{2}\/)?index\.html$/.test(file);

/** A feed (`rss.xml`, `en/rss.xml`): a created or deleted record comes or goes with the edit's release. */
export const isFeed = (file: string) => /(^|\/)[^/]+\.xml$/.test(file);

/**
 * Only what every page shows changed (each collection is one nine in ten page routes read,
 * `readByAll`: a menu, the footer): no list shifted, so its rest may stop anywhere and it may
 * step aside whole for a waiting edit (./rest.ts).
 */
export const isShellOnly = (
  readByAll: ((c: ReadonlySet<string>) => string[]) | undefined,
  changed: ReadonlySet<string> | null,
) => !!changed?.size && readByAll?.(changed).length === changed.size;

/** What getStaticPaths is asked before the plan. */
export interface PathsQuery {
  /** The pages as given already (a rest of pages): getStaticPaths is not asked. */
  given: PagePath[] | null;
  /** The collections whose routes run getStaticPaths (null: every route's). */
  ask: ReadonlySet<string> | null;
  /** A waiting edit stops getStaticPaths: a menu's rest steps aside whole (./rest.ts). */
  mayStop: boolean;
  /** The collections the render was told changed. */
  changed: ReadonlySet<string> | null;
  /** Of `changed`: what every page shows, left out of an edit's getStaticPaths (its rest runs them). */
  wide: ReadonlySet<string>;
  shellOnly: boolean;
}

export function pathsQuery(task: RenderTask, readByAll?: (c: ReadonlySet<string>) => string[]): PathsQuery {
  if (task.kind === 'full')
    return { given: null, ask: null, mayStop: false, changed: null, wide: new Set(), shellOnly: false };
  if (task.kind === 'rest' && task.left.kind === 'pages')
    return { given: task.left.paths, ask: null, mayStop: false, changed: null, wide: new Set(), shellOnly: false };
  const changed = task.kind === 'edit' ? task.changed : (task.left as { changed: ReadonlySet<string> }).changed;
  const shellOnly = isShellOnly(readByAll, changed);
  if (task.kind === 'rest')
    return { given: null, ask: changed, mayStop: shellOnly, changed, wide: new Set(), shellOnly };
  // A menu edit: the home pages first, every route's getStaticPaths in the next release.
  const wide = new Set(readByAll?.(changed) ?? []);
  const ask = wide.size ? changed.difference(wide) : changed;
  return { given: null, ask, mayStop: false, changed, wide, shellOnly };
}

export type PageAction = 'reuse' | 'render' | 'later';

export interface PageStep {
  page: PagePath;
  /** Its state in the live release; undefined for a page that comes. */
  before: FileState | undefined;
  action: PageAction;
  why: string;
  /** A waiting edit stops the render before this page (it keeps its live bytes, a later release renders it). */
  mayStop: boolean;
}

export interface GoingPage {
  file: string;
  /** Removed in this release; otherwise it stays until the next. */
  now: boolean;
  why: string;
}

export interface SitemapPlan {
  /** `now`; `unless-edit-waits` (an owed sitemap a rest writes when no edit waits); `no`. */
  write: 'now' | 'unless-edit-waits' | 'no';
  /** Owed after this release (when not written): `yes`, `if-pages-left` (some pages wait still), `no`. */
  owed: 'yes' | 'if-pages-left' | 'no';
  why: string;
}

export interface PlanStops {
  /** Looks at the queue before the pages with `mayStop`. */
  editWaits: (() => boolean) | null;
  /**
   * Stopped before this many pages were rendered, the release takes nothing (the edit does not
   * wait for a release of a few pages). 0: what was rendered goes.
   */
  nothingBelow: number;
}

export interface TwinsPlan {
  /** Twins of the files written anew are made now. */
  now: boolean;
  /** Twins of files that lack them: `all`, `until-edit-waits` (a rest's), `none` (an edit's: its rests make them). */
  ofOld: 'all' | 'until-edit-waits' | 'none';
  stash: TwinStash | null;
  why: string;
}

export interface RenderPlan {
  kind: RenderTask['kind'];
  /** Every page getStaticPaths gave, in the order rendered (the lists' later pages first in a rest). */
  steps: PageStep[];
  going: GoingPage[];
  /** Swap the shell's parts in live pages whose body is unchanged (./splice.ts), why; null: render. */
  swaps: string | null;
  sitemap: SitemapPlan;
  twins: TwinsPlan;
  stops: PlanStops;
  /** The collections whose routes run getStaticPaths in the next release (a menu edit's), or null. */
  restChanged: ReadonlySet<string> | null;
}

export interface PlanInput {
  task: RenderTask;
  query: PathsQuery;
  paths: PagePath[];
  live: Files;
  /** The live sitemap lacks pages that came or went in a release before. */
  sitemapOwed: boolean;
  /** Make `.br`/`.gz` twins (the store serves them). */
  twins: boolean;
  /** Shell parts can be swapped in live pages (the render path gives them, the live release has a folder). */
  canSwap: boolean;
}

const WHY = {
  same: 'cacheKey unchanged: live bytes reused',
  stale: 'cacheKey moved: rendered',
  full: 'full publish: every page rendered',
  home: 'menu edit: the home page goes first',
  feed: 'feed: a created or deleted record comes or goes with the edit',
  shows: 'shows a record the edit changed: now',
  createShifted: `later list page a create or delete shifted, showing no changed record (more than ${OTHER_PAGES_NOW} such pages): next release`,
  menuLater: 'menu edit: every other page, in the next release',
  earlier:
    'stale for an earlier change (a rest that stepped aside left it): next release, the edit does not wait for it',
} as const;

/**
 * How an edit's stale pages split: those that show what it changed go now, the others wait for
 * the next release when there are more than `OTHER_PAGES_NOW` of them (`WIDE_FROM` for a menu
 * edit, whose every page the next release renders anyway). A page shows a change when its records
 * now, or its tags in the live release (a deleted record's list page), name a changed record that
 * is on at most `WIDE_FROM` stale pages; a record on more (a menu, the footer: in every page's
 * shell) is "wide" and makes no page go now but the home pages. New pages and the feeds go now.
 */
export interface EditSplit {
  /** Why a stale page waits for the next release, or null: it goes now. New pages go now, but a list's later ones. */
  waits: (p: PagePath) => string | null;
  /** Some pages wait (then so do the later list pages that go). */
  defers: boolean;
}

export function editSplit(
  task: Extract<RenderTask, { kind: 'edit' }>,
  staleLive: readonly PagePath[],
  live: Files,
  o: { menu: boolean; goingLater: number },
): EditSplit {
  const count = new Map<string, number>();
  for (const p of staleLive) for (const r of p.records) if (task.records.has(r)) count.set(r, (count.get(r) ?? 0) + 1);
  const wide = [...task.records].filter((r) => (count.get(r) ?? 0) > WIDE_FROM);
  const narrow = new Set([...task.records].filter((r) => (count.get(r) ?? 0) <= WIDE_FROM));
  const narrowTags = new Set(tagsOf([...narrow])).difference(new Set(tagsOf(wide)));
  const menu = o.menu || wide.length > 0;
  const shows = (p: PagePath) =>
    p.records.some((r) => narrow.has(r)) || !!live.get(p.file)?.tags?.some((t) => narrowTags.has(t));
  const first = (p: PagePath) => (menu && isHomePage(p.file)) || isFeed(p.file) || shows(p);
  const others = staleLive.filter((p) => !first(p)).length;
  const defers = others + o.goingLater > (menu ? WIDE_FROM : OTHER_PAGES_NOW);
  if (!defers) return { waits: () => null, defers };
  return {
    defers,
    waits: (p) => {
      if (first(p) || (!live.has(p.file) && !isLaterListPage(p.file))) return null;
      return isLaterListPage(p.file) ? WHY.createShifted : menu ? WHY.menuLater : WHY.earlier;
    },
  };
}

/** A page is stale: its cacheKey moved (or it has none), or the plan renders it whatever the key says. */
function staleOf(task: RenderTask, query: PathsQuery, live: Files) {
  const forced = (file: string) => task.kind === 'full' || (query.wide.size > 0 && isHomePage(file));
  return (p: PagePath) => forced(p.file) || p.cacheKey === undefined || live.get(p.file)?.cacheKey !== p.cacheKey;
}

/** The reason a stale page renders now. */
function nowWhy(task: RenderTask, query: PathsQuery, p: PagePath): string {
  if (task.kind === 'full') return WHY.full;
  if (query.wide.size > 0 && isHomePage(p.file)) return WHY.home;
  if (task.kind === 'edit' && isFeed(p.file)) return WHY.feed;
  return task.kind === 'edit' ? WHY.shows : WHY.stale;
}

/** The pages, each with what is done with it, in the order done. */
function planSteps(input: PlanInput, stale: (p: PagePath) => boolean, split: EditSplit, listsFirst: boolean) {
  const { task, query, live, paths } = input;
  const waits = split.waits;
  const rest = task.kind === 'rest';
  const order = listsFirst
    ? [...paths.filter((p) => isLaterListPage(p.file)), ...paths.filter((p) => !isLaterListPage(p.file))]
    : paths;
  return order.map((page): PageStep => {
    const before = live.get(page.file);
    if (before && !stale(page)) return { page, before, action: 'reuse', why: WHY.same, mayStop: false };
    const mayStop = rest && before !== undefined;
    const why = waits(page);
    if (why) return { page, before, action: 'later', why, mayStop };
    return { page, before, action: 'render', why: nowWhy(task, query, page), mayStop };
  });
}

function planSitemap(task: RenderTask, sitemapOwed: boolean, moved: boolean): SitemapPlan {
  if (task.kind === 'full')
    return sitemapOwed || moved
      ? { write: 'now', owed: 'no', why: 'full publish: pages came or went, or a sitemap was owed' }
      : { write: 'no', owed: 'no', why: 'full publish: no page came or went' };
  if (task.kind === 'edit')
    return sitemapOwed || moved
      ? {
          write: 'no',
          owed: 'yes',
          why: "pages came or went: the sitemap follows in the next release, off the editor's wait",
        }
      : { write: 'no', owed: 'no', why: 'no page came or went' };
  if (sitemapOwed)
    return {
      write: 'unless-edit-waits',
      owed: moved ? 'if-pages-left' : 'no',
      why: 'owed by the release before: written unless an edit waits (then owed still)',
    };
  return moved
    ? { write: 'no', owed: 'yes', why: 'pages came or went: written by the next release' }
    : { write: 'no', owed: 'no', why: 'no sitemap owed' };
}

function planTwins(input: PlanInput, steps: PageStep[]): TwinsPlan {
  const { task, twins } = input;
  if (!twins) return { now: false, ofOld: 'none', stash: null, why: 'the store serves no twins' };
  if (task.kind === 'full') return { now: true, ofOld: 'all', stash: null, why: 'full publish: every file gets twins' };
  if (task.kind === 'edit')
    return task.whole
      ? { now: true, ofOld: 'all', stash: null, why: 'whole re-read: twins for every file that lacks them' }
      : { now: true, ofOld: 'none', stash: null, why: "edit: twins of its files; old files' twins in its rests" };
  const stale = steps.filter((s) => s.before && s.action !== 'reuse').length;
  if (stale > steps.length * TWINS_LATER_SHARE)
    return {
      now: false,
      ofOld: 'none',
      stash: task.twinStash,
      why: "rest of many pages (a menu's): HTML now, twins after",
    };
  return {
    now: true,
    ofOld: 'until-edit-waits',
    stash: task.twinStash,
    why: 'rest: twins of old files until an edit waits',
  };
}

/** The plan of a render: pure, from the pages getStaticPaths gave and the live release. */
export function planRender(input: PlanInput): RenderPlan {
  const { task, query, live, paths } = input;
  const stale = staleOf(task, query, live);
  const pageSet = new Set<string>();
  for (const p of paths) pageSet.add(p.file);
  const goingFiles: string[] = [];
  live.forEach((f, p) => f.page && !pageSet.has(p) && goingFiles.push(p));
  const split: EditSplit =
    task.kind === 'edit'
      ? editSplit(
          task,
          paths.filter((p) => live.has(p.file) && stale(p)),
          live,
          { menu: query.wide.size > 0, goingLater: goingFiles.filter(isLaterListPage).length },
        )
      : { waits: () => null, defers: false };
  const listsFirst = task.kind === 'rest' && !query.shellOnly;
  const steps = planSteps(input, stale, split, listsFirst);
  const going = goingFiles.map((file): GoingPage => {
    const waits = split.defers && isLaterListPage(file);
    return waits ? { file, now: false, why: WHY.createShifted } : { file, now: true, why: 'no path gives it: removed' };
  });
  const moved = going.some((g) => g.now) || steps.some((s) => !s.before && s.action === 'render');
  const swaps =
    query.shellOnly && task.kind !== 'full' && input.canSwap
      ? 'only the shell changed: its parts swapped in live pages whose body is unchanged'
      : null;
  const stops: PlanStops =
    task.kind === 'rest'
      ? { editWaits: task.editWaits, nothingBelow: REST_RELEASES_FROM }
      : { editWaits: null, nothingBelow: 0 };
  return {
    kind: task.kind,
    steps,
    going,
    swaps,
    sitemap: planSitemap(task, input.sitemapOwed, moved),
    twins: planTwins(input, steps),
    stops,
    restChanged: query.wide.size ? query.changed : null,
  };
}
