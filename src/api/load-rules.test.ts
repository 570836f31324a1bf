/** The load rules of spec point 5 and the limits of spec point 9. */
import { describe, expect, it } from 'vitest';
import {
  ALL_REGIONS_TH,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  FILTER_SENTINEL,
  HOME_PROCUREMENT_ITEMS,
  LAW_CATEGORIES_PAGE_SIZE,
  MANUAL_GROUPS_LIMIT,
  listQuery,
  pagedListQuery,
} from './load-rules';

describe('constants of spec points 5 and 9', () => {
  it('has the stated values', () => {
    expect(DEFAULT_PAGE).toBe(1);
    expect(DEFAULT_PAGE_SIZE).toBe(12);
    expect(HOME_PROCUREMENT_ITEMS).toBe(5);
    expect(MANUAL_GROUPS_LIMIT).toBe(9999);
    expect(LAW_CATEGORIES_PAGE_SIZE).toBe(500);
    expect(FILTER_SENTINEL).toBe(-1);
    expect(ALL_REGIONS_TH).toBe('ทุกภาค');
  });
});

describe('pagedListQuery (activity, article and slug lists)', () => {
  it('defaults to page 1 and 12 a page', () => {
    expect(pagedListQuery({})).toEqual({ page: 1, limit: 12 });
  });

  it('keeps a valid page and limit', () => {
    expect(pagedListQuery({ page: 3, limit: 24 })).toEqual({ page: 3, limit: 24 });
    expect(pagedListQuery({ page: '4' })).toEqual({ page: 4, limit: 12 });
  });

  it('replaces a page or limit that is not a positive integer by the default', () => {
    for (const bad of [0, -1, 1.5, 'abc', '', Number.NaN]) {
      expect(pagedListQuery({ page: bad, limit: bad })).toEqual({ page: 1, limit: 12 });
    }
  });
});

describe('listQuery', () => {
  it.each(['cid', 'gid', 'group_id', 'slug'])('omits the -1 sentinel of %s, as number or text', (key) => {
    expect(listQuery({ [key]: -1 })).toEqual({});
    expect(listQuery({ [key]: '-1' })).toEqual({});
  });

  it('keeps real filter values', () => {
    expect(listQuery({ cid: 3, gid: '7', group_id: 0, slug: 'export' })).toEqual({
      cid: 3,
      gid: '7',
      group_id: 0,
      slug: 'export',
    });
  });

  it('does not treat -1 as a sentinel outside the filter keys', () => {
    expect(listQuery({ offset: -1 })).toEqual({ offset: -1 });
  });

  it('omits empty and whitespace-only keywords, and trims the rest', () => {
    expect(listQuery({ keyword: '' })).toEqual({});
    expect(listQuery({ keyword: '   \t ' })).toEqual({});
    expect(listQuery({ keyword: '  ส่งออก ' })).toEqual({ keyword: 'ส่งออก' });
  });

  it("omits the Thai 'all regions' value of the province filter, keeps a real region", () => {
    expect(listQuery({ region: 'ทุกภาค', keyword: 'เชียงใหม่' })).toEqual({ keyword: 'เชียงใหม่' });
    expect(listQuery({ region: ' ทุกภาค ' })).toEqual({});
    expect(listQuery({ region: 'north' })).toEqual({ region: 'north' });
  });

  it('drops undefined and null values', () => {
    expect(listQuery({ a: undefined, b: null, c: 0, d: false })).toEqual({ c: 0, d: false });
  });

  it('adds page and limit only when asked, each falling back to its default', () => {
    expect(listQuery({ keyword: 'x' })).toEqual({ keyword: 'x' });
    expect(listQuery({}, { page: DEFAULT_PAGE })).toEqual({ page: 1 });
    expect(listQuery({ page: 2 }, { page: DEFAULT_PAGE })).toEqual({ page: 2 });
    expect(listQuery({ page: -5 })).toEqual({ page: 1 });
    expect(listQuery({ page: 1 }, { limit: HOME_PROCUREMENT_ITEMS })).toEqual({ page: 1, limit: 5 });
    expect(listQuery({ page: 1, limit: MANUAL_GROUPS_LIMIT })).toEqual({ page: 1, limit: 9999 });
  });
});
