import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { renderChanged } from '../../../../scripts/publisher/stages/render.ts';
import {
  isHomePage,
  isLaterListPage,
  REST_RELEASES_FROM,
  WIDE_FROM,
} from '../../../../scripts/publisher/stages/plan.ts';
import { sha256 } from '../../../../scripts/publisher/stages/files.ts';
import { TwinStash } from '../../../../scripts/publisher/precompress.ts';
import type { PagePath } from '../../../../scripts/publisher/render-path.ts';
import type { Files } from '../../../../scripts/publisher/stages/types.ts';
import type { RenderTask } from '../../../../scripts/publisher/stages/plan.ts';

// Writes pass through, but the write of one page's bytes (`held`) waits at a gate until the test opens it.
const held = vi.hoisted(() => ({ bytes: null as string | null, open: () => {}, gate: Promise.resolve() }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile: typeof fs.writeFile = async (file, data, ...rest) => {
    if (held.bytes !== null && String(data) === held.bytes) await held.gate;
    return fs.writeFile(file, data, ...rest);
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});
const hold = (bytes: string) => {
  held.bytes = bytes;
  held.gate = new Promise<void>((resolve) => (held.open = resolve));
  return () => {
    held.bytes = null;
    held.open();
  };
};

const page = (file: string, cacheKey: string | undefined, records: string[] = []): PagePath =>
  ({
    file,
    pathname: `/${file.replace(/index\.html$/, '')}`,
    route: { type: 'page' },
    cacheKey,
    records,
  }) as unknown as PagePath;

function fakeRp(pages: PagePath[], bodies: Record<string, string>) {
  const rendered: string[] = [];
  const asked: Array<ReadonlySet<string> | null | undefined> = [];
  return {
    rendered,
    asked,
    rp: {
      origin: 'https://example.org',
      paths: async (changed?: ReadonlySet<string> | null) => (asked.push(changed), pages),
      render: async (p: PagePath) => (rendered.push(p.file), Buffer.from(bodies[p.file] ?? '')),
    },
  };
}

/** An edit's render: its collections' routes run getStaticPaths. */
const editTask = (changed: Iterable<string>, o: { records?: Iterable<string>; whole?: boolean } = {}): RenderTask => ({
  kind: 'edit',
  changed: new Set(changed),
  records: new Set(o.records ?? []),
  whole: o.whole ?? false,
});
/** A rest: the pages the release before left, or a menu's collections. */
const restTask = (
  left: PagePath[] | ReadonlySet<string>,
  editWaits: () => boolean = () => false,
  twinStash: TwinStash | null = null,
): RenderTask => ({
  kind: 'rest',
  left: Array.isArray(left)
    ? { kind: 'pages', paths: left }
    : { kind: 'collections', changed: left as ReadonlySet<string> },
  editWaits,
  twinStash,
});
const common = { liveDir: undefined, sitemapOwed: false };

const live = (entries: Record<string, [string, string | undefined]>): Files =>
  new Map(
    Object.entries(entries).map(([p, [text, cacheKey]]) => [
      p,
      { hash: sha256(Buffer.from(text)), source: '/x', cacheKey, page: true },
    ]),
  );

describe('render stage', () => {
  it('reuses pages whose cacheKey is unchanged, renders the others, and writes only the bytes that differ', async () => {
    const pages = [
      page('a/index.html', 'k1'),
      page('b/index.html', 'k2b', ['articles/th/b']),
      page('c/index.html', 'k3b'),
    ];
    const { rp, rendered, asked } = fakeRp(pages, { 'b/index.html': 'B2', 'c/index.html': 'C' });
    const workDir = mkdtempSync(path.join(tmpdir(), 'render-'));
    const out = await renderChanged({
      ...common,
      rp,
      task: editTask(['articles']),
      live: live({ 'a/index.html': ['A', 'k1'], 'b/index.html': ['B', 'k2'], 'c/index.html': ['C', 'k3'] }),
      twins: false,
      workDir,
    });
    expect(asked).toEqual([new Set(['articles'])]);
    expect(rendered).toEqual(['b/index.html', 'c/index.html']);
    expect({ rendered: out.rendered, reused: out.reused, removed: out.removed, differs: out.differs }).toEqual({
      rendered: 2,
      reused: 1,
      removed: 0,
      differs: 1,
    });
    expect(out.keysMoved).toBe(true); // c came out the same under a new key
    expect(readFileSync(out.files.get('b/index.html')!.source!, 'utf8')).toBe('B2');
    expect(readdirSync(path.join(workDir, '.pages'))).toHaveLength(1); // c came out the same: not written
    expect(out.files.get('b/index.html')!.tags).toEqual(['articles:b']);
  });

  it('counts removed pages, leaves the sitemap to the next release, and makes twins for files that lack them', async () => {
    const big = `<html>${'x'.repeat(4000)}</html>`;
    const pages = [page('a/index.html', 'k1')];
    const { rp } = fakeRp(pages, { 'a/index.html': big });
    const workDir = mkdtempSync(path.join(tmpdir(), 'render-'));
    const out = await renderChanged({
      ...common,
      rp,
      task: editTask([], { whole: true }),
      live: live({ 'a/index.html': ['old', 'k0'], 'gone/index.html': ['G', 'g'] }),
      twins: true,
      workDir,
    });
    expect(out.removed).toBe(1);
    expect(out.files.has('gone/index.html')).toBe(false);
    expect(out.files.get('a/index.html')!.twins?.map((t) => t.suffix)).toEqual(['.br', '.gz']);
    // The sitemap is the next release's, straight after.
    expect([...out.files.keys()].some((f) => /^sitemap-.*\.xml$/.test(f))).toBe(false);
    expect(out.sitemapOwed).toBe(true);
    const next = await renderChanged({
      ...{ ...common, rp, task: restTask(out.paths), live: out.files, twins: true, sitemapOwed: true },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(next.rendered).toBe(0);
    expect(next.differs).toBeGreaterThan(0); // a release for the sitemap
    expect(readFileSync(next.files.get('sitemap-0.xml')!.source!, 'utf8')).toContain('https://example.org/a/');
    expect(next.sitemapOwed).toBe(false);
  });

  it('a rest of many pages writes their HTML only; the rests after make the twins, and one an edit stops keeps none', async () => {
    const big = (n: number) => `<html>${`page ${n} `.repeat(400)}</html>`;
    const pages = Array.from({ length: 6 }, (_, i) => page(`p${i}/index.html`, `new${i}`));
    const bodies = Object.fromEntries(pages.map((p, i) => [p.file, big(i)]));
    const before = live(Object.fromEntries(pages.map((p, i) => [p.file, [`old${i}`, `old${i}`]])));
    const { rp } = fakeRp(pages, bodies);
    const base = { ...common, rp, twins: true };
    const workDir = mkdtempSync(path.join(tmpdir(), 'render-'));
    // A rest (it may stop for an edit) whose pages are more than a tenth of the site's: every page first.
    const rest = await renderChanged({ ...base, task: restTask(pages), live: before, workDir });
    expect(rest.rendered).toBe(6);
    expect(rest.differs).toBe(6);
    expect(rest.twinsOwed).toBe(6);
    for (const p of pages) {
      expect(rest.files.get(p.file)!.twins).toBeUndefined(); // served uncompressed until made: no stale twin
    }
    expect(readdirSync(workDir, { recursive: true }).filter((f) => String(f).endsWith('.br'))).toEqual([]);

    // An edit's own release leaves them to its rests.
    const edit = { ...base, live: rest.files, task: editTask([]) };
    const own = await renderChanged({ ...edit, workDir: mkdtempSync(path.join(tmpdir(), 'render-')) });
    expect({ differs: own.differs, twinsMade: own.twinsMade, twinsOwed: own.twinsOwed }).toEqual({
      ...{ differs: 0, twinsMade: 0, twinsOwed: 6 },
    });

    // A rest that an edit stops while it makes them: no release, the files as they were; the
    // twins it made are kept in the stash, by the hash of their page's bytes.
    let looks = 0;
    const twinStash = new TwinStash(mkdtempSync(path.join(tmpdir(), 'stash-')));
    const later = { ...base, live: rest.files, task: restTask(rest.paths, () => false, twinStash) };
    const stopped = await renderChanged({
      ...later,
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
      task: restTask(rest.paths, () => ++looks > 3, twinStash),
    });
    expect({ differs: stopped.differs, twinsMade: stopped.twinsMade, twinsOwed: stopped.twinsOwed }).toEqual({
      ...{ differs: 0, twinsMade: 0, twinsOwed: 6 },
    });
    for (const p of pages) expect(stopped.files.get(p.file)).toBe(rest.files.get(p.file));
    expect(twinStash.size).toBe(3);
    const kept = readdirSync(twinStash.dir);

    // The next rest makes them, from the bytes each page was released with: read in the live
    // release's folder (the folder a state's source names may have been pruned since).
    const liveDir = mkdtempSync(path.join(tmpdir(), 'live-'));
    for (const p of pages) cpSync(rest.files.get(p.file)!.source!, path.join(liveDir, p.file));
    rmSync(workDir, { recursive: true });
    const made = await renderChanged({
      ...later,
      liveDir,
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect({ rendered: made.rendered, differs: made.differs, twinsMade: made.twinsMade, owed: made.twinsOwed }).toEqual(
      {
        ...{ rendered: 0, differs: 6, twinsMade: 6, owed: 0 },
      },
    );
    for (const p of pages) {
      const twins = made.files.get(p.file)!.twins!;
      expect(twins.map((t) => t.suffix)).toEqual(['.br', '.gz']);
      expect(brotliDecompressSync(readFileSync(twins[0]!.source)).toString()).toBe(bodies[p.file]);
    }
    expect(twinStash.size).toBe(6); // the 3 kept, and the 3 others made
    // The page twins the stopped rest made are the ones released, not made again.
    expect(kept).toHaveLength(6); // a .br and a .gz for each of the 3
    const released = [...made.files.values()].flatMap((f) => (f.twins ?? []).map((t) => t.source));
    for (const name of kept) expect(released).toContain(path.join(twinStash.dir, name));

    // Once no file lacks twins (a release took them in), the stash is emptied.
    const after = await renderChanged({
      ...later,
      live: made.files,
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(after.differs).toBe(0);
    expect(twinStash.size).toBe(0);
    expect(existsSync(twinStash.dir)).toBe(false);
  });

  it("never writes an owed sitemap in an edit's first release: it stays owed for the next", async () => {
    // No page comes or goes in this edit: only the debt of an earlier release keeps the sitemap owed.
    const { rp } = fakeRp([page('a/index.html', 'k1')], { 'a/index.html': 'A2' });
    const first = await renderChanged({
      ...{ ...common, rp, task: editTask([]), twins: false, sitemapOwed: true },
      live: live({ 'a/index.html': ['A1', 'k0'] }),
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(first.rendered).toBe(1);
    expect([...first.files.keys()].some((f) => /^sitemap-.*\.xml$/.test(f))).toBe(false);
    expect(first.sitemapOwed).toBe(true);
    const next = await renderChanged({
      ...{ ...common, rp, task: restTask(first.paths), live: first.files, twins: false, sitemapOwed: true },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(readFileSync(next.files.get('sitemap-0.xml')!.source!, 'utf8')).toContain('https://example.org/a/');
    expect(next.sitemapOwed).toBe(false);
  });

  it('leaves an owed sitemap owed when an edit waits, and writes it once none does', async () => {
    const { rp } = fakeRp([page('a/index.html', 'k1')], { 'a/index.html': 'A' });
    const files = live({ 'a/index.html': ['A', 'k1'], 'gone/index.html': ['G', 'g'] });
    let waiting = true;
    const pages = [page('a/index.html', 'k1')];
    const rest = await renderChanged({
      ...{ ...common, rp, task: restTask(pages, () => waiting), live: files, twins: false, sitemapOwed: true },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(rest.removed).toBe(1); // the page that went goes now; only the sitemap waits
    expect([...rest.files.keys()].some((f) => /^sitemap-.*\.xml$/.test(f))).toBe(false);
    expect(rest.sitemapOwed).toBe(true);
    waiting = false;
    const next = await renderChanged({
      ...{ ...common, rp, task: restTask(pages, () => waiting), live: rest.files, twins: false, sitemapOwed: true },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(readFileSync(next.files.get('sitemap-0.xml')!.source!, 'utf8')).toContain('https://example.org/a/');
    expect(next.sitemapOwed).toBe(false);
  });

  it("leaves the lists' later pages a new record shifts for the next release, which renders them from the same paths", async () => {
    // A new article: its page comes, the list's first page changes, pages 2 to 10 shift, a page 11 comes.
    const later = Array.from({ length: 10 }, (_, i) => `articles/page/${i + 2}/index.html`);
    const pages = [
      page('articles/index.html', 'l1b', ['articles/en/new']),
      ...later.map((f, i) => page(f, i === 9 ? 'l11' : `l${i + 2}b`)),
      page('article/new/index.html', 'n', ['articles/en/new']),
    ];
    const bodies = Object.fromEntries(pages.map((p) => [p.file, `now ${p.file}`]));
    const { rp, rendered, asked } = fakeRp(pages, bodies);
    const before = live(
      Object.fromEntries([
        ['articles/index.html', ['then', 'l1'] as [string, string]],
        ...later.slice(0, 9).map((f, i) => [f, [`then ${f}`, `l${i + 2}`] as [string, string]]),
      ]),
    );
    const first = await renderChanged({
      ...{ ...common, rp, task: editTask(['articles'], { records: ['articles/en/new'] }), live: before, twins: false },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(rendered).toEqual(['articles/index.html', 'article/new/index.html']); // what the editor looks at
    expect(first.deferred).toBe(10);
    expect(Object.entries(first.leftFor)).toEqual([[expect.stringMatching(/create/), 10]]); // the plan's reason
    expect(first.files.get(later[0]!)).toEqual(before.get(later[0]!)); // old bytes, old key
    expect(first.files.has(later[9]!)).toBe(false); // page 11 comes with the next release
    const sitemap = (files: typeof first.files) => readFileSync(files.get('sitemap-0.xml')!.source!, 'utf8');
    expect(first.files.has('sitemap-0.xml')).toBe(false); // the sitemap comes with the rest
    expect(first.sitemapOwed).toBe(true);
    const rest = await renderChanged({
      ...{ ...common, rp, task: restTask(first.paths), live: first.files, twins: false, sitemapOwed: true },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(sitemap(rest.files)).toContain('/article/new/');
    expect(asked).toHaveLength(1); // getStaticPaths once for both releases
    expect(rendered.slice(2)).toEqual(later);
    expect(rest.deferred).toBe(0);
    expect([...rest.files.keys()].filter((f) => f.endsWith('.html')).sort()).toEqual(pages.map((p) => p.file).sort());
    expect(sitemap(rest.files)).toContain('/articles/page/11/');
    expect(isLaterListPage('laws/category/3/page/12/index.html')).toBe(true);
    expect(isLaterListPage('article/page-layouts/index.html')).toBe(false);
  });

  it('renders a few later list pages in the same release (a title edit shows on one list page)', async () => {
    const pages = [page('articles/page/5/index.html', 'l5b'), page('article/a/index.html', 'ab')];
    const { rp, rendered } = fakeRp(pages, { 'articles/page/5/index.html': 'A2 B', 'article/a/index.html': 'A2' });
    const out = await renderChanged({
      ...{ ...common, rp, task: editTask(['articles']), twins: false },
      live: live({ 'articles/page/5/index.html': ['A B', 'l5'], 'article/a/index.html': ['A', 'a'] }),
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(out.deferred).toBe(0);
    expect(rendered.sort()).toEqual(['article/a/index.html', 'articles/page/5/index.html']);
  });

  // A menu edit: every English page shows the quick menu; one article was edited in the same batch.
  function menuSite() {
    const menu = 'shell/en/quick-menu';
    const details = Array.from({ length: WIDE_FROM * 2 }, (_, i) => `en/article/a${i}/index.html`);
    const pages = [
      page('en/index.html', 'home2', [menu]),
      page('index.html', 'th-home', ['shell/th/quick-menu']),
      page('en/article/edited/index.html', 'e2', [menu, 'articles/en/edited']),
      ...details.map((f) => page(f, `${f}2`, [menu])),
    ];
    const before = live(
      Object.fromEntries([
        ['en/index.html', ['old home', 'home1']],
        ['index.html', ['th home', 'th-home']],
        ['en/article/edited/index.html', ['old edited', 'e1']],
        ...details.map((f) => [f, [`old ${f}`, `${f}1`]]),
      ]) as Record<string, [string, string]>,
    );
    const bodies = Object.fromEntries(pages.map((p) => [p.file, `new ${p.file}`]));
    return { menu, details, pages, before, ...fakeRp(pages, bodies) };
  }

  it('a wide change (a menu on every page) renders the home pages and the other edits first, the rest next release', async () => {
    const { menu, details, before, rp, rendered } = menuSite();
    const task = editTask(['shell'], { records: [menu, 'articles/en/edited'] });
    const first = await renderChanged({
      ...{ ...common, rp, task, live: before, twins: false },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(rendered).toEqual(['en/index.html', 'en/article/edited/index.html']);
    expect(first.deferred).toBe(details.length);
    expect(first.files.get(details[0]!)).toEqual(before.get(details[0]!)); // old bytes and key until the rest
    const rest = await renderChanged({
      ...{ ...common, rp, task: restTask(first.paths), live: first.files, twins: false },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(rest.deferred).toBe(0);
    expect(rendered.slice(2).sort()).toEqual([...details].sort());
    expect(isHomePage('en/index.html') && isHomePage('index.html') && !isHomePage('en/news/index.html')).toBe(true);
  });

  it('a change on a few pages renders them all at once, menu or not', async () => {
    const { pages, before, rp, rendered } = menuSite();
    const few = pages.slice(0, 3 + WIDE_FROM - 5);
    const out = await renderChanged({
      ...{ ...common, rp: { ...rp, paths: async () => few }, twins: false },
      live: before,
      task: editTask(['shell'], { records: ['shell/en/quick-menu'] }),
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(out.deferred).toBe(0);
    expect(rendered).toHaveLength(few.length - 1); // all but the Thai home, which did not change
  });

  it('a rest stops for a waiting edit at any page, the shifted lists first, and releases what it rendered', async () => {
    const { details, before, pages, rp, rendered } = menuSite();
    const later = page('en/articles/page/2/index.html', 'l2b', ['articles/en/x']);
    const withList = [...pages, later];
    before.set(later.file, live({ [later.file]: ['old list', 'l2'] }).get(later.file)!);
    // A list's last page that a deletion emptied: no path gives it any more.
    const emptied = 'en/articles/page/3/index.html';
    before.set(emptied, live({ [emptied]: ['old last page', 'l3'] }).get(emptied)!);
    const base = { ...common, rp, live: before, twins: false };
    // An edit came in before the rest started: it renders nothing and leaves the live release as it is.
    const stopped = await renderChanged({
      ...base,
      task: restTask(withList, () => true),
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(rendered).toEqual([]);
    expect({ yielded: stopped.yielded, differs: stopped.differs }).toEqual({ yielded: true, differs: 0 });
    expect(stopped.files.get(later.file)).toBe(before.get(later.file));
    expect(stopped.files.has(emptied)).toBe(true); // nor a release for a page that goes
    // An edit that comes after the first pages: a release of so few pages would cost it more than
    // they are worth, so none goes (they stay stale for a later rest).
    let looks = 0;
    const early = await renderChanged({
      ...base,
      task: restTask(withList, () => ++looks > 3),
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(rendered[0]).toBe(later.file); // the list page first
    expect({ yielded: early.yielded, differs: early.differs }).toEqual({ yielded: true, differs: 0 });
    // One that comes later: the pages rendered go, the others wait.
    looks = 0;
    rendered.length = 0;
    const rest = await renderChanged({
      ...base,
      task: restTask(withList, () => ++looks > REST_RELEASES_FROM + 1),
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(rendered[0]).toBe(later.file);
    expect(rest.yielded).toBe(true);
    expect(rest.rendered).toBe(REST_RELEASES_FROM + 1);
    expect(rest.files.has(emptied)).toBe(false); // a release that goes takes the emptied page away
    expect(rest.deferred + rest.rendered).toBe(details.length + 3); // nothing lost: rendered now or left
    const after = await renderChanged({
      ...{ ...base, live: rest.files, task: restTask(withList) },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(after.rendered).toBe(rest.deferred); // the pages it left are still stale, and render now
    expect(after.deferred).toBe(0);
  });

  it("a menu's rest stops for a waiting edit without the lists' later pages first: no list shifted", async () => {
    const { before, pages, rp, rendered } = menuSite();
    const later = Array.from({ length: 80 }, (_, i) =>
      page(`en/articles/page/${i + 2}/index.html`, `l${i + 2}b`, ['articles/en/x']),
    );
    for (const l of later) before.set(l.file, live({ [l.file]: ['old list', `l${l.file}`] }).get(l.file)!);
    const readByAll = (changed: ReadonlySet<string>) => [...changed].filter((c) => c === 'shell');
    const input = {
      ...{ ...common, rp: { ...rp, readByAll, paths: async () => [...later, ...pages] }, live: before, twins: false },
    };
    const editWaits = () => true; // the next menu edit came in before the rest started
    const menuRest = await renderChanged({
      ...input,
      task: restTask(new Set(['shell']), editWaits),
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(menuRest.yielded).toBe(true);
    // Not the 80 later list pages first, nor 50 pages before its first look: an edit that came
    // while its getStaticPaths ran waits for no page of it.
    expect(menuRest.rendered).toBe(0);
    rendered.length = 0;
    // The rest of a change that may have shifted lists (an article's) stops before them too, and
    // releases none: the waiting edit goes first, the lists wait for the rest after it.
    const listRest = await renderChanged({
      ...input,
      task: restTask(new Set(['shell', 'articles']), editWaits),
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(rendered).toEqual([]);
    expect(listRest.yielded).toBe(true);
    expect(listRest.differs).toBe(0);
  });

  it("a menu's rest an edit stops within its first pages releases nothing; one stopped later releases what it rendered", async () => {
    const { before, pages, rp } = menuSite();
    const readByAll = (changed: ReadonlySet<string>) => [...changed].filter((c) => c === 'shell');
    const stopAfter = (n: number) => {
      let looks = 0;
      return () => ++looks > n;
    };
    const input = { ...common, rp: { ...rp, readByAll, paths: async () => pages }, live: before, twins: false };
    const early = await renderChanged({
      ...input,
      task: restTask(new Set(['shell']), stopAfter(10)), // the next edit came in while its first pages rendered
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(early.yielded).toBe(true);
    expect(early.differs).toBe(0); // no release: the edit waits for none
    expect(early.files).toBe(before);
    const stale = pages.length - 1; // all but the Thai home page (the English menu changed)
    expect(early.deferred).toBe(stale); // every stale page still stale, for a later rest
    const late = await renderChanged({
      ...input,
      task: restTask(new Set(['shell']), stopAfter(WIDE_FROM + 20)),
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(late.rendered).toBe(WIDE_FROM + 20); // released: a later rest does not render them again
    expect(late.differs).toBe(WIDE_FROM + 20);
    expect(late.deferred).toBe(stale - (WIDE_FROM + 20));
  });

  it("a change every route's getStaticPaths reads (a menu) renders the home page without asking them all; the rest asks", async () => {
    const { menu, details, pages, before, rp, rendered, asked } = menuSite();
    // Cached paths still carry the keys of before the edit; only the home pages go first, whatever theirs say.
    const cached = pages.map((p) => ({ ...p, cacheKey: before.get(p.file)!.cacheKey }));
    const readByAll = (changed: ReadonlySet<string>) => [...changed].filter((c) => c === 'shell');
    const first = await renderChanged({
      ...{ rp: { ...rp, readByAll, paths: async (c?: ReadonlySet<string> | null) => (asked.push(c), cached) } },
      ...{ ...common, task: editTask(['shell'], { records: [menu] }), live: before, twins: false },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(asked).toEqual([new Set()]); // no route's getStaticPaths runs for the menu now
    expect(rendered).toEqual(['en/index.html', 'index.html']); // the home pages, whatever their keys say
    expect(first.restChanged).toEqual(new Set(['shell']));
    const rest = await renderChanged({
      ...{ ...common, rp, task: restTask(first.restChanged!), live: first.files, twins: false },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(asked.at(-1)).toEqual(new Set(['shell']));
    expect(rest.restChanged).toBeNull();
    expect(rendered.slice(2).sort()).toEqual(['en/article/edited/index.html', 'en/index.html', ...details].sort());
    expect(rest.files.get('en/index.html')!.cacheKey).toBe('home2'); // its key moved on, its bytes the same
  });

  it('renders the next pages while a page is still being written, and a failure waits for the writes in flight', async () => {
    const big = (n: number) => `<html>${`page ${n} `.repeat(400)}</html>`;
    const pages = Array.from({ length: 4 }, (_, i) => page(`p${i}/index.html`, `new${i}`));
    const bodies = Object.fromEntries(pages.map((p, i) => [p.file, big(i)]));
    const before = live(Object.fromEntries(pages.map((p, i) => [p.file, [`old${i}`, `old${i}`]])));
    const { rp, rendered } = fakeRp(pages, bodies);
    let open = hold(bodies['p0/index.html']!);
    const out = renderChanged({
      ...common,
      rp,
      task: editTask([]),
      live: before,
      twins: true,
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    // The first page's file waits at the gate; the pages after it render meanwhile.
    await vi.waitFor(() => expect(rendered).toHaveLength(4), { timeout: 10_000 });
    open();
    const result = await out;
    expect(result.differs).toBe(4);
    for (const p of pages) {
      const state = result.files.get(p.file)!;
      expect(readFileSync(state.source!, 'utf8')).toBe(bodies[p.file]);
      expect(state.twins?.map((t) => t.suffix)).toEqual(['.br', '.gz']);
    }

    // A page that fails to render: the stage throws only once the write in flight has landed,
    // so nothing is written into the work folder after the caller clears it.
    const failing = {
      ...rp,
      render: async (p: PagePath) => {
        if (p.file === 'p2/index.html') throw new Error('render failed');
        return Buffer.from(bodies[p.file]!);
      },
    };
    const workDir = mkdtempSync(path.join(tmpdir(), 'render-'));
    open = hold(bodies['p1/index.html']!);
    let settled = false;
    const failed = renderChanged({
      ...common,
      rp: failing,
      task: editTask([]),
      live: before,
      twins: true,
      workDir,
    }).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false); // p2 threw, but p1's file is still being written
    open();
    await expect(failed).rejects.toThrow('render failed');
    const written = readdirSync(path.join(workDir, '.pages')).map((f) =>
      readFileSync(path.join(workDir, '.pages', f), 'utf8'),
    );
    expect(written).toContain(bodies['p1/index.html']);
  });
});
