/**
 * The render plan (scripts/publisher/stages/plan.ts), pure: for each kind of edit, which pages go
 * live in the edit's own release, which wait for the next, which go, and who writes the sitemap.
 */
import { describe, expect, it } from 'vitest';
import {
  OTHER_PAGES_NOW,
  REST_RELEASES_FROM,
  WIDE_FROM,
  pathsQuery,
  planRender,
  type RenderPlan,
  type RenderTask,
} from '../../../../scripts/publisher/stages/plan.ts';
import type { PagePath } from '../../../../scripts/publisher/render-path.ts';
import type { Files } from '../../../../scripts/publisher/stages/types.ts';
import { tagsOf } from '../../../../scripts/publisher/tags.ts';

const page = (file: string, cacheKey: string, records: string[] = []): PagePath =>
  ({ file, pathname: `/${file}`, route: { type: 'page' }, cacheKey, records }) as unknown as PagePath;

/** The live release: each page with the cacheKey it was rendered with. */
const liveOf = (keys: Record<string, string>): Files =>
  new Map(Object.entries(keys).map(([file, cacheKey]) => [file, { hash: file, source: '', cacheKey, page: true }]));

const laterPages = (n: number, list = 'articles') =>
  Array.from({ length: n }, (_, i) => `${list}/page/${i + 2}/index.html`);

/** The portal in small: two home pages, a feed, an article list with its later pages, their articles, a law. */
function site(later: number) {
  const pages: Record<string, string> = {
    'index.html': 'home',
    'en/index.html': 'en-home',
    'rss.xml': 'rss',
    'articles/index.html': 'list-1',
    'laws/index.html': 'laws-1',
    'law/l1/index.html': 'l1',
  };
  for (const f of laterPages(later)) pages[f] = `key ${f}`;
  for (let i = 0; i < 20; i++) pages[`article/a${i}/index.html`] = `a${i}`;
  return pages;
}

const readByAll = (changed: ReadonlySet<string>) => [...changed].filter((c) => c === 'shell');

const edit = (changed: string[], records: string[]): RenderTask => ({
  kind: 'edit',
  changed: new Set(changed),
  records: new Set(records),
  whole: false,
});

/** What pages show besides their own record: after the edit (`shows`) and in the live release (`showed`). */
interface Shown {
  shows?: Record<string, string[]>;
  showed?: Record<string, string[]>;
}

/**
 * The plan for `task` over the live `before`, getStaticPaths giving `after` (file → cacheKey; a
 * page whose key differs from the live one is stale).
 */
function plan(
  task: RenderTask,
  before: Record<string, string>,
  after: Record<string, string>,
  o: Shown & { menu?: boolean } = {},
) {
  const own = (file: string) => {
    const [dir, key] = file.split('/');
    return dir === 'article' ? [`articles/en/${key}`] : dir === 'law' ? [`laws/en/${key}`] : [];
  };
  // The menu is in every page's shell: every page shows its record.
  const records = (file: string) => [
    ...own(file),
    ...(o.shows?.[file] ?? []),
    ...(o.menu ? ['shell/en/quick-menu'] : []),
  ];
  const paths = Object.entries(after).map(([file, key]) => page(file, key, records(file)));
  const query = pathsQuery(task, readByAll);
  const live = liveOf(before);
  for (const [file, shown] of Object.entries(o.showed ?? {})) live.get(file)!.tags = tagsOf([...own(file), ...shown]);
  return planRender({ task, query, paths, live, sitemapOwed: false, twins: false, canSwap: false });
}

/** The plan in a row's terms: the files rendered now, those left for the next release, those removed now. */
function summary(p: RenderPlan) {
  const files = (action: string) => p.steps.filter((s) => s.action === action).map((s) => s.page.file);
  return {
    now: files('render').sort(),
    later: [...files('later'), ...p.going.filter((g) => !g.now).map((g) => g.file)].sort(),
    removed: p.going.filter((g) => g.now).map((g) => g.file),
    sitemap: p.sitemap.write === 'no' ? `owed: ${p.sitemap.owed}` : p.sitemap.write,
  };
}

const moved = (keys: Record<string, string>, files: string[]) => {
  const out = { ...keys };
  for (const f of files) out[f] = `${out[f] ?? 'new'} moved`;
  return out;
};

describe('the render plan', () => {
  const before = site(10);
  const later = laterPages(10);

  const rows: Array<{
    row: string;
    task: RenderTask;
    after: Record<string, string>;
    shown?: Shown;
    expected: ReturnType<typeof summary>;
  }> = [
    {
      row: "a create: its page, the list's first page, the feed and the home page now; the shifted later list pages, a new last page included, next release",
      task: edit(['articles'], ['articles/en/new']),
      after: moved({ ...before, 'article/new/index.html': 'new', 'articles/page/12/index.html': 'l12' }, [
        'articles/index.html',
        'rss.xml',
        'index.html',
        ...later,
      ]),
      shown: { shows: { 'articles/index.html': ['articles/en/new'], 'index.html': ['articles/en/new'] } },
      expected: {
        now: ['article/new/index.html', 'articles/index.html', 'index.html', 'rss.xml'],
        later: [...later, 'articles/page/12/index.html'].sort(),
        removed: [],
        sitemap: 'owed: yes',
      },
    },
    {
      row: "a delete: its page and the feed's item go now, the list's first page now; the shifted later pages and the emptied last page next release",
      task: edit(['articles'], ['articles/en/a3']),
      after: moved(
        Object.fromEntries(
          Object.entries(before).filter(([f]) => f !== 'article/a3/index.html' && f !== 'articles/page/11/index.html'),
        ),
        ['articles/index.html', 'rss.xml', ...later.slice(0, 9)],
      ),
      shown: { showed: { 'articles/index.html': ['articles/en/a3'] } },
      expected: {
        now: ['articles/index.html', 'rss.xml'],
        later: [...later].sort(),
        removed: ['article/a3/index.html'],
        sitemap: 'owed: yes',
      },
    },
    {
      row: 'a move (a title edit that moves it between list pages): a few later list pages render with it, now',
      task: edit(['articles'], ['articles/en/a5']),
      after: moved(before, ['article/a5/index.html', 'articles/index.html', ...later.slice(0, OTHER_PAGES_NOW - 1)]),
      expected: {
        now: ['article/a5/index.html', 'articles/index.html', ...later.slice(0, OTHER_PAGES_NOW - 1)].sort(),
        later: [],
        removed: [],
        sitemap: 'owed: no',
      },
    },
    {
      row: 'an edit arriving mid-rest: its own pages now; the shifted later list pages the stopped rest left, next release (it does not wait for them)',
      task: edit(['laws'], ['laws/en/l1']),
      after: moved(before, ['law/l1/index.html', 'laws/index.html', ...later]),
      shown: { shows: { 'laws/index.html': ['laws/en/l1'] } },
      expected: {
        now: ['law/l1/index.html', 'laws/index.html'],
        later: [...later].sort(),
        removed: [],
        sitemap: 'owed: no',
      },
    },
    {
      row: "an edit after a menu's rest stepped aside: its own pages now; the menu's pages left stale, next release",
      task: edit(['articles'], ['articles/en/a4']),
      after: moved(before, [
        'article/a4/index.html',
        ...Array.from({ length: 15 }, (_, i) => `article/a${i + 5}/index.html`),
      ]),
      expected: {
        now: ['article/a4/index.html'],
        later: Array.from({ length: 15 }, (_, i) => `article/a${i + 5}/index.html`).sort(),
        removed: [],
        sitemap: 'owed: no',
      },
    },
    {
      row: 'a title edit on a later list page, in the same batch as a create: that page now, the other shifted ones next release',
      task: edit(['articles'], ['articles/en/new', 'articles/en/a9']),
      after: moved({ ...before, 'article/new/index.html': 'new' }, [
        'articles/index.html',
        'article/a9/index.html',
        ...later,
      ]),
      shown: { shows: { 'articles/index.html': ['articles/en/new'], [later[3]!]: ['articles/en/a9'] } },
      expected: {
        now: ['article/a9/index.html', 'article/new/index.html', 'articles/index.html', later[3]!].sort(),
        later: later.filter((f) => f !== later[3]).sort(),
        removed: [],
        sitemap: 'owed: yes',
      },
    },
  ];

  it.each(rows)('$row', ({ task, after, shown, expected }) => {
    expect(summary(plan(task, before, after, shown))).toEqual(expected);
  });

  it('says why a page an earlier change left waits', () => {
    const p = plan(rows[4]!.task, before, rows[4]!.after);
    expect(p.steps.find((s) => s.page.file === 'article/a9/index.html')!.why).toMatch(/earlier change/);
  });

  it('a menu edit: the home pages (whatever their keys say) and the feed now; every other page in the next release, whose getStaticPaths runs then', () => {
    const wideBefore: Record<string, string> = { ...before };
    for (let i = 0; i < WIDE_FROM + 10; i++) wideBefore[`page${i}/index.html`] = `p${i}`;
    const task = edit(['shell'], ['shell/en/quick-menu']);
    // The menu is in every page's shell: every page's key moved.
    const after = moved(wideBefore, Object.keys(wideBefore));
    const p = plan(task, wideBefore, after, { menu: true });
    const s = summary(p);
    expect(s.now).toEqual(['en/index.html', 'index.html', 'rss.xml']);
    expect(s.later).toHaveLength(Object.keys(wideBefore).length - 3);
    expect(p.steps.find((x) => x.page.file === 'page0/index.html')!.why).toMatch(/menu edit.*next release/);
    expect(p.restChanged).toEqual(new Set(['shell']));
    expect(pathsQuery(task, readByAll).ask).toEqual(new Set());
  });

  it("says why each create's later list page waits, with the word create", () => {
    const p = plan(rows[0]!.task, before, rows[0]!.after, rows[0]!.shown);
    const step = p.steps.find((s) => s.page.file === later[0]);
    expect(step).toMatchObject({ action: 'later' });
    expect(step!.why).toMatch(/create/);
  });

  it('a rest writes the owed sitemap unless an edit waits, and may stop before any live page it renders', () => {
    const editWaits = () => false;
    const task: RenderTask = { kind: 'rest', left: { kind: 'pages', paths: [] }, editWaits, twinStash: null };
    const after = moved(before, later);
    const paths = Object.entries(after).map(([file, key]) => page(file, key));
    const p = planRender({
      ...{ task, query: pathsQuery({ ...task, left: { kind: 'pages', paths } }), paths, live: liveOf(before) },
      ...{ sitemapOwed: true, twins: false, canSwap: false },
    });
    expect(summary(p)).toEqual({ now: [...later].sort(), later: [], removed: [], sitemap: 'unless-edit-waits' });
    expect(p.steps.slice(0, later.length).map((s) => s.page.file)).toEqual(later); // the lists first
    expect(p.steps.filter((s) => s.action === 'render').every((s) => s.mayStop)).toBe(true);
    expect(p.stops).toEqual({ editWaits, nothingBelow: REST_RELEASES_FROM });
  });
});
