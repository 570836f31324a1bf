/** The filter state in the address bar, so a shared URL opens with the same filter. */
import type { FilterState } from './types';

export const EMPTY_FILTER: FilterState = { q: '', cat: '', sub: '', region: '', province: '', sort: '', page: 1 };

const KEYS = ['q', 'cat', 'sub', 'region', 'province', 'sort'] as const;

export function readFilter(search: string): FilterState {
  const params = new URLSearchParams(search);
  const out: FilterState = { ...EMPTY_FILTER };
  for (const key of KEYS) out[key] = (params.get(key) ?? '').trim().slice(0, 200); // the API refuses longer keywords
  const page = params.get('page') ?? '';
  out.page = /^\d{1,5}$/.test(page) && Number(page) >= 1 ? Number(page) : 1;
  return out;
}

/** True when nothing is filtered: the static list is what to show. */
export function isEmptyFilter(f: FilterState): boolean {
  return KEYS.every((k) => f[k] === '');
}

/** The search part for a state; other parameters of the page are kept. */
export function writeFilter(search: string, f: FilterState): string {
  const params = new URLSearchParams(search);
  for (const key of KEYS) {
    if (f[key]) params.set(key, f[key]);
    else params.delete(key);
  }
  if (f.page > 1 && !isEmptyFilter(f)) params.set('page', String(f.page));
  else params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '';
}
