/**
 * The site server's one rendered route (site-server.ts `serveManualSearch`): the manual search
 * page with a search in its query goes to the render path with that query; the same page
 * without one, other pages and other methods are the static files'. The page itself (results,
 * escaping, no JavaScript) is tested end to end in tests/e2e/manuals.spec.ts.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServer } from '../../../scripts/publisher/site-server.ts';

describe('the manual search route', () => {
  const rendered: string[] = [];
  let fail = false;
  let site: Awaited<ReturnType<typeof startSiteServer>>;

  beforeAll(async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'search-route-'));
    for (const dir of ['manuals/search', 'en/manuals/search', 'news']) {
      mkdirSync(path.join(root, dir), { recursive: true });
      writeFileSync(path.join(root, dir, 'index.html'), `static ${dir}`);
    }
    site = await startSiteServer({
      root,
      folder: true,
      renderRequest: async (pathname, search) => {
        rendered.push(`${pathname}${search}`);
        if (fail) throw new Error('render failed');
        const headers = search.includes('broken') ? { 'Cache-Control': 'no-store' } : undefined;
        return new Response(`rendered ${pathname}${search}`, { headers });
      },
    });
  });
  afterAll(() => site.close());

  const get = (p: string, method = 'GET') => fetch(`${site.url}${p}`, { method });

  it('renders the search page with keyword, group or slug, in both languages, with the page headers', async () => {
    const res = await get('/manuals/search/?keyword=%3Cb%3E&page=2');
    expect(await res.text()).toBe('rendered /manuals/search/?keyword=%3Cb%3E&page=2');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await (await get('/en/manuals/search/?group=tax')).text()).toBe('rendered /en/manuals/search/?group=tax');
    expect(await (await get('/manuals/search/?slug=tax')).text()).toBe('rendered /manuals/search/?slug=tax');
    const head = await get('/manuals/search/?keyword=x', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('keeps the cache header the page set (no-store after a failed search)', async () => {
    expect((await get('/manuals/search/?keyword=broken')).headers.get('cache-control')).toBe('no-store');
  });

  it('leaves everything else to the static files', async () => {
    rendered.length = 0;
    expect(await (await get('/manuals/search/')).text()).toBe('static manuals/search');
    expect(await (await get('/manuals/search/?page=2')).text()).toBe('static manuals/search');
    expect(await (await get('/news/?keyword=x')).text()).toBe('static news');
    await get('/manuals/search/?keyword=x', 'POST');
    expect(rendered).toEqual([]);
  });

  it('answers 500 with a short text in the page language when the render fails', async () => {
    fail = true;
    const th = await get('/manuals/search/?keyword=x');
    const en = await get('/en/manuals/search/?keyword=x');
    fail = false;
    expect(th.status).toBe(500);
    expect(th.headers.get('cache-control')).toBe('no-store');
    expect(th.headers.get('content-type')).toMatch(/charset=utf-8/);
    expect(await th.text()).toMatch(/ระบบขัดข้องชั่วคราว/);
    expect(en.status).toBe(500);
    expect(await en.text()).toMatch(/temporarily unavailable/);
  });
});
