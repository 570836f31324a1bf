import { describe, expect, it } from 'vitest';
import { getPurchase, getPurchaseGroups, getPurchases } from './api';
import { SchemaError } from '../../api/errors';
import { attachment, lastRequestTo, paged, areaTestServer } from '../../../tests/support/api-test-server';

const notice = (uuid: string, extra: Record<string, unknown> = {}) => ({
  uuid,
  title: 'ประกาศประกวดราคาจ้างพัฒนาระบบ',
  summary: 'จัดจ้างด้วยวิธีประกาศเชิญชวนทั่วไป',
  group: { id: 2, title: 'ประกาศจัดซื้อจัดจ้าง' },
  method: 'e-bidding',
  budget: 1500000,
  status: 'open',
  announced_at: '2026-11-01T09:00:00+07:00',
  closing_at: null,
  ...extra,
});

const server = areaTestServer();

describe('purchase list', () => {
  it('sends page 1 by default and leaves out the -1 group sentinel and a blank keyword', async () => {
    server.respond('/purchase/all', paged([notice('a-1')]));
    await getPurchases({ gid: -1, keyword: '   ' }, 'th');
    expect(lastRequestTo(server, '/purchase/all').search).toBe('?page=1');

    await getPurchases({ gid: '-1' }, 'th');
    expect(lastRequestTo(server, '/purchase/all').search).toBe('?page=1');
  });

  it('sends a real group, keyword and page', async () => {
    server.respond('/purchase/all', paged([notice('a-1')], 3));
    await getPurchases({ gid: 4, keyword: ' คอมพิวเตอร์ ', page: 3 }, 'en');
    const req = lastRequestTo(server, '/purchase/all');
    expect(Object.fromEntries(req.query)).toEqual({ gid: '4', keyword: 'คอมพิวเตอร์', page: '3' });
    expect(req.headers['accept-language']).toBe('en');
  });

  it('maps notices to the portal type and skips a malformed one with a warning naming it', async () => {
    server.respond(
      '/purchase/all',
      paged([
        notice('a-1'),
        notice('bad-2', { status: 'cancelled' }),
        notice('a-3', { budget: null, closing_at: '2026-12-01' }),
      ]),
    );
    const page = await getPurchases({}, 'th');
    expect(page.items.map((p) => p.uuid)).toEqual(['a-1', 'a-3']);
    expect(page.items[0]).toEqual({
      uuid: 'a-1',
      title: 'ประกาศประกวดราคาจ้างพัฒนาระบบ',
      summary: 'จัดจ้างด้วยวิธีประกาศเชิญชวนทั่วไป',
      group: { id: '2', title: 'ประกาศจัดซื้อจัดจ้าง' },
      method: 'e-bidding',
      budget: 1500000,
      status: 'open',
      announcedAt: '2026-11-01T09:00:00+07:00',
      closingAt: null,
    });
    expect(page.items[1]).toMatchObject({ budget: null, closingAt: '2026-12-01' });
    expect(server.skipped).toEqual([
      expect.objectContaining({ endpoint: '/purchase/all', recordId: 'bad-2', field: 'status' }),
    ]);
  });
});

describe('purchase detail, home and groups', () => {
  it('maps a notice with its body and resolves attachment addresses against the API', async () => {
    server.respond('/purchase/view/a-1', {
      data: { ...notice('a-1'), body_html: '<p>รายละเอียด</p>', attachments: [attachment('tor')] },
    });
    const detail = await getPurchase('a-1', 'th');
    expect(detail.bodyHtml).toBe('<p>รายละเอียด</p>');
    expect(detail.attachments).toEqual([
      { name: 'tor.pdf', url: `${server.url}/files/docs/tor.pdf`, mime: 'application/pdf', sizeBytes: 2048 },
    ]);
  });

  it('rejects a detail without its body as a SchemaError naming endpoint and field', async () => {
    server.respond('/purchase/view/a-1', { data: notice('a-1') });
    const error = await getPurchase('a-1', 'th').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect(error).toMatchObject({ endpoint: '/purchase/view/a-1', field: 'body_html' });
  });

  it('reads the groups', async () => {
    server.respond('/purchase/group', { data: [{ id: 1, title: 'จัดซื้อ', count: 7 }] });
    expect(await getPurchaseGroups('th')).toEqual([{ id: '1', title: 'จัดซื้อ', count: 7 }]);
  });
});
