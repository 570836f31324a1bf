import { describe, expect, it } from 'vitest';
import { getT, resourcesFor } from './index';
import { createTranslator } from './translator';

describe('getT', () => {
  it('translates per language and namespace', () => {
    expect(getT('th')('agency.name')).toBe('กรมส่งเสริมการพัฒนาธุรกิจ');
    expect(getT('en')('agency.name')).toBe('Department of Business Development Promotion');
    expect(getT('en', 'search')('submit')).toBe('Search');
    expect(getT('th')('search:submit')).toBe('ค้นหา');
    expect(getT('en')('pagination.page', { page: 3 })).toBe('Page 3');
  });
});

describe('resourcesFor', () => {
  it('gives one language and only the asked namespaces, as plain JSON', () => {
    const res = resourcesFor('en', ['common', 'search']);
    expect(Object.keys(res).sort()).toEqual(['common', 'search']);
    const text = JSON.stringify(res);
    expect(text).not.toMatch(/[\u0E00-\u0E7F]/); // no Thai in English resources
    expect(JSON.parse(text)).toEqual(res);
  });
  it("feeds an island's translator, which translates without the other language", () => {
    const t = createTranslator('th', resourcesFor('th', ['common', 'webboard']), 'common');
    expect(t('webboard:login.submit')).toBe('เข้าสู่ระบบ');
    expect(t('skipLink')).toBe('ข้ามไปยังเนื้อหาหลัก');
  });
});
