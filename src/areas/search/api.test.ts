/** Search: every hit gets the portal path of its type (docs/routes.md). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { setSkipReporter, type SkippedRecord } from '../../api/boundary';
import { search, searchResultPath } from './api';

afterEach(() => vi.restoreAllMocks());

const hit = (over: Record<string, unknown>) => ({
  id: null,
  slug: null,
  uuid: null,
  title: 'ผลการค้นหา',
  summary: '',
  published_at: '2026-11-01',
  ...over,
});

describe('search', () => {
  it('builds each path from type and key', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      results: [
        hit({ type: 'article', id: 1, slug: 'export-101' }),
        hit({ type: 'activity', id: 42, slug: 'fair' }),
        hit({ type: 'purchase', uuid: 'p-uuid' }),
        hit({ type: 'manual', uuid: 'm-uuid' }),
        hit({ type: 'faq', id: 5, published_at: null }),
        hit({ type: 'law', id: 9 }),
        hit({ type: 'book', id: 2, slug: 'sme-2026' }),
        hit({ type: 'media', id: 3, slug: 'fair-photos' }),
      ],
      current_page: 1,
      total: 8,
      categories: [
        { cate: 'all', count: 8 },
        { cate: 'article', count: 1 },
      ],
    });
    const found = await search({ keyword: 'ส่งออก' }, 'th');
    expect(found.results.map((r) => r.path)).toEqual([
      '/article/export-101/',
      '/activity/42/',
      '/procurement/p-uuid/',
      '/manuals/m-uuid/',
      '/faq/#faq-5',
      '/laws/#law-9',
      '/e-magazine/sme-2026/',
      '/multimedia/fair-photos/',
    ]);
    expect(found.currentPage).toBe(1);
    expect(found.total).toBe(8);
    expect(found.categories).toEqual([
      { cate: 'all', count: 8 },
      { cate: 'article', count: 1 },
    ]);
    expect(found.results[4]?.publishedAt).toBeNull();
  });

  it('sends keyword, cate and page 1 by default, leaving out an empty keyword', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ results: [], current_page: 1, total: 0, categories: [] });
    await search({ keyword: '  ', cate: 'law' }, 'en');
    expect(get).toHaveBeenCalledWith('/search', { lang: 'en', query: { cate: 'law', page: 1 } });
  });

  it('skips a hit without the key its page needs, naming that field', async () => {
    const skipped: SkippedRecord[] = [];
    const previous = setSkipReporter((s) => skipped.push(s));
    try {
      vi.spyOn(api, 'get').mockResolvedValue({
        results: [hit({ type: 'article', id: 1 }), hit({ type: 'manual', uuid: 'm-1' })],
        current_page: 1,
        total: 2,
      });
      const found = await search({ keyword: 'x' }, 'th');
      expect(found.results.map((r) => r.path)).toEqual(['/manuals/m-1/']);
      expect(found.categories).toEqual([]);
      expect(skipped).toEqual([expect.objectContaining({ endpoint: '/search', recordId: '1', field: 'slug' })]);
    } finally {
      setSkipReporter(previous);
    }
  });

  it('escapes keys so a path cannot break out of its segment', () => {
    expect(searchResultPath('article', 'a/b?c')).toBe('/article/a%2Fb%3Fc/');
  });
});
