import { describe, expect, it } from 'vitest';
import { getCollapse, getCollapseContent, getCollapseManualHighlights } from './api';
import { lastRequestTo, areaTestServer } from '../../../tests/support/api-test-server';

const server = areaTestServer();

describe('collapse', () => {
  it('sends module_id and maps the groups with their items', async () => {
    server.respond('/collapse', {
      data: {
        module: { id: 5, title: 'คำถามด้านภาษี' },
        groups: [{ id: 1, title: 'ภาษีเงินได้', items: [{ id: 10, title: 'ยื่นแบบออนไลน์', summary: 'ขั้นตอน' }] }],
      },
    });
    const result = await getCollapse(5, 'th');
    expect(lastRequestTo(server, '/collapse').search).toBe('?module_id=5');
    expect(result).toEqual({
      module: { id: '5', title: 'คำถามด้านภาษี' },
      groups: [{ id: '1', title: 'ภาษีเงินได้', items: [{ id: '10', title: 'ยื่นแบบออนไลน์', summary: 'ขั้นตอน' }] }],
    });
  });

  it('reads one content with module_id', async () => {
    server.respond('/collapse/content/10', {
      data: {
        id: 10,
        title: 'ยื่นแบบออนไลน์',
        body_html: '<p>ขั้นตอน</p>',
        group_id: 1,
        updated_at: '2026-05-05T08:00:00+07:00',
      },
    });
    const content = await getCollapseContent(10, 5, 'en');
    expect(lastRequestTo(server, '/collapse/content/10').search).toBe('?module_id=5');
    expect(content).toEqual({
      id: '10',
      title: 'ยื่นแบบออนไลน์',
      bodyHtml: '<p>ขั้นตอน</p>',
      groupId: '1',
      updatedAt: '2026-05-05T08:00:00+07:00',
    });
  });

  it('reads the manual highlights as manuals', async () => {
    server.respond('/collapse/manual/highlight', {
      data: [
        {
          uuid: 'm-1',
          title: 'คู่มือ',
          summary: '',
          group: { id: 1, title: 'ทั่วไป' },
          updated_at: '2026-01-01',
          highlight: true,
        },
      ],
    });
    expect(await getCollapseManualHighlights('th')).toEqual([
      {
        uuid: 'm-1',
        title: 'คู่มือ',
        summary: '',
        group: { id: '1', title: 'ทั่วไป' },
        updatedAt: '2026-01-01',
        highlight: true,
      },
    ]);
  });
});
