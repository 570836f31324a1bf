/**
 * Date and number formatting for both languages, on Intl only (no date library in the bundle).
 *
 * - Thai uses the Buddhist calendar (`th-TH-u-ca-buddhist`): 2026-11-21 → "21 พฤศจิกายน 2569".
 * - English uses British day-month order (`en-GB`): "21 November 2026".
 * - Every format is pinned to Asia/Bangkok, the agency's time zone, so a build on a machine in
 *   another zone (CI, a laptop abroad) renders exactly the same pages as one in Thailand.
 *
 * Bad input never throws: an unparseable date formats as '' so one broken record cannot take a
 * page down (the API boundary is where malformed records get reported).
 */
import type { Lang } from '../i18n/config';

const TIME_ZONE = 'Asia/Bangkok';
const INTL_LOCALE: Record<Lang, string> = { th: 'th-TH-u-ca-buddhist', en: 'en-GB' };

export type DateStyle = 'short' | 'medium' | 'long' | 'full';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Parses an ISO 8601 string (or a Date). A date-only value ("2026-11-21") is the calendar day in
 * Bangkok, not midnight UTC, so it never shifts to another day whatever the zone.
 */
export function parseDate(value: string | Date | null | undefined): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const date = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00+07:00` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Intl.DateTimeFormat construction is slow; a build formats thousands of dates.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = lang + JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[lang], { ...options, timeZone: TIME_ZONE });
    formatters.set(key, f);
  }
  return f;
}

/**
 * A calendar date. th long: "21 พฤศจิกายน 2569", medium "21 พ.ย. 2569", short "21/11/69",
 * full "วันเสาร์ที่ 21 พฤศจิกายน พ.ศ. 2569"; en long "21 November 2026", medium "21 Nov 2026",
 * short "21/11/2026", full "Saturday, 21 November 2026".
 */
export function formatDate(value: string | Date | null | undefined, lang: Lang, style: DateStyle = 'long'): string {
  if (typeof value !== 'string') {
    const date = parseDate(value);
    return date ? dateStyleFormatter(lang, style).format(date) : '';
  }
  // A build shows the same dates again and again (an item on its page, in lists, as related):
  // the text of a date string is kept.
  const key = `${lang}|${style}|${value}`;
  let text = formattedDates.get(key);
  if (text === undefined) {
    const date = parseDate(value);
    text = date ? dateStyleFormatter(lang, style).format(date) : '';
    if (formattedDates.size >= MAX_FORMATTED_DATES) formattedDates.clear();
    formattedDates.set(key, text);
  }
  return text;
}

const formattedDates = new Map<string, string>();
const MAX_FORMATTED_DATES = 50_000;

const dateStyleFormatters = new Map<string, Intl.DateTimeFormat>();
function dateStyleFormatter(lang: Lang, style: DateStyle): Intl.DateTimeFormat {
  const key = `${lang}|${style}`;
  let f = dateStyleFormatters.get(key);
  if (!f) dateStyleFormatters.set(key, (f = formatter(lang, { dateStyle: style })));
  return f;
}

/** Date and time (24-hour, Bangkok): th "21 พฤศจิกายน 2569 เวลา 09:30", en "21 November 2026 at 09:30". */
export function formatDateTime(value: string | Date | null | undefined, lang: Lang, style: DateStyle = 'long'): string {
  const date = parseDate(value);
  return date ? formatter(lang, { dateStyle: style, timeStyle: 'short', hourCycle: 'h23' }).format(date) : '';
}

/** Time of day in Bangkok, 24-hour: "09:30". */
export function formatTime(value: string | Date | null | undefined, lang: Lang): string {
  const date = parseDate(value);
  return date ? formatter(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date) : '';
}

/**
 * The Bangkok calendar day of a value as "YYYY-MM-DD" (CE): a key to group events by day in a
 * calendar and a value for `<time datetime>`. '' when unparseable.
 */
export function bangkokDateKey(value: string | Date | null | undefined): string {
  const date = parseDate(value);
  return date ? dateKeyFormat.format(date) : '';
}
// en-CA formats as YYYY-MM-DD; pinned to Bangkok so the key is the agency's calendar day. Made
// once: an Intl.DateTimeFormat is costly to construct, and a build asks for keys on every page.
const dateKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// Thai grouping uses Latin digits and commas, as the agency's pages do.
const numberFormatters = new Map<string, Intl.NumberFormat>();
/** "1,234,567" in both languages; '' for a value that is not a finite number. */
export function formatNumber(n: number | null | undefined, lang: Lang, options: Intl.NumberFormatOptions = {}): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  const key = lang + JSON.stringify(options);
  let f = numberFormatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-GB', options);
    numberFormatters.set(key, f);
  }
  return f.format(n);
}

// ---- calendar labels ----------------------------------------------------------------------

/**
 * Weekday names starting on `firstDay` (0 = Sunday, the usual first column of Thai calendars):
 * th narrow "อา".."ส", short "อาทิตย์".."เสาร์", long "วันอาทิตย์".."วันเสาร์"; en short "Sun".."Sat".
 */
export function weekdayNames(lang: Lang, style: 'long' | 'short' | 'narrow' = 'short', firstDay = 0): string[] {
  const f = formatter(lang, { weekday: style });
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2026, 10, 1 + ((firstDay + i) % 7), 5))));
}

/** A month heading: th "พฤศจิกายน 2569", en "November 2026". `month` is 1..12. */
export function formatMonthYear(year: number, month: number, lang: Lang): string {
  return formatter(lang, { year: 'numeric', month: 'long' }).format(new Date(Date.UTC(year, month - 1, 15, 5)));
}
