import { describe, expect, it } from 'vitest';
import {
  bangkokDateKey,
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatNumber,
  formatTime,
  parseDate,
  weekdayNames,
} from './dates';

describe('formatDate', () => {
  it('formats Thai dates in the Buddhist calendar', () => {
    expect(formatDate('2026-11-21', 'th')).toBe('21 พฤศจิกายน 2569');
    expect(formatDate('2026-11-21', 'th', 'medium')).toBe('21 พ.ย. 2569');
    expect(formatDate('2026-11-21', 'th', 'short')).toBe('21/11/69');
    expect(formatDate('2026-11-21', 'th', 'full')).toBe('วันเสาร์ที่ 21 พฤศจิกายน พ.ศ. 2569');
  });

  it('formats English dates day-month-year', () => {
    expect(formatDate('2026-11-21', 'en')).toBe('21 November 2026');
    expect(formatDate('2026-11-21', 'en', 'medium')).toBe('21 Nov 2026');
    expect(formatDate('2026-11-21', 'en', 'short')).toBe('21/11/2026');
    expect(formatDate('2026-11-21', 'en', 'full')).toBe('Saturday, 21 November 2026');
  });

  it('uses the Bangkok calendar day, whatever zone the timestamp was written in', () => {
    // 20 Nov 20:00 UTC is already 21 Nov 03:00 in Bangkok
    expect(formatDate('2026-11-20T20:00:00Z', 'en')).toBe('21 November 2026');
    expect(formatDate('2026-11-21T00:30:00+07:00', 'th')).toBe('21 พฤศจิกายน 2569');
    // a date-only value stays on its day
    expect(bangkokDateKey('2026-01-01')).toBe('2026-01-01');
    expect(bangkokDateKey('2026-11-20T20:00:00Z')).toBe('2026-11-21');
  });

  it('returns an empty string for missing or unparseable input instead of throwing', () => {
    for (const bad of ['', '   ', 'not a date', '2026-13-45', null, undefined, new Date(NaN)]) {
      expect(formatDate(bad, 'th')).toBe('');
      expect(formatDateTime(bad, 'en')).toBe('');
      expect(bangkokDateKey(bad)).toBe('');
    }
    expect(parseDate('garbage')).toBeNull();
  });
});

describe('formatDateTime and formatTime', () => {
  it('adds the 24-hour Bangkok time', () => {
    expect(formatDateTime('2026-11-21T09:30:00+07:00', 'th')).toBe('21 พฤศจิกายน 2569 เวลา 09:30');
    expect(formatDateTime('2026-11-21T09:30:00+07:00', 'en')).toBe('21 November 2026 at 09:30');
    expect(formatDateTime('2026-11-21T06:05:00Z', 'th', 'medium')).toBe('21 พ.ย. 2569 13:05');
    expect(formatDateTime('2026-11-21T06:05:00Z', 'en', 'short')).toBe('21/11/2026, 13:05');
    expect(formatTime('2026-11-21T14:45:00Z', 'en')).toBe('21:45');
    expect(formatTime('2026-11-21T14:45:00Z', 'th')).toBe('21:45');
  });
});

describe('formatNumber', () => {
  it('groups thousands in both languages and rejects non-numbers quietly', () => {
    expect(formatNumber(1234567, 'th')).toBe('1,234,567');
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(0, 'th')).toBe('0');
    expect(formatNumber(NaN, 'th')).toBe('');
    expect(formatNumber(Infinity, 'en')).toBe('');
    expect(formatNumber(null, 'en')).toBe('');
  });
});

describe('calendar labels', () => {
  it('labels months in the Buddhist era for Thai', () => {
    expect(formatMonthYear(2026, 11, 'th')).toBe('พฤศจิกายน 2569');
    expect(formatMonthYear(2027, 1, 'en')).toBe('January 2027');
  });

  it('lists weekdays from Sunday by default, or from another first day', () => {
    expect(weekdayNames('th')).toEqual(['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัส', 'ศุกร์', 'เสาร์']);
    expect(weekdayNames('th', 'narrow')).toEqual(['อา', 'จ', 'อ', 'พ', 'พฤ', 'ศ', 'ส']);
    expect(weekdayNames('en')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('en', 'long', 1)[0]).toBe('Monday');
    expect(weekdayNames('th', 'long', 1)[6]).toBe('วันอาทิตย์');
  });
});
