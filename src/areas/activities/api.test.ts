/** Activity lists: the load rules of spec point 5 and the language parameter. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { getActivities, getActivitiesOfCategory, getActivitiesOfDepartment } from './api';

afterEach(() => vi.restoreAllMocks());

const emptyPage = { result: [], total: 0, page: 1, limit: 12 };

describe('activity lists', () => {
  it('the all-list sends language, page 1 and 12 a page by default, and no -1 category', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(emptyPage);
    await getActivities({ cid: -1, keyword: ' ', sortBy: 'oldest' }, 'en');
    expect(get).toHaveBeenCalledWith('/activity/category/all', {
      lang: 'en',
      query: { language: 'en', sortBy: 'oldest', page: 1, limit: 12 },
    });
  });

  it('department and category lists address their path segments', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(emptyPage);
    await getActivitiesOfDepartment('own', 'อบรม ออนไลน์', { page: 2 }, 'th');
    await getActivitiesOfCategory(4, { keyword: 'ส่งออก' }, 'th');
    expect(get.mock.calls.map((c) => c[0])).toEqual([
      '/activity/category/own/%E0%B8%AD%E0%B8%9A%E0%B8%A3%E0%B8%A1%20%E0%B8%AD%E0%B8%AD%E0%B8%99%E0%B9%84%E0%B8%A5%E0%B8%99%E0%B9%8C',
      '/activity/category/4',
    ]);
    expect(get.mock.calls[1]?.[1]).toEqual({ lang: 'th', query: { keyword: 'ส่งออก', page: 1, limit: 12 } });
  });

  it('maps a summary to camelCase with the cover resolved', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      ...emptyPage,
      total: 1,
      result: [
        {
          id: 5,
          slug: 'fair',
          title: 'งานแสดงสินค้า',
          summary: 'สรุป',
          cover: null,
          category: { id: 2, slug: 'seminar', title: 'สัมมนา', count: 3 },
          department: null,
          kind: 'training',
          start_date: '2026-12-01',
          end_date: '2026-12-02',
          location: 'กรุงเทพฯ',
          published_at: '2026-11-01T09:00:00+07:00',
        },
      ],
    });
    const page = await getActivities({}, 'th');
    expect(page.items[0]).toEqual({
      id: '5',
      slug: 'fair',
      title: 'งานแสดงสินค้า',
      summary: 'สรุป',
      cover: null,
      category: { id: '2', slug: 'seminar', title: 'สัมมนา', count: 3 },
      department: null,
      kind: 'training',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      location: 'กรุงเทพฯ',
      publishedAt: '2026-11-01T09:00:00+07:00',
    });
  });
});
