/** Navigation: nested menus map recursively; a malformed entry is skipped, not the whole menu. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, getApiBaseUrl, setApiBaseUrl } from '../api/client';
import { setSkipReporter, type SkippedRecord } from '../api/boundary';
import { getMenu, getQuickMenu } from './navigation-api';

const original = getApiBaseUrl();
afterEach(() => {
  vi.restoreAllMocks();
  setApiBaseUrl(original);
});

describe('navigation', () => {
  it('maps nested menu items and skips an entry whose child is malformed', async () => {
    const skipped: SkippedRecord[] = [];
    const previous = setSkipReporter((s) => skipped.push(s));
    try {
      vi.spyOn(api, 'get').mockResolvedValue({
        data: [
          { id: 'm1', title: 'หน้าแรก', path: '/', children: [] },
          {
            id: 'm2',
            title: 'เกี่ยวกับเรา',
            path: '/article/a/',
            children: [{ id: 'm2-1', title: 'ประวัติ', path: '/article/a/' }],
          },
          { id: 'm3', title: 'ข่าว', path: '/news/', children: [{ id: 'm3-1', title: '', path: '/news/' }] },
        ],
      });
      expect(await getMenu('th')).toEqual([
        { id: 'm1', title: 'หน้าแรก', path: '/', children: [] },
        {
          id: 'm2',
          title: 'เกี่ยวกับเรา',
          path: '/article/a/',
          children: [{ id: 'm2-1', title: 'ประวัติ', path: '/article/a/', children: [] }],
        },
      ]);
      expect(skipped).toEqual([
        expect.objectContaining({ endpoint: '/menu', recordId: 'm3', field: 'children.0.title' }),
      ]);
    } finally {
      setSkipReporter(previous);
    }
  });

  it('resolves quick menu icons against the API address', async () => {
    setApiBaseUrl('http://api.test');
    vi.spyOn(api, 'get').mockResolvedValue({
      data: [
        {
          id: 1,
          title: 'ดาวน์โหลดแบบฟอร์ม',
          path: '/downloads/',
          icon: { url: '/files/icons/q.svg', width: 64, height: 64, alt: '' },
        },
      ],
    });
    const [item] = await getQuickMenu('th');
    expect(item?.icon?.url).toBe('http://api.test/files/icons/q.svg');
    expect(item?.id).toBe('1');
  });
});
