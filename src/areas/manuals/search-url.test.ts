import { describe, expect, it } from 'vitest';
import { manualSearchUrl, readManualSearch } from './search-url';

describe('manual search address', () => {
  it('reads what the plain GET form sends', () => {
    expect(readManualSearch('?keyword=+%E0%B8%A0%E0%B8%B2%E0%B8%A9%E0%B8%B5+&group=tax&page=3')).toEqual({
      keyword: 'ภาษี',
      group: 'tax',
      page: 3,
    });
  });
  it('falls back to page 1 and empty filters on junk', () => {
    expect(readManualSearch('?page=-2')).toEqual({ keyword: '', group: '', page: 1 });
    expect(readManualSearch('?page=abc&keyword=')).toEqual({ keyword: '', group: '', page: 1 });
  });
  it('reads the API name `slug` for the group too, `group` first', () => {
    expect(readManualSearch('?keyword=tax&slug=trade')).toEqual({ keyword: 'tax', group: 'trade', page: 1 });
    expect(readManualSearch('?slug=trade&group=tax').group).toBe('tax');
  });
  it('writes back only what is set, and round-trips', () => {
    expect(manualSearchUrl({ keyword: '', group: '', page: 1 })).toBe('');
    const q = { keyword: 'export', group: 'trade', page: 2 };
    expect(manualSearchUrl(q)).toBe('?keyword=export&group=trade&page=2');
    expect(readManualSearch(manualSearchUrl(q))).toEqual(q);
  });
});
