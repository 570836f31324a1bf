import { describe, expect, it } from 'vitest';
import { getHotServices, getOnlineService, getOnlineServiceCategories, getOnlineServicesOfCategory } from './api';
import { attachment, image, areaTestServer } from '../../../tests/support/api-test-server';

const server = areaTestServer();

const service = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  title: 'จองคิวรับบริการ',
  summary: 'จองคิวล่วงหน้า',
  icon: image(`svc-${id}`),
  category_id: 3,
  url: 'https://example.org/queue',
  ...extra,
});

describe('online services', () => {
  it('maps the hot services', async () => {
    server.respond('/online-service/hot-service', { data: [service(1), service(2, { url: null, icon: null })] });
    const list = await getHotServices('th');
    expect(list[0]).toEqual({
      id: '1',
      title: 'จองคิวรับบริการ',
      summary: 'จองคิวล่วงหน้า',
      icon: { url: `${server.url}/files/covers/svc-1.svg`, width: 640, height: 360, alt: 'svc-1' },
      categoryId: '3',
      url: 'https://example.org/queue',
    });
    expect(list[1]).toMatchObject({ url: null, icon: null });
  });

  it('reads one service, the category list and the services of a category', async () => {
    server.respond('/online-service/view/1', {
      data: { ...service(1), body_html: '<p>วิธีใช้</p>', attachments: [attachment('manual')] },
    });
    server.respond('/online-service/category/list', { data: [{ id: 3, title: 'บริการออนไลน์', count: 2 }] });
    server.respond('/online-service/service-category/3', { data: [service(1), service(2)] });
    expect(await getOnlineService(1, 'th')).toMatchObject({ id: '1', bodyHtml: '<p>วิธีใช้</p>' });
    expect(await getOnlineServiceCategories('th')).toEqual([{ id: '3', title: 'บริการออนไลน์', count: 2 }]);
    expect((await getOnlineServicesOfCategory(3, 'th')).map((s) => s.id)).toEqual(['1', '2']);
  });
});
