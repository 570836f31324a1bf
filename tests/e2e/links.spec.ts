/**
 * Crawls the built site from / and /en/: follows every same-origin link breadth-first with
 * plain HTTP requests (no browser page per link) and fails listing every broken internal link,
 * every missing image and every missing file on the API's origin (attachments, covers), each
 * with the page that refers to it.
 */
import { expect, test, type APIRequestContext } from './support/test';
import { API_URL } from './support/api';

const MAX_PAGES = 3000;
const CONCURRENCY = 8;

test.describe.configure({ timeout: 240_000 });

interface Found {
  url: string;
  from: string;
  kind: 'link' | 'image' | 'file';
}

const ATTR = /<(a|link|img|source)\b[^>]*>/gi;
const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i')
    .exec(tag)
    ?.slice(2)
    .find((v) => v !== undefined);
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&quot;/g, '"');

/** Links, images and files referred to by one page (inside <body>; alternates in <head> too). */
function references(html: string, pageUrl: URL, origin: string, apiOrigin: string): Found[] {
  const out: Found[] = [];
  for (const match of html.matchAll(ATTR)) {
    const tag = match[0];
    const name = match[1]!.toLowerCase();
    const raw =
      name === 'img' || name === 'source'
        ? (attr(tag, 'src') ?? attr(tag, 'srcset')?.split(/\s+/)[0])
        : attr(tag, 'href');
    if (!raw || raw.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(raw)) continue;
    if (name === 'link' && !/rel\s*=\s*["']?(alternate|canonical|icon)/i.test(tag)) continue;
    let url: URL;
    try {
      url = new URL(decode(raw), pageUrl);
    } catch {
      out.push({ url: raw, from: pageUrl.pathname, kind: 'link' });
      continue;
    }
    url.hash = '';
    if (name === 'img' || name === 'source') out.push({ url: url.href, from: pageUrl.pathname, kind: 'image' });
    else if (url.origin === apiOrigin) out.push({ url: url.href, from: pageUrl.pathname, kind: 'file' });
    else if (url.origin === origin) out.push({ url: url.href, from: pageUrl.pathname, kind: 'link' });
    // Canonical and hreflang addresses use SITE_URL, which may not be this server: check their path here.
    else if (name === 'link' && /rel\s*=\s*["']?(alternate|canonical)/i.test(tag) && !/rss/i.test(tag)) {
      out.push({ url: new URL(url.pathname + url.search, origin).href, from: pageUrl.pathname, kind: 'link' });
    }
  }
  return out;
}

async function status(request: APIRequestContext, url: string): Promise<number> {
  try {
    const res = await request.fetch(url, { method: 'HEAD', maxRedirects: 5, timeout: 15_000 });
    // Some static servers do not answer HEAD; ask again with GET before calling it broken.
    if (res.status() === 405 || res.status() === 501) return (await request.get(url, { timeout: 15_000 })).status();
    return res.status();
  } catch {
    return 0;
  }
}

test('every internal link, image and file of the built site resolves', async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const apiOrigin = new URL(API_URL).origin;
  const queue: string[] = [`${origin}/`, `${origin}/en/`];
  const seen = new Set(queue);
  const checked = new Map<string, number>(); // non-page URLs (images, files) → status
  const broken: Found[] = [];
  const refsTo = new Map<string, Found>();
  let pages = 0;

  const visit = async (url: string) => {
    const res = await request.get(url, { timeout: 15_000 }).catch(() => null);
    const code = res?.status() ?? 0;
    if (code !== 200) {
      broken.push({ ...refsTo.get(url)!, url });
      return;
    }
    pages++;
    if (!(res!.headers()['content-type'] ?? '').includes('text/html')) return;
    const html = await res!.text();
    for (const ref of references(html, new URL(url), origin, apiOrigin)) {
      if (ref.kind === 'link') {
        const target = new URL(ref.url);
        target.search = ''; // a static site serves the same file whatever the query
        const key = target.href;
        if (!seen.has(key) && seen.size < MAX_PAGES) {
          seen.add(key);
          refsTo.set(key, ref);
          queue.push(key);
        }
      } else if (!checked.has(ref.url)) {
        checked.set(ref.url, -1);
        refsTo.set(ref.url, ref);
      }
    }
  };

  refsTo.set(`${origin}/`, { url: `${origin}/`, from: '(start)', kind: 'link' });
  refsTo.set(`${origin}/en/`, { url: `${origin}/en/`, from: '(start)', kind: 'link' });
  while (queue.length > 0) {
    const batch = queue.splice(0, CONCURRENCY);
    await Promise.all(batch.map(visit));
  }
  const assets = [...checked.keys()];
  for (let i = 0; i < assets.length; i += CONCURRENCY) {
    await Promise.all(
      assets.slice(i, i + CONCURRENCY).map(async (url) => {
        const code = await status(request, url);
        if (code !== 200) broken.push({ ...refsTo.get(url)!, url: `${url} (${code})` });
      }),
    );
  }

  test.info().annotations.push({ type: 'crawl', description: `${pages} pages, ${assets.length} images and files` });
  const report = broken.map((b) => `${b.kind}: ${b.url.replace(origin, '')}  ← ${b.from}`).sort();
  expect(report, `${report.length} broken of ${seen.size} pages and ${assets.length} images/files`).toEqual([]);
  expect(seen.size, 'crawl bound').toBeLessThanOrEqual(MAX_PAGES);
  expect(pages).toBeGreaterThan(50);
});
