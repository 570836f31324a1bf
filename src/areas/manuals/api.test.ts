import { describe, expect, it } from 'vitest';
import { getManual, getManualGroups, getManualHome, getManualsOfGroup, searchManuals } from './api';
import { attachment, lastRequestTo, paged, areaTestServer } from '../../../tests/support/api-test-server';

const manual = (uuid: string, extra: Record<string, unknown> = {}) => ({
  uuid,
  title: 'คู่มือการจดทะเบียนบริษัท',
  summary: 'ขั้นตอนการจดทะเบียน',
  group: { id: 3, title: 'จดทะเบียนธุรกิจ' },
  updated_at: '2026-10-01T10:00:00+07:00',
  highlight: true,
  ...extra,
});
const group = { id: 3, slug: 'registration', title: 'จดทะเบียนธุรกิจ', description: 'คู่มือด้านการจดทะเบียน', count: 2 };

const server = areaTestServer();

describe('manual lists', () => {
  it('sends the group as group_id (spec point 7), leaves out an empty keyword, and defaults to page 1', async () => {
    server.respond('/manual/group/3', paged([manual('m-1')]));
    await getManualsOfGroup(3, { keyword: '' }, 'th');
    expect(Object.fromEntries(lastRequestTo(server, '/manual/group/3').query)).toEqual({ group_id: '3', page: '1' });
  });

  it('sends group_id with the keyword and page', async () => {
    server.respond('/manual/group/3', paged([manual('m-1')], 2));
    await getManualsOfGroup(3, { keyword: 'บริษัท', page: 2 }, 'th');
    expect(Object.fromEntries(lastRequestTo(server, '/manual/group/3').query)).toEqual({
      group_id: '3',
      keyword: 'บริษัท',
      page: '2',
    });
  });

  it('leaves out a slug of -1 from the search', async () => {
    server.respond('/manual/search', paged([manual('m-1')]));
    await searchManuals({ slug: '-1', keyword: 'ภาษี' }, 'th');
    expect(Object.fromEntries(lastRequestTo(server, '/manual/search').query)).toEqual({ keyword: 'ภาษี', page: '1' });
    await searchManuals({ slug: -1 }, 'th');
    expect(lastRequestTo(server, '/manual/search').search).toBe('?page=1');
    await searchManuals({ slug: 'registration' }, 'th');
    expect(lastRequestTo(server, '/manual/search').query.get('slug')).toBe('registration');
  });

  it('asks for every group in one page: page 1, limit 9999', async () => {
    server.respond('/manual/groups', paged([group], 1, 100));
    const groups = await getManualGroups('th');
    expect(lastRequestTo(server, '/manual/groups').search).toBe('?page=1&limit=9999');
    expect(groups).toEqual([{ ...group, id: '3' }]);
  });

  it('maps manuals and skips a malformed one', async () => {
    server.respond('/manual/home', { data: [manual('m-1'), manual('m-2', { updated_at: 'yesterday' })] });
    const list = await getManualHome('th');
    expect(list).toEqual([
      {
        uuid: 'm-1',
        title: 'คู่มือการจดทะเบียนบริษัท',
        summary: 'ขั้นตอนการจดทะเบียน',
        group: { id: '3', title: 'จดทะเบียนธุรกิจ' },
        updatedAt: '2026-10-01T10:00:00+07:00',
        highlight: true,
      },
    ]);
    expect(server.skipped[0]).toMatchObject({ endpoint: '/manual/home', recordId: 'm-2', field: 'updated_at' });
  });
});

describe('manual detail and group page', () => {
  it('maps a manual with body and attachments', async () => {
    server.respond('/manual/view/m-1', {
      data: { ...manual('m-1'), body_html: '<ol><li>ยื่นคำขอ</li></ol>', attachments: [attachment('guide')] },
    });
    const detail = await getManual('m-1', 'th');
    expect(detail.bodyHtml).toContain('ยื่นคำขอ');
    expect(detail.attachments[0]?.url).toBe(`${server.url}/files/docs/guide.pdf`);
  });
});
