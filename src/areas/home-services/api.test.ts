import { describe, expect, it } from 'vitest';
import { getHomeService, getHomeServices } from './api';
import { SchemaError } from '../../api/errors';
import { attachment, image, areaTestServer } from '../../../tests/support/api-test-server';

const server = areaTestServer();

describe('home services', () => {
  it('maps the list, a missing cover staying null', async () => {
    server.respond('/home-service/home', {
      data: [
        { id: 1, title: 'ที่ปรึกษาถึงบ้าน', summary: 'นัดหมายผู้เชี่ยวชาญ', cover: image('home-1') },
        { id: 2, title: 'ตรวจสุขภาพธุรกิจ', summary: '', cover: null },
      ],
    });
    const list = await getHomeServices('th');
    expect(list[0]?.cover?.url).toBe(`${server.url}/files/covers/home-1.svg`);
    expect(list[1]).toEqual({ id: '2', title: 'ตรวจสุขภาพธุรกิจ', summary: '', cover: null });
  });

  it('maps a detail and rejects one with a broken attachment as a SchemaError', async () => {
    const base = { id: 1, title: 'ที่ปรึกษาถึงบ้าน', summary: '', cover: null, body_html: '<p>รายละเอียด</p>' };
    server.respond('/home-service/detail/1', { data: { ...base, attachments: [attachment('brochure')] } });
    expect(await getHomeService(1, 'th')).toMatchObject({ id: '1', bodyHtml: '<p>รายละเอียด</p>' });

    server.respond('/home-service/detail/1', { data: { ...base, attachments: [{ name: 'x' }] } });
    const error = await getHomeService(1, 'th').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).field).toBe('attachments.0.url');
  });
});
