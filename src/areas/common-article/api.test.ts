import { describe, expect, it } from 'vitest';
import {
  getCommonArticleCategories,
  getCommonArticleCategory,
  getCommonContent,
  getUncategorizedCommonContents,
} from './api';
import { attachment, lastRequestTo, areaTestServer } from '../../../tests/support/api-test-server';

const server = areaTestServer();

const content = (id: number | string) => ({
  id,
  title: 'รายงานประจำปี',
  summary: 'สรุปผลงาน',
  published_at: '2026-01-15',
});

describe('common articles', () => {
  it('reads the categories of a module with module_id', async () => {
    server.respond('/common-article/category', {
      data: [
        { id: 1, title: 'รายงาน', parent_id: null, module_id: 6, count: 3 },
        { id: 2, title: 'รายงานประจำปี', parent_id: 1, module_id: 6, count: 1 },
      ],
    });
    const list = await getCommonArticleCategories(6, 'th');
    expect(lastRequestTo(server, '/common-article/category').search).toBe('?module_id=6');
    expect(list).toEqual([
      { id: '1', title: 'รายงาน', parentId: null, moduleId: '6', count: 3 },
      { id: '2', title: 'รายงานประจำปี', parentId: '1', moduleId: '6', count: 1 },
    ]);
  });

  it('reads the uncategorised contents by module id in the path', async () => {
    server.respond('/common-article/no-parent/content/6', { data: [content(7)] });
    expect(await getUncategorizedCommonContents(6, 'th')).toEqual([
      { id: '7', title: 'รายงานประจำปี', summary: 'สรุปผลงาน', publishedAt: '2026-01-15' },
    ]);
  });

  it('reads a category with its contents, skipping a malformed content', async () => {
    server.respond('/common-article/category/2', {
      data: {
        id: 2,
        title: 'รายงานประจำปี',
        module_id: 6,
        contents: [content(7), { ...content(8), published_at: 'soon' }],
      },
    });
    const category = await getCommonArticleCategory(2, 'th');
    expect(category.contents.map((c) => c.id)).toEqual(['7']);
    expect(server.skipped[0]).toMatchObject({
      endpoint: '/common-article/category/2',
      recordId: '8',
      field: 'published_at',
    });
  });

  it('reads one content with body and attachments', async () => {
    server.respond('/common-article/content/7', {
      data: {
        ...content(7),
        body_html: '<p>เนื้อหา</p>',
        category_id: null,
        module_id: 6,
        attachments: [attachment('report')],
      },
    });
    const detail = await getCommonContent(7, 'th');
    expect(detail).toMatchObject({ id: '7', bodyHtml: '<p>เนื้อหา</p>', categoryId: null, moduleId: '6' });
    expect(detail.attachments[0]?.url).toBe(`${server.url}/files/docs/report.pdf`);
  });
});
