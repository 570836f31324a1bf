// Files under /files/ (generated SVG and PDF), and the demo content the portal's screens need.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

const fetchFile = async (path: string) => {
  const res = await fetch(api.url + path);
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
};

describe('files', () => {
  it('serves covers as SVG with the title, and attachments as valid PDFs of the stated size', async () => {
    const article = (await api.call('/content/category/all', { lang: 'en' })).body.result[0];
    const svg = await fetchFile(article.cover.url);
    expect(svg.status).toBe(200);
    expect(svg.type).toMatch(/^image\/svg\+xml/);
    expect(svg.bytes.toString()).toContain('<svg');
    expect(svg.bytes.toString()).toContain('<title>');
    const purchase = (await api.call('/purchase/all')).body.result[0];
    const detail = (await api.call(`/purchase/view/${purchase.uuid}`)).body.data;
    const att = detail.attachments[0];
    expect(att.mime).toBe('application/pdf');
    const pdf = await fetchFile(att.url);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.bytes.length).toBe(att.size_bytes);
    // The xref offset points at the xref table.
    const text = pdf.bytes.toString('latin1');
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
  });

  it('draws each generated image in the language of the record: Thai text for Thai records', async () => {
    const thaiLetters = /[\u0E00-\u0E7F]/;
    const textOf = (svg: string) => Array.from(svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g), (m) => m[1]).join(' ');
    const cases: Array<[string, (body: any) => any]> = [
      ['/banner/link', (b) => b.data[0].image],
      ['/content/category/all', (b) => b.result[0].cover],
      ['/organization?module_id=1', (b) => b.data.divisions.flatMap((d: any) => d.staff)[0].photo],
    ];
    for (const [path, image] of cases) {
      const th = image((await api.call(path, { lang: 'th' })).body);
      const en = image((await api.call(path, { lang: 'en' })).body);
      expect(th.url, path).not.toBe(en.url);
      expect([th.width, th.height]).toEqual([en.width, en.height]);
      const thSvg = (await fetchFile(th.url)).bytes.toString();
      const enSvg = (await fetchFile(en.url)).bytes.toString();
      expect(textOf(thSvg), `${path} th`).toMatch(thaiLetters);
      expect(textOf(enSvg), `${path} en`).not.toMatch(thaiLetters);
      expect(thSvg).toContain('xml:lang="th"');
      // Sarabun is not available inside an <img>: the image names installed Thai fonts too.
      expect(thSvg).toMatch(/font-family="[^"]*Noto Sans Thai[^"]*sans-serif"/);
    }
  });

  it('wraps Thai titles between words, never before a vowel or tone mark', async () => {
    const { renderSvg } = await import('../../../scripts/content-api/files.ts');
    const title = 'ประกาศเตือนภัย: เว็บไซต์ปลอมแอบอ้างกรมส่งเสริมการพัฒนาธุรกิจ และผู้ประกอบการที่ได้รับผลกระทบ';
    const lines = Array.from(
      renderSvg({ title, width: 1200, height: 675 }).matchAll(/font-weight="700"[^>]*>([^<]*)</g),
      (m) => m[1]!,
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('').replace(/\s/g, '')).toBe(title.replace(/\s/g, ''));
    for (const line of lines) expect(line).not.toMatch(/^[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/);
    // Word boundaries: the agency's name is split between its words, not inside one.
    expect(lines.some((l) => /ส่งเสริม/.test(l))).toBe(true);
  });

  it('never points at an address on the internet for images or attachments', async () => {
    const paths = [
      '/home/banner/main',
      '/home/book',
      '/home/multimedia',
      '/content/category/all?limit=100',
      '/contact/department',
      '/organization?module_id=1',
    ];
    for (const p of paths) {
      const text = JSON.stringify((await api.call(p)).body);
      const urls = [...text.matchAll(/"(?:url)":"([^"]+)"/g)].map((m) => m[1]);
      expect(urls.length).toBeGreaterThan(0);
      for (const u of urls) expect(u.startsWith('/files/')).toBe(true);
    }
  });
});

describe('demo content', () => {
  it('has real Thai and English text, not placeholders', async () => {
    const th = (await api.call('/content/category/all?limit=100')).body.result;
    const en = (await api.call('/content/category/all?limit=100', { lang: 'en' })).body.result;
    expect(th.length).toBeGreaterThanOrEqual(40);
    for (const [a, b] of th.map((x: any, i: number) => [x, en[i]])) {
      expect(a.title).toMatch(/[\u0E00-\u0E7F]{4}/);
      expect(b.title).not.toMatch(/[\u0E00-\u0E7F]/);
      expect(`${a.title} ${b.title}`).not.toMatch(/lorem|ipsum|Article \d+/i);
    }
    expect(new Set(th.map((a: any) => a.title)).size).toBe(th.length);
    expect(new Set(th.map((a: any) => a.category.slug)).size).toBeGreaterThanOrEqual(6);
    const years = new Set(th.map((a: any) => a.published_at.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(3); // 2024 to 2026: two years up to 2026-11-22
  });

  it('carries a hostile article for the portal sanitiser', async () => {
    const body = (await api.call('/content/page/warning-fake-websites-impersonating-the-department')).body.data
      .body_html;
    expect(body).toContain('<script>');
    expect(body).toMatch(/onerror=/);
    expect(body).toContain('javascript:');
  });

  it('has a modal popup, consent, footer and menus with docs/routes.md paths and module links', async () => {
    const popup = (await api.call('/home/popup')).body.data;
    expect(popup).toMatchObject({ isModal: true, title: expect.any(String), text: expect.any(String) });
    expect(popup.path).toMatch(/^\/files\//);
    const menu = (await api.call('/menu')).body.data;
    const paths: string[] = [];
    const walk = (items: any[]) => {
      for (const i of items) {
        paths.push(i.path);
        walk(i.children);
      }
    };
    walk(menu);
    for (const p of [
      '/articles/',
      '/activities/',
      '/calendar/',
      '/e-magazine/',
      '/multimedia/',
      '/procurement/',
      '/procure/',
      '/manuals/',
      '/services/',
      '/online-services/',
      '/home-services/',
      '/surveys/',
      '/webboard/',
      '/faq/',
      '/laws/',
      '/downloads/',
      '/contact/',
      '/contact/province/',
      '/collapse/1/',
      '/organization/1/',
      '/common-article/1/',
    ])
      expect(paths).toContain(p);
    for (const p of paths) expect(p).toMatch(/^\/([a-z0-9-]+\/)*$/);
    const footer = (await api.call('/footer', { lang: 'en' })).body.data;
    expect(footer.columns.length).toBeGreaterThanOrEqual(3);
    for (const c of footer.columns) for (const l of c.links) expect(l.path).toMatch(/^(\/|https:\/\/)/);
    const quick = (await api.call('/master/quick-menu')).body.data;
    expect(quick.every((q: any) => q.path.startsWith('/'))).toBe(true);
  });

  it('has contacts for all 77 provinces, news of both agencies and ministry activities', async () => {
    expect((await api.call('/contact/province')).body.data).toHaveLength(77);
    expect((await api.call('/common/public-news')).body.data).toHaveLength(12);
    expect((await api.call('/common/public-news/moc')).body.data.length).toBeGreaterThan(5);
    expect((await api.call('/common/activity/moc')).body.data.length).toBeGreaterThan(3);
    const tabs = (await api.call('/home/content/news-tabs')).body.data;
    expect(tabs.map((t: any) => t.key)).toEqual(['news', 'moc-news', 'activity', 'moc-activity']);
  });
});
