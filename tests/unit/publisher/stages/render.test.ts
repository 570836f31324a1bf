import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLaterListPage, renderChanged } from '../../../../scripts/publisher/stages/render.ts';
import { sha256 } from '../../../../scripts/publisher/stages/files.ts';
import type { PagePath } from '../../../../scripts/publisher/render-path.ts';
import type { Files } from '../../../../scripts/publisher/stages/types.ts';

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
      rp,
      changed: new Set(['articles']),
      live: live({ 'a/index.html': ['A', 'k1'], 'b/index.html': ['B', 'k2'], 'c/index.html': ['C', 'k3'] }),
      all: false,
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
    expect(readFileSync(path.join(workDir, 'b/index.html'), 'utf8')).toBe('B2');
    expect(existsSync(path.join(workDir, 'c/index.html'))).toBe(false);
    expect(out.files.get('b/index.html')!.tags).toEqual(['articles:b']);
  });

  it('counts removed pages, writes the sitemap again, and makes twins for files that lack them', async () => {
    const big = `<html>${'x'.repeat(4000)}</html>`;
    const pages = [page('a/index.html', 'k1')];
    const { rp } = fakeRp(pages, { 'a/index.html': big });
    const workDir = mkdtempSync(path.join(tmpdir(), 'render-'));
    const out = await renderChanged({
      rp,
      changed: null,
      live: live({ 'a/index.html': ['old', 'k0'], 'gone/index.html': ['G', 'g'] }),
      all: false,
      twins: true,
      workDir,
    });
    expect(out.removed).toBe(1);
    expect(out.files.has('gone/index.html')).toBe(false);
    expect([...out.files.keys()].some((f) => /^sitemap-.*\.xml$/.test(f))).toBe(true);
    expect(out.files.get('a/index.html')!.twins?.map((t) => t.suffix)).toEqual(['.br', '.gz']);
  });

  it("leaves the lists' later pages a new record shifts for the next release, which renders them from the same paths", async () => {
    // A new article: its page comes, the list's first page changes, pages 2 to 10 shift, a page 11 comes.
    const later = Array.from({ length: 10 }, (_, i) => `articles/page/${i + 2}/index.html`);
    const pages = [
      page('articles/index.html', 'l1b'),
      ...later.map((f, i) => page(f, i === 9 ? 'l11' : `l${i + 2}b`)),
      page('article/new/index.html', 'n'),
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
      ...{ rp, changed: new Set(['articles']), live: before, all: false, twins: false },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
      defer: isLaterListPage,
    });
    expect(rendered).toEqual(['articles/index.html', 'article/new/index.html']); // what the editor looks at
    expect(first.deferred).toBe(10);
    expect(first.files.get(later[0]!)).toEqual(before.get(later[0]!)); // old bytes, old key
    expect(first.files.has(later[9]!)).toBe(false); // page 11 comes with the next release
    const sitemap = (files: typeof first.files) => readFileSync(files.get('sitemap-0.xml')!.source!, 'utf8');
    expect(sitemap(first.files)).toContain('/article/new/'); // the new page is listed at once
    expect(sitemap(first.files)).not.toContain('/articles/page/11/'); // with the release that adds it
    const rest = await renderChanged({
      ...{ rp, changed: null, live: first.files, all: false, twins: false },
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
      paths: first.paths,
    });
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
      ...{ rp, changed: new Set(['articles']), all: false, twins: false, defer: isLaterListPage },
      live: live({ 'articles/page/5/index.html': ['A B', 'l5'], 'article/a/index.html': ['A', 'a'] }),
      workDir: mkdtempSync(path.join(tmpdir(), 'render-')),
    });
    expect(out.deferred).toBe(0);
    expect(rendered.sort()).toEqual(['article/a/index.html', 'articles/page/5/index.html']);
  });
});
