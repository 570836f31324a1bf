/**
 * The reference API the suite runs against (scripts/test/main.ts starts it and passes its address
 * as E2E_API_URL), and the site's language prefixes: one copy for every spec.
 */
import { expect } from './test';
import type { Lang } from './page-checks';

export const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:8815';

/** GET /api/frontend{path} in a language; fails the test when the API answers an error. */
export async function api<T = any>(path: string, lang: Lang = 'th'): Promise<T> {
  const res = await fetch(`${API_URL}/api/frontend${path}`, { headers: { 'Accept-Language': lang } });
  expect(res.ok, `GET ${path}`).toBe(true);
  return (await res.json()) as T;
}

/** '' for Thai (at /), '/en' for English. */
export const langPrefix = (lang: Lang): string => (lang === 'th' ? '' : '/en');

/** A site path in a language: '/laws/' or '/en/laws/'. */
export const inLang = (path: string, lang: Lang): string => `${langPrefix(lang)}${path}`;
