/** Home: popup fields of spec point 3, procurement 5 items, news tabs. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, getApiBaseUrl, setApiBaseUrl } from '../../api/client';
import { getHomeProcurement, getNewsTabs, getPopup, getVisitors } from './api';

const original = getApiBaseUrl();
beforeEach(() => setApiBaseUrl('http://api.test:9000'));
afterEach(() => {
  vi.restoreAllMocks();
  setApiBaseUrl(original);
});

describe('home', () => {
  it('maps the popup and resolves its image path against the API address', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      data: {
        isModal: true,
        title: 'ประกาศ',
        text: 'งานแสดงสินค้า',
        link: '/activities/',
        path: '/files/popup/fair.svg',
      },
    });
    expect(await getPopup('th')).toEqual({
      isModal: true,
      title: 'ประกาศ',
      text: 'งานแสดงสินค้า',
      link: '/activities/',
      path: 'http://api.test:9000/files/popup/fair.svg',
    });
  });

  it('no popup is null, and a popup without image keeps path null', async () => {
    vi.spyOn(api, 'get')
      .mockResolvedValueOnce({ data: null })
      .mockResolvedValueOnce({ data: { isModal: false, title: 't', text: '', link: null, path: null } });
    expect(await getPopup('th')).toBeNull();
    expect((await getPopup('th'))?.path).toBeNull();
  });

  it('asks /purchase/all for page 1 with 5 items', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ result: [], total: 0, page: 1, limit: 5 });
    expect(await getHomeProcurement('en')).toEqual([]);
    expect(get).toHaveBeenCalledWith('/purchase/all', { lang: 'en', query: { page: 1, limit: 5 } });
  });

  it('news tabs keep their key and map their items', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      data: [
        {
          key: 'news',
          title: 'ข่าว',
          items: [
            {
              type: 'article',
              id: 1,
              slug: 'a-1',
              title: 'ข่าวหนึ่ง',
              summary: '',
              cover: { url: '/files/covers/a.svg', width: 10, height: 10, alt: '' },
              published_at: '2026-11-01',
              source: 'own',
            },
          ],
        },
      ],
    });
    const [tab] = await getNewsTabs('th');
    expect(tab?.key).toBe('news');
    expect(tab?.items[0]).toMatchObject({
      id: '1',
      publishedAt: '2026-11-01',
      cover: { url: 'http://api.test:9000/files/covers/a.svg' },
    });
  });

  it('visitors are total and today', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ data: { total: 1200, today: 12 } });
    expect(await getVisitors('th')).toEqual({ total: 1200, today: 12 });
  });
});
