import { describe, expect, it } from 'vitest';
import { getProcureContent, getProcureGroups, replaceProcureList, type ProcureGroup } from './api';
import { attachment, lastRequestTo, paged, areaTestServer } from '../../../tests/support/api-test-server';

const server = areaTestServer();

const item = (id: number) => ({
  id,
  title: `แผนการจัดซื้อจัดจ้าง ${id}`,
  published_at: '2026-03-01',
  attachments: [attachment(`plan-${id}`)],
});

describe('procure', () => {
  it('maps each group with its procureList', async () => {
    server.respond('/procure/group', { data: [{ id: 1, title: 'แผนจัดซื้อจัดจ้าง', procure_list: [item(1), item(2)] }] });
    const [group] = await getProcureGroups('th');
    expect(group?.id).toBe('1');
    expect(group?.procureList.map((i) => i.id)).toEqual(['1', '2']);
    expect(group?.procureList[0]).toMatchObject({ publishedAt: '2026-03-01' });
    expect(group?.procureList[0]?.attachments[0]?.url).toBe(`${server.url}/files/docs/plan-1.pdf`);
  });

  it('pages a group with group_id and page, leaving out a -1 group_id', async () => {
    server.respond('/procure/content', paged([item(3)], 2));
    await getProcureContent({ group_id: 1, page: 2 }, 'th');
    expect(lastRequestTo(server, '/procure/content').search).toBe('?group_id=1&page=2');
    await getProcureContent({ group_id: -1 }, 'th');
    expect(lastRequestTo(server, '/procure/content').search).toBe('?page=1');
  });

  it('replaces a group list only when the new page has items (spec point 4)', () => {
    const groups: ProcureGroup[] = [
      { id: '1', title: 'a', procureList: [{ id: '1', title: 'x', publishedAt: '2026-01-01', attachments: [] }] },
      { id: '2', title: 'b', procureList: [] },
    ];
    const next = [{ id: '9', title: 'y', publishedAt: '2026-02-01', attachments: [] }];
    expect(replaceProcureList(groups, '1', [])).toBe(groups);
    const replaced = replaceProcureList(groups, '1', next);
    expect(replaced[0]?.procureList).toEqual(next);
    expect(replaced[1]).toBe(groups[1]);
  });
});
