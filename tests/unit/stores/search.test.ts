import '../../support/memory-storage';
import { describe, expect, it, vi } from 'vitest';
import type { SearchResults } from '../../../src/areas/search/api';
import { createSearchStore } from '../../../src/areas/search/store';

describe('search store', () => {
  const answer = (page: number): SearchResults => ({
    results: [
      {
        type: 'article',
        id: '1',
        slug: 'a',
        uuid: null,
        title: 'การค้าชายแดน',
        summary: '',
        publishedAt: null,
        path: '/articles/a/',
      },
    ],
    currentPage: page,
    total: 31,
    categories: [{ cate: 'article', count: 31 }],
  });

  it('stores results, current_page and total', async () => {
    const search = vi.fn(async (p: { page?: number }) => answer(p.page ?? 1));
    const store = createSearchStore(search);
    await store.runSearch({ keyword: '  การค้า ', cate: 'article', page: 2 }, { lang: 'th' });
    expect(search).toHaveBeenCalledWith({ keyword: 'การค้า', cate: 'article', page: 2 }, 'th');
    expect(store.$search.get()).toMatchObject({
      status: 'success',
      current_page: 2,
      total: 31,
      query: { keyword: 'การค้า' },
    });
    expect(store.$search.get().results[0]!.title).toBe('การค้าชายแดน');
  });

  it('an empty keyword makes no request and clears the results', async () => {
    const search = vi.fn(async () => answer(1));
    const store = createSearchStore(search);
    await store.runSearch({ keyword: 'ไทย' });
    await expect(store.runSearch({ keyword: '   ' })).resolves.toBeNull();
    expect(search).toHaveBeenCalledOnce();
    expect(store.$search.get()).toMatchObject({ status: 'idle', results: [], total: 0 });
  });

  it('a failure is stored and passed to the callback; bad page numbers become 1', async () => {
    const store = createSearchStore(async () => {
      throw new Error('down');
    });
    const onFailure = vi.fn();
    await store.runSearch({ keyword: 'x', page: -3 }, { onFailure });
    expect(onFailure).toHaveBeenCalledOnce();
    expect(store.$search.get()).toMatchObject({ status: 'error', current_page: 1, query: { page: 1, cate: 'all' } });
  });
});
