import { describe, expect, it } from 'vitest';
import { getFaqGroups, getFaqs } from './api';
import { lastRequestTo, paged, areaTestServer } from '../../../tests/support/api-test-server';

const server = areaTestServer();

const faq = (id: number) => ({ id, question: 'ติดต่อหน่วยงานได้อย่างไร', answer_html: '<p>โทร 1570</p>', group_id: 2 });

describe('faq', () => {
  it('leaves out a cid of -1 and an empty keyword, defaulting to page 1', async () => {
    server.respond('/faqs', paged([faq(1)]));
    await getFaqs({ cid: -1, keyword: '' }, 'th');
    expect(lastRequestTo(server, '/faqs').search).toBe('?page=1');
  });

  it('sends page, keyword, limit and a real cid', async () => {
    server.respond('/faqs', paged([faq(1)], 2, 5));
    await getFaqs({ page: 2, keyword: 'ติดต่อ', limit: 5, cid: 2 }, 'th');
    expect(Object.fromEntries(lastRequestTo(server, '/faqs').query)).toEqual({
      page: '2',
      keyword: 'ติดต่อ',
      limit: '5',
      cid: '2',
    });
  });

  it('maps questions and groups to the portal types', async () => {
    server.respond('/faqs', paged([faq(1), { id: 2, question: '' }], 1, 12, 2));
    server.respond('/faqs/groups', { data: [{ id: 2, title: 'ทั่วไป', count: 4 }] });
    const page = await getFaqs({}, 'th');
    expect(page).toEqual({
      items: [{ id: '1', question: 'ติดต่อหน่วยงานได้อย่างไร', answerHtml: '<p>โทร 1570</p>', groupId: '2' }],
      total: 2,
      page: 1,
      limit: 12,
    });
    expect(server.skipped[0]).toMatchObject({ endpoint: '/faqs', recordId: '2', field: 'question' });
    expect(await getFaqGroups('th')).toEqual([{ id: '2', title: 'ทั่วไป', count: 4 }]);
  });
});
