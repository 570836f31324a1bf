import { describe, expect, it } from 'vitest';
import { getLawCategories, getLaws, getLawSubCategories } from './api';
import { attachment, lastRequestTo, paged, areaTestServer } from '../../../tests/support/api-test-server';

const server = areaTestServer();

const categories = [
  { id: 1, title_th: 'พระราชบัญญัติ', title_en: 'Acts' },
  { id: 2, title_th: 'ประกาศกรม', title_en: '  ' },
  { id: 3, title_th: 'ระเบียบ', title_en: null },
];
const subCategories = [{ id: 10, title_th: 'การค้า', title_en: 'Trade', law_categories_id: 1 }];

describe('law categories and sub-categories (spec point 3)', () => {
  it('asks for page 1 with page size 500', async () => {
    server.respond('/law/categories', paged(categories, 1, 500));
    server.respond('/law/subcategories', paged(subCategories, 1, 500));
    await getLawCategories('th');
    await getLawSubCategories('th');
    expect(lastRequestTo(server, '/law/categories').search).toBe('?page=1&page_size=500');
    expect(lastRequestTo(server, '/law/subcategories').search).toBe('?page=1&page_size=500');
  });

  it('maps slug from id and title from title_th on Thai pages', async () => {
    server.respond('/law/categories', paged(categories, 1, 500));
    server.respond('/law/subcategories', paged(subCategories, 1, 500));
    expect(await getLawCategories('th')).toEqual([
      { slug: '1', title: 'พระราชบัญญัติ' },
      { slug: '2', title: 'ประกาศกรม' },
      { slug: '3', title: 'ระเบียบ' },
    ]);
    expect(await getLawSubCategories('th')).toEqual([{ slug: '10', title: 'การค้า', categoryId: '1' }]);
  });

  it('uses title_en on English pages when present, title_th when it is blank or missing', async () => {
    server.respond('/law/categories', paged(categories, 1, 500));
    server.respond('/law/subcategories', paged(subCategories, 1, 500));
    expect((await getLawCategories('en')).map((c) => c.title)).toEqual(['Acts', 'ประกาศกรม', 'ระเบียบ']);
    expect(await getLawSubCategories('en')).toEqual([{ slug: '10', title: 'Trade', categoryId: '1' }]);
  });

  it('skips a sub-category without its category id', async () => {
    server.respond('/law/subcategories', paged([...subCategories, { id: 11, title_th: 'ภาษี' }], 1, 500));
    expect((await getLawSubCategories('th')).map((s) => s.slug)).toEqual(['10']);
    expect(server.skipped[0]).toMatchObject({
      endpoint: '/law/subcategories',
      recordId: '11',
      field: 'law_categories_id',
    });
  });
});

describe('law list and view counter', () => {
  const law = {
    id: 7,
    title: 'พระราชบัญญัติส่งเสริมวิสาหกิจขนาดกลางและขนาดย่อม',
    summary: 'สาระสำคัญ',
    body_html: '<p>มาตรา 1</p>',
    law_categories_id: 1,
    law_sub_categories_id: null,
    enacted_at: '2000-02-10',
    views: 12,
    attachments: [attachment('act')],
  };

  it('sends page, page_size, keyword and both category filters under their API names', async () => {
    server.respond('/law', paged([law], 2, 20));
    const page = await getLaws(
      { page: 2, page_size: 20, keyword: 'วิสาหกิจ', law_categories_id: 1, law_sub_categories_id: 10 },
      'th',
    );
    expect(Object.fromEntries(lastRequestTo(server, '/law').query)).toEqual({
      page: '2',
      page_size: '20',
      keyword: 'วิสาหกิจ',
      law_categories_id: '1',
      law_sub_categories_id: '10',
    });
    expect(page.items[0]).toMatchObject({
      id: '7',
      categoryId: '1',
      subCategoryId: null,
      enactedAt: '2000-02-10',
      views: 12,
    });
  });

  it('defaults to page 1 and leaves out an empty keyword', async () => {
    server.respond('/law', paged([law]));
    await getLaws({ keyword: ' ' }, 'th');
    expect(lastRequestTo(server, '/law').search).toBe('?page=1');
  });
});
