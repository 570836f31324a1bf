/**
 * Kept lists (scripts/publisher/content-store.ts `list`): a department's category list is
 * fetched again only when a record being re-read was in it or lands in it now. Articles have
 * dozens of such lists per language; a new article can change one or two of them.
 */
import { describe, expect, it, vi } from 'vitest';
import { detailCache } from '../../../scripts/publisher/detail-cache.ts';
import { fetchDepartmentLists } from '../../../src/collections/categorised-records.ts';
import type { AreaContext } from '../../../src/collections/api-collection.ts';

vi.mock('astro:content', () => ({ getCollection: async () => [] }));

import type { Category, Department } from '../../../src/api/shared.ts';

/** `source`: a department that lists the records of every office it is the source of (no list item says so). */
type Item = { id: string; slug: string; department: Department; category: Category; source?: string };
const dept: Department = { slug: 'd1', title: 'D1' };
const cat = (slug: string): Category => ({ id: slug, slug, title: slug, count: 0 });
const item = (slug: string, category: string, department = dept, source?: string): Item => ({
  id: `id-${slug}`,
  slug,
  department,
  category: cat(category),
  ...(source ? { source } : {}),
});

/**
 * The API: every article of the area, newest first; a pair's list is the items of that pair. The
 * lists are read by `collection`'s loader (the articles', unless a test says otherwise).
 */
function api(items: Item[], collection = 'articles') {
  const calls: string[] = [];
  const ctx = {
    lang: 'en',
    warn: () => {},
    call: <R>(_: string, task: () => Promise<R>) => task(),
    all: async () => [],
    kept<T>(endpoint: string, load: () => Promise<T[]>, landsIn: (key: string) => boolean) {
      const held = detailCache.list('en', endpoint, landsIn, collection);
      if (held) return Promise.resolve(held.value as T[]);
      return load().then((value) => (detailCache.setList('en', endpoint, value), value));
    },
  } as unknown as AreaContext;
  const read = () =>
    fetchDepartmentLists<Item>(ctx, items, [cat('news'), cat('tips')], {
      endpoint: (d, c) => `/content/category/${d}/${c}`,
      load: async (d, c) => {
        calls.push(`${d}/${c}`);
        const listed = items.filter((i) => (i.department.slug === d || i.source === d) && i.category.slug === c);
        return { items: listed, total: listed.length, page: 1, limit: 100 };
      },
      key: (i) => `article:${i.slug}`,
    });
  return { calls, read, items };
}

const keysOf = (lists: Awaited<ReturnType<ReturnType<typeof api>['read']>>) =>
  Object.fromEntries(lists.map((l) => [l.category.slug, l.keys]));

describe('kept department lists', () => {
  it('fetches again only the list of the pair an edit or a new record touches', async () => {
    const site = api([item('a1', 'news'), item('a2', 'tips'), item('a3', 'news')]);
    detailCache.begin(null); // a catch-up reads every list and keeps it
    expect(keysOf(await site.read())).toEqual({ news: ['article:a1', 'article:a3'], tips: ['article:a2'] });
    expect(site.calls.splice(0)).toEqual(['d1/news', 'd1/tips']);

    // An update of a2 (tips): the news list is kept.
    detailCache.begin([{ type: 'article', action: 'update', key: 'a2' }]);
    await site.read();
    expect(site.calls.splice(0)).toEqual(['d1/tips']);
    expect(detailCache.listHits).toBe(1);

    // A new article in news: only news is fetched, and the new record is in it.
    site.items.unshift(item('x', 'news'));
    detailCache.begin([{ type: 'article', action: 'create', key: 'x' }]);
    expect(keysOf(await site.read())).toEqual({
      news: ['article:x', 'article:a1', 'article:a3'],
      tips: ['article:a2'],
    });
    expect(site.calls.splice(0)).toEqual(['d1/news']);
  });

  it('a category change fetches the list it left and the one it joined; a deletion the one it left', async () => {
    const site = api([item('a1', 'news'), item('a2', 'tips'), item('a3', 'news')]);
    detailCache.begin(null);
    await site.read();
    site.calls.length = 0;
    site.items[0] = item('a1', 'tips');
    detailCache.begin([{ type: 'article', action: 'update', key: 'a1' }]);
    expect(keysOf(await site.read())).toEqual({ news: ['article:a3'], tips: ['article:a1', 'article:a2'] });
    expect(site.calls.splice(0).sort()).toEqual(['d1/news', 'd1/tips']);

    site.items.splice(2, 1); // a3 deleted: gone from the main list, still in the kept news list
    detailCache.begin([{ type: 'article', action: 'delete', key: 'a3' }]);
    const after = keysOf(await site.read());
    expect(after.news).toBeUndefined(); // the pair has no item left
    expect(site.calls.splice(0)).toEqual(['d1/news']);
  });

  it("a new record joins every department's list of its category it belongs to, its source's too", async () => {
    // The agency's own news (a source) lists its own records and those of every office it is the source of.
    const own: Department = { slug: 'own', title: 'Own' };
    const site = api([item('o1', 'news', own), item('a1', 'news', dept, 'own'), item('a2', 'tips')]);
    detailCache.begin(null);
    expect(keysOf(await site.read())).toEqual({ news: ['article:a1'], tips: ['article:a2'] });
    site.calls.length = 0;
    const lists = async () =>
      Object.fromEntries((await site.read()).map((l) => [`${l.department.slug}/${l.category.slug}`, l.keys]));

    // A new office record of the agency's own news: its office's list and its source's change.
    site.items.unshift(item('x', 'news', dept, 'own'));
    detailCache.begin([{ type: 'article', action: 'create', key: 'x' }]);
    expect(await lists()).toEqual({
      'own/news': ['article:x', 'article:o1', 'article:a1'],
      'd1/news': ['article:x', 'article:a1'],
      'd1/tips': ['article:a2'],
    });
    expect(site.calls.splice(0).sort()).toEqual(['d1/news', 'own/news']);

    // a2 moved to news (the agency's own): its source's news list gains it, though its office is d1.
    site.items[site.items.findIndex((i) => i.slug === 'a2')] = item('a2', 'news', dept, 'own');
    detailCache.begin([{ type: 'article', action: 'update', key: 'a2' }]);
    expect((await lists())['own/news']).toEqual(['article:x', 'article:o1', 'article:a1', 'article:a2']);
  });

  it('reuses nothing in a whole re-read, or for an event of a type that says nothing of where its records land', async () => {
    // The home page's lists: a popup (no detail endpoint) may change them (src/areas/home/manifest.ts).
    const site = api([item('a1', 'news'), item('a2', 'tips')], 'home');
    detailCache.begin(null);
    await site.read();
    site.calls.length = 0;
    detailCache.begin(null);
    await site.read();
    expect(site.calls.splice(0).length).toBe(2);
    detailCache.begin([{ type: 'popup', action: 'update', key: 'a1' }]); // no detail endpoint: may be anything
    await site.read();
    expect(site.calls.splice(0).length).toBe(2);
    detailCache.begin([
      { type: 'popup', action: 'update', key: 'p1' },
      { type: 'article', action: 'update', key: 'a2' },
    ]);
    await site.read();
    expect(site.calls.splice(0).length).toBe(2);
  });

  it("keeps the lists a type cannot change: a law beside an article edit fetches only that article's list", async () => {
    // A law (no detail endpoint) may change the laws' lists, not the articles' (src/areas/*/manifest.ts).
    const site = api([item('a1', 'news'), item('a2', 'tips')]);
    detailCache.begin(null);
    await site.read();
    site.calls.length = 0;
    detailCache.begin([
      { type: 'law', action: 'update', key: 'l1' },
      { type: 'article', action: 'update', key: 'a2' },
    ]);
    await site.read();
    expect(site.calls.splice(0)).toEqual(['d1/tips']);
  });

  it('reuses every list for a menu edit, which only links to articles (src/areas/registry.ts linkTypes)', async () => {
    // A menu edit places no article in any list: none of them is fetched again.
    const site = api([item('a1', 'news'), item('a2', 'tips')]);
    detailCache.begin(null);
    await site.read();
    site.calls.length = 0;
    detailCache.begin([{ type: 'menu', action: 'update', key: 'news' }]); // a key a list's category shares
    expect(keysOf(await site.read())).toEqual({ news: ['article:a1'], tips: ['article:a2'] });
    expect(site.calls).toEqual([]);
  });
});

describe('held paged lists (src/collections/page-prediction.ts)', () => {
  it('are offered only to a re-read of edited records whose types have a detail endpoint or link, with their actions', () => {
    const list = [{ slug: 'a1' }, { slug: 'a2' }];
    detailCache.begin(null); // a catch-up reads every page and holds the list
    detailCache.setPages('en', '/content/category/all', list, 100);
    expect(detailCache.pages('en', '/content/category/all', 'articles')).toBeUndefined();

    detailCache.begin([
      { type: 'article', action: 'update', key: 'a1' },
      { type: 'article', action: 'delete', key: 'a2' },
    ]);
    const held = detailCache.pages('en', '/content/category/all', 'articles');
    expect(held?.items).toBe(list);
    expect(held?.limit).toBe(100);
    expect([...(held?.dirty ?? [])]).toEqual([
      ['a1', 'update'],
      ['a2', 'delete'],
    ]);
    expect(detailCache.pages('th', '/content/category/all', 'articles')).toBeUndefined(); // nothing held in that language

    // A popup has no detail endpoint: it says nothing of where it lands in the home page's lists.
    detailCache.setPages('en', '/home/articles', list, 100);
    detailCache.begin([{ type: 'popup', action: 'update', key: 'a1' }]);
    expect(detailCache.pages('en', '/home/articles', 'home')).toBeUndefined();

    // A menu places no article in a list: the list is held, with no dirty item (its key names none).
    detailCache.begin([{ type: 'menu', action: 'update', key: 'a1' }]);
    expect(detailCache.pages('en', '/content/category/all', 'articles')?.items).toBe(list);
    expect(detailCache.pages('en', '/content/category/all', 'articles')?.dirty.size).toBe(0);
    expect(detailCache.skipsRevalidation('articles')).toBe(true);
  });

  it("a law beside article edits: the articles' lists are still predicted and read through the caches, the laws' are not", () => {
    const articles = [{ slug: 'a1' }, { slug: 'a2' }];
    const laws = [{ id: 'l1' }, { id: 'l2' }];
    detailCache.begin(null);
    detailCache.setPages('en', '/content/category/all', articles, 100);
    detailCache.setPages('en', '/law/list', laws, 100);
    detailCache.set('en', '/content/page/a1', { slug: 'a1' }); // an article's answer held

    detailCache.begin([
      { type: 'law', action: 'update', key: 'l1' },
      { type: 'article', action: 'update', key: 'a1' },
    ]);
    expect(detailCache.pages('en', '/content/category/all', 'articles')?.items).toBe(articles);
    expect(detailCache.skipsRevalidation('articles')).toBe(true);
    expect(detailCache.pages('en', '/law/list', 'laws')).toBeUndefined();
    expect(detailCache.skipsRevalidation('laws')).toBe(false);
  });
});
