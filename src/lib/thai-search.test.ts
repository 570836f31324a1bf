import { describe, expect, it } from 'vitest';
import { foldCase, highlightMatches, matchRanges, queryTerms } from './thai-search';

const marked = (text: string, query: string) =>
  highlightMatches(text, query)
    .map((s) => (s.match ? `[${s.text}]` : s.text))
    .join('');

describe('highlightMatches', () => {
  it('finds a Thai query inside unspaced Thai text', () => {
    expect(marked('กรมส่งเสริมการค้าระหว่างประเทศจัดงานแสดงสินค้า', 'การค้า')).toBe(
      'กรมส่งเสริม[การค้า]ระหว่างประเทศจัดงานแสดงสินค้า',
    );
    expect(marked('กรมส่งเสริมการค้าระหว่างประเทศจัดงานแสดงสินค้า', 'สินค้า')).toBe('กรมส่งเสริมการค้าระหว่างประเทศจัดงานแสดง[สินค้า]');
  });

  it('marks every occurrence and every whitespace-separated term', () => {
    expect(marked('อบรมผู้ประกอบการ และผู้ประกอบการรายใหม่', 'ผู้ประกอบการ')).toBe('อบรม[ผู้ประกอบการ] และ[ผู้ประกอบการ]รายใหม่');
    expect(marked('งานแสดงสินค้าอาหารไทย', 'อาหาร ไทย')).toBe('งานแสดงสินค้า[อาหารไทย]');
  });

  it('is case-insensitive for Latin and keeps the original casing', () => {
    expect(marked('Export training for SMEs and sme owners', 'sme')).toBe(
      'Export training for [SME]s and [sme] owners',
    );
    expect(marked('โครงการ SMEs ไทย', 'smes')).toBe('โครงการ [SMEs] ไทย');
  });

  it('never splits a Thai vowel or tone mark from its consonant', () => {
    // "ิ" (sara i) belongs to "ก"; a query of the bare consonant marks the whole cluster
    const segments = highlightMatches('กินข้าว', 'ก');
    expect(segments[0]).toEqual({ text: 'กิ', match: true });
    // a query that starts with a combining mark still yields whole clusters
    expect(marked('น้ำใจ', '้')).toBe('[น้ำ]ใจ'); // sara am extends the cluster too
  });

  it('returns pieces that concatenate back to the input exactly', () => {
    const text = 'ค้นหา "การค้า" ใน Thailand Trade Fair 2026 — การค้าชายแดน';
    const segments = highlightMatches(text, 'การค้า trade');
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['การค้า', 'Trade', 'การค้า']);
    // neighbours never share a flag
    segments.slice(1).forEach((s, i) => expect(s.match).not.toBe(segments[i]!.match));
  });

  it('handles empty and non-matching queries and empty text', () => {
    expect(highlightMatches('ข้อความ', '')).toEqual([{ text: 'ข้อความ', match: false }]);
    expect(highlightMatches('ข้อความ', '   ')).toEqual([{ text: 'ข้อความ', match: false }]);
    expect(highlightMatches('ข้อความ', 'ไม่มี')).toEqual([{ text: 'ข้อความ', match: false }]);
    expect(highlightMatches('', 'คำ')).toEqual([]);
  });

  it('treats regex characters in the query literally', () => {
    expect(marked('ราคา (บาท) 1+1=2 a.b', '(บาท) 1+1 .')).toBe('ราคา [(บาท)] [1+1]=2 a[.]b');
  });

  it('merges overlapping matches of different terms', () => {
    expect(marked('ส่งเสริมการค้า', 'ส่งเสริมการ การค้า')).toBe('[ส่งเสริมการค้า]');
  });
});

describe('the search functions', () => {
  it('reports the ranges that matched', () => {
    expect(matchRanges('abcABC', 'bc')).toEqual([
      [1, 3],
      [4, 6],
    ]);
  });

  it('folds case without changing string length', () => {
    expect(foldCase('ABC ไทย İx')).toHaveLength('ABC ไทย İx'.length);
    expect(foldCase('SMEs')).toBe('smes');
  });

  it('dedupes terms, longest first, and caps their number', () => {
    expect(queryTerms('ไทย  การค้า ไทย')).toEqual(['การค้า', 'ไทย']);
    expect(queryTerms(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '))).toHaveLength(10);
  });
});
