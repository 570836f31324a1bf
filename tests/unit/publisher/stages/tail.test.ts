/**
 * Editors back to back, through the render stage and the rest as the publisher drives them
 * (scripts/publisher/publisher.ts `#publishBatch`): a release that carries a create's shifted
 * later list pages steps aside for an edit that comes meanwhile, at any page, and the edit does
 * not wait for the pages it left; a deleted record leaves the feed in the release that removes
 * its page.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderChanged, type RenderResult } from '../../../../scripts/publisher/stages/render.ts';
import { Rest } from '../../../../scripts/publisher/stages/rest.ts';
import { sha256 } from '../../../../scripts/publisher/stages/files.ts';
import type { RenderTask } from '../../../../scripts/publisher/stages/plan.ts';
import type { PagePath } from '../../../../scripts/publisher/render-path.ts';
import type { Files } from '../../../../scripts/publisher/stages/types.ts';
import { tagsOf } from '../../../../scripts/publisher/tags.ts';

/** The content as the API has it: the articles' version (a create or delete moves it) and the law's. */
interface Content {
  articles: number;
  law: number;
  /** Articles the feed lists. */
  feed: string[];
  /** Articles that have a page. */
  pages: string[];
  /** The list's later pages. */
  later: number;
}

const LATER = 12;
const listFiles = (later: number) => [
  'articles/index.html',
  ...Array.from({ length: later }, (_, i) => `articles/page/${i + 2}/index.html`),
];

/** getStaticPaths over `c`: each list page's key (and bytes) name the articles' version it shows. */
function pathsOf(c: Content): PagePath[] {
  const p = (file: string, cacheKey: string, records: string[] = []) =>
    ({ file, pathname: `/${file}`, route: { type: 'page' }, cacheKey, records }) as unknown as PagePath;
  return [
    // The list's first page shows the newest articles (as the feed does); its later pages, older ones.
    ...listFiles(c.later).map((f, i) =>
      p(f, `${f} v${c.articles}`, i === 0 ? c.feed.map((a) => `articles/en/${a}`) : []),
    ),
    p('rss.xml', `rss ${c.feed.join(',')}`),
    p('law/l1/index.html', `law v${c.law}`, ['laws/en/l1']),
    ...c.pages.map((a) => p(`article/${a}/index.html`, `article ${a}`, [`articles/en/${a}`])),
  ];
}

/** A publisher in small: the live release, the rest, the releases that went live. */
function publisher(initial: Content) {
  const content = { current: initial };
  const rp = {
    origin: 'https://example.org',
    paths: async () => pathsOf(content.current),
    render: async (page: PagePath) => Buffer.from(page.cacheKey!),
  };
  const rest = new Rest();
  const releases: Files[] = [];
  let live: Files = new Map(
    pathsOf(initial).map((p) => [
      p.file,
      { hash: sha256(Buffer.from(p.cacheKey!)), source: '', cacheKey: p.cacheKey, page: true, tags: tagsOf(p.records) },
    ]),
  );
  let sitemapOwed = false;
  const render = async (task: RenderTask): Promise<RenderResult> => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'tail-'));
    const out = await renderChanged({ rp, task, live, liveDir: undefined, twins: false, workDir, sitemapOwed });
    rest.leave(out);
    if (out.differs > 0) {
      live = out.files;
      releases.push(live);
      sitemapOwed = out.sitemapOwed;
    }
    return out;
  };
  const edit = (changed: string, records: string[]) =>
    render({
      kind: 'edit',
      changed: new Set([changed]),
      records: new Set(records),
      whole: false,
    });
  const restOf = async (editWaits: () => boolean) => {
    const left = rest.next({}, editWaits());
    return left ? render({ kind: 'rest', left, editWaits, twinStash: null }) : null;
  };
  const bytes = (files: Files, file: string) => {
    const f = files.get(file)!;
    return f.source ? readFileSync(f.source, 'utf8') : (f.cacheKey ?? '');
  };
  return {
    content,
    releases,
    edit,
    restOf,
    bytes,
    get live() {
      return live;
    },
  };
}

/** The versions of the articles the list pages of a release show: one when the lists agree. */
const listVersions = (files: Files) =>
  new Set([...files].filter(([f]) => f.startsWith('articles/')).map(([, s]) => s.cacheKey!.split(' ').at(-1)));

describe('editors back to back', () => {
  it("a second edit arriving during a create's later-list-pages release goes live first, and the lists agree in the release right after it", async () => {
    const pub = publisher({ articles: 0, law: 0, feed: ['a1'], pages: ['a1'], later: LATER });
    // A create: its page, the list's first page and the feed now; the 12 shifted later pages next.
    pub.content.current = { articles: 1, law: 0, feed: ['a2', 'a1'], pages: ['a1', 'a2'], later: LATER };
    const first = await pub.edit('articles', ['articles/en/a2']);
    expect(first.deferred).toBe(LATER);
    expect(listVersions(pub.live)).toEqual(new Set(['v0', 'v1'])); // disagree: the edit's own release

    // Its rest renders the later list pages; a second edit (the law) comes in after 3 of them:
    // the rest stops there and releases none (fewer than a release is worth to the waiting edit).
    let looks = 0;
    const tail = await pub.restOf(() => ++looks > 4); // a look before it starts, then one per page
    expect(tail!.yielded).toBe(true);
    expect(tail!.differs).toBe(0);
    expect(pub.releases).toHaveLength(1);

    // The second edit goes live next with its own pages only: the list pages wait.
    pub.content.current = { ...pub.content.current, law: 1 };
    const second = await pub.edit('laws', ['laws/en/l1']);
    expect(pub.releases).toHaveLength(2);
    expect(pub.bytes(pub.live, 'law/l1/index.html')).toBe('law v1');
    expect(second.rendered).toBe(1);
    expect(second.deferred).toBe(LATER);
    expect(Object.keys(second.leftFor)).toEqual([expect.stringMatching(/create/)]);

    // The rest after it renders them: the lists agree again, each page in its newest bytes.
    const after = await pub.restOf(() => false);
    expect(after!.rendered).toBe(LATER);
    expect(listVersions(pub.live)).toEqual(new Set(['v1']));
    for (const f of listFiles(LATER)) expect(pub.bytes(pub.live, f)).toBe(`${f} v1`);
    // No release ever showed a list older than the one before it showed (lists only move forward).
    const oldest = pub.releases.map((r) => Math.min(...[...listVersions(r)].map((v) => Number(v?.slice(1)))));
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    // Nothing is left.
    expect((await pub.restOf(() => false))?.rendered ?? 0).toBe(0);
  });

  it('a deleted record is gone from the feed in the release that removes its page, however many list pages it shifted', async () => {
    const articles = Array.from({ length: 3 }, (_, i) => `a${i}`);
    // More than a hundred stale list pages: the edit's release must not leave the feed for later with them.
    const pub = publisher({ articles: 0, law: 0, feed: articles, pages: articles, later: 150 });
    pub.content.current = { articles: 1, law: 0, feed: ['a0', 'a2'], pages: ['a0', 'a2'], later: 150 };
    const out = await pub.edit('articles', ['articles/en/a1']);
    expect(pub.releases).toHaveLength(1);
    expect(pub.live.has('article/a1/index.html')).toBe(false);
    expect(pub.bytes(pub.live, 'rss.xml')).toBe('rss a0,a2');
    expect(out.deferred).toBe(150); // the shifted later list pages wait
    expect(out.sitemapOwed).toBe(true); // the sitemap follows in the next release
  });
});
