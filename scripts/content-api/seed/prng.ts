// Deterministic randomness and dates for the seed: same input, same database, every time.

/** mulberry32: small, fast, good enough for demo data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** integer in [min, max] */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

/** The fixed "today" of the demo data (spec work date), never Date.now(). */
const BASE_DATE = Date.UTC(2026, 10, 22, 2, 0, 0); // 2026-11-22 09:00 Bangkok
const DAY = 86_400_000;
const BKK = 7 * 3_600_000;

/** ISO date-time in Bangkok time, `days` after the base date (negative = before), at hh:mm. */
export function dateTime(days: number, hour = 9, minute = 0): string {
  const d = new Date(BASE_DATE + BKK + days * DAY);
  const ymd = d.toISOString().slice(0, 10);
  return `${ymd}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+07:00`;
}

/** ISO date (YYYY-MM-DD) `days` after the base date. */
export function date(days: number): string {
  return dateTime(days).slice(0, 10);
}

/** Deterministic UUID-shaped id from a namespace and a number. */
export function uuidFor(ns: string, n: number): string {
  const hex = (x: number) => (x >>> 0).toString(16).padStart(8, '0');
  let h = 2166136261;
  for (const ch of ns) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  const a = hex(h ^ n),
    b = hex(Math.imul(n + 1, 2654435761)),
    c = hex(Math.imul(h + n, 40503));
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-a${c.slice(1, 4)}-${c}${a.slice(0, 4)}`;
}

/** Thai Buddhist-era year of a Gregorian year. */
export const be = (year: number) => year + 543;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
