/**
 * The site server in its own process (scripts/publisher/site-main.ts), as
 * `npm start` runs it: the live release served from PUBLISH_DIR, the manual search with a query
 * forwarded to the publisher's search route (here a render stand-in in this process), and the
 * request metrics on a loopback address of their own, not on the public site.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkSiteServer, startSearchServer } from '../../../scripts/publisher/site-main.ts';

describe('the site server process', () => {
  const rendered: string[] = [];
  let search: Awaited<ReturnType<typeof startSearchServer>>;
  let site: Awaited<ReturnType<typeof forkSiteServer>>;

  beforeAll(async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'site-process-'));
    const release = path.join(root, 'releases', 'r1');
    for (const dir of ['', 'manuals/search', 'en/manuals/search']) {
      mkdirSync(path.join(release, dir), { recursive: true });
      writeFileSync(path.join(release, dir, 'index.html'), `static ${dir || 'home'}`);
    }
    symlinkSync(release, path.join(root, 'live'));
    search = await startSearchServer(
      async (pathname, query) => {
        rendered.push(`${pathname}${query}`);
        return new Response(`rendered by the publisher ${pathname}${query}`, {
          headers: { 'Content-Type': 'text/html' },
        });
      },
      '127.0.0.1',
      0,
    );
    site = await forkSiteServer({ publishDir: root, port: 0, searchOrigin: search.url, metricsPort: 0 });
  }, 30_000);
  afterAll(async () => {
    await site?.close();
    search?.server.close();
  });

  it('runs apart from this process and serves the live release', async () => {
    expect(site.child.pid).not.toBe(process.pid);
    const res = await fetch(`${site.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('static home');
    expect((await fetch(`${site.url}/nothing-here/`)).status).toBe(404);
  });

  it('forwards the manual search with a query to the publisher, and serves the page without one', async () => {
    const res = await fetch(`${site.url}/en/manuals/search/?keyword=%3Cb%3E`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('rendered by the publisher /en/manuals/search/?keyword=%3Cb%3E');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(rendered).toEqual(['/en/manuals/search/?keyword=%3Cb%3E']);
    expect(await (await fetch(`${site.url}/manuals/search/`)).text()).toBe('static manuals/search');
  });

  it('counts requests by status and kind on the loopback metrics address, not on the site', async () => {
    expect(site.metrics).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    // A request is counted when its answer has gone out ('finish'): read until the last is in.
    const counted = [
      /portal_site_requests_total\{status="200",kind="page"\} [2-9]/,
      /portal_site_requests_total\{status="404",kind="page"\} 1/,
      /portal_site_requests_total\{status="200",kind="search"\} 1/,
    ];
    let text = '';
    for (let i = 0; i < 100; i++) {
      text = await (await fetch(site.metrics!)).text();
      if (counted.every((c) => c.test(text))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const c of counted) expect(text).toMatch(c);
    expect(text).toContain('portal_site_request_seconds_bucket');
    expect(text).toContain('portal_site_process_cpu_seconds_total');
    expect((await fetch(`${site.url}/metrics`)).status).toBe(404);
  });
});
