// Real filtering, paging and keyword search (Thai substring matching included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

describe('paging', () => {
  it('pages articles 12 at a time by default without overlap, newest first', async () => {
    const p1 = (await api.call('/content/category/all')).body;
    const p2 = (await api.call('/content/category/all?page=2')).body;
    expect(p1).toMatchObject({ page: 1, limit: 12 });
    expect(p1.total).toBeGreaterThanOrEqual(40);
    expect(p1.result).toHaveLength(12);
    const ids1 = p1.result.map((r: any) => r.id);
    expect(p2.result.some((r: any) => ids1.includes(r.id))).toBe(false);
    const dates = [...p1.result, ...p2.result].map((r: any) => r.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const last = (await api.call(`/content/category/all?page=${Math.ceil(p1.total / 5)}&limit=5`)).body;
    expect(last.result.length).toBe(p1.total % 5 || 5);
    const beyond = (await api.call('/content/category/all?page=999')).body;
    expect(beyond).toMatchObject({ result: [], page: 999 });
  });

  it('has at least 40 activities spread over two years and events in the coming months', async () => {
    const all = (await api.call('/activity/category/all?limit=100')).body;
    expect(all.total).toBeGreaterThanOrEqual(40);
    const dates = all.result.map((a: any) => a.start_date).sort();
    expect(dates[0] <= '2025-01-31').toBe(true);
    const events = (await api.call('/common/events?from=2026-11-22&to=2027-03-31')).body.data.events;
    expect(events.length).toBeGreaterThanOrEqual(10);
    expect(new Set(events.map((e: any) => e.start_at.slice(0, 7))).size).toBeGreaterThanOrEqual(3);
  });

  it('pages procurement notices and manuals (lists joined to their groups) in order, each row once', async () => {
    for (const [endpoint, date] of [
      ['/purchase/all', 'announced_at'],
      ['/manual/search', 'updated_at'],
    ] as const) {
      const whole = (await api.call(`${endpoint}?limit=100`)).body;
      expect(whole.total).toBeGreaterThan(10);
      expect(whole.result).toHaveLength(Math.min(whole.total, 100));
      // The same rows, page by page: none repeated or skipped, newest first, each with its group.
      const paged: any[] = [];
      for (let page = 1; page <= Math.ceil(whole.result.length / 7); page++)
        paged.push(...(await api.call(`${endpoint}?page=${page}&limit=7`)).body.result);
      paged.length = whole.result.length;
      expect(paged.map((r) => r.uuid)).toEqual(whole.result.map((r: any) => r.uuid));
      const dates = paged.map((r) => r[date]);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(paged.every((r) => typeof r.group.title === 'string' && r.group.title.length > 0)).toBe(true);
      expect(paged.some((r) => 'body_html' in r)).toBe(false);
    }
  });

  it('sorts activities oldest first on request', async () => {
    const res = (await api.call('/activity/category/all?sortBy=oldest&limit=5')).body.result.map(
      (a: any) => a.start_date,
    );
    expect(res).toEqual([...res].sort());
  });
});

describe('filters', () => {
  it('filters articles by category slug and by department', async () => {
    const cats = (await api.call('/content/dropdown/category')).body.data;
    const cat = cats.find((c: any) => c.count > 0);
    const list = (await api.call(`/content/category/${cat.slug}?limit=100`)).body;
    expect(list.total).toBe(cat.count);
    expect(list.result.every((r: any) => r.category.slug === cat.slug)).toBe(true);
    const moc = (await api.call('/content/category/moc/all?limit=100')).body;
    expect(moc.total).toBeGreaterThan(0);
    const mocNews = (await api.call('/common/public-news/moc')).body.data;
    expect(mocNews.every((n: any) => n.source === 'moc')).toBe(true);
  });

  it('filters by region and province within a department', async () => {
    const all = (await api.call('/content/category/own/all?limit=100')).body;
    const north = (await api.call('/content/category/own/all?limit=100&region=north')).body;
    expect(north.total).toBeLessThan(all.total);
    // The Thai "all regions" value means no filter.
    const every = (await api.call(`/content/category/own/all?limit=100&region=${encodeURIComponent('ทุกภาค')}`)).body;
    expect(every.total).toBe(all.total);
  });

  it('filters activities by cid, -1 meaning no filter', async () => {
    const all = (await api.call('/activity/category/all')).body.total;
    const none = (await api.call('/activity/category/all?cid=-1')).body.total;
    const cat = (await api.call('/activity/dropdown/category')).body.data[1];
    const one = (await api.call(`/activity/category/all?cid=${cat.id}&limit=100`)).body;
    expect(none).toBe(all);
    expect(one.total).toBe(cat.count);
    expect(one.total).toBeGreaterThan(0);
    expect(one.total).toBeLessThan(all);
    expect(one.result.every((a: any) => a.category.id === cat.id)).toBe(true);
    const byPath = (await api.call(`/activity/category/${cat.id}?limit=100`)).body;
    expect(byPath.result.map((a: any) => a.id)).toEqual(one.result.map((a: any) => a.id));
  });

  it('filters procurement by group, laws by category and sub-category, FAQs by group, provinces by region', async () => {
    const g2 = (await api.call('/purchase/all?gid=2&limit=100')).body;
    expect(g2.result.every((p: any) => p.group.id === 2)).toBe(true);
    const subs = (await api.call('/law/subcategories?page=1&page_size=500')).body.result;
    const sub = subs[1];
    const laws = (await api.call(`/law?law_sub_categories_id=${sub.id}&page_size=500`)).body;
    expect(laws.total).toBeGreaterThan(0);
    expect(
      laws.result.every(
        (l: any) => l.law_sub_categories_id === sub.id && l.law_categories_id === sub.law_categories_id,
      ),
    ).toBe(true);
    expect(laws.limit).toBe(500);
    const faqs = (await api.call('/faqs?cid=2')).body;
    expect(faqs.result.every((f: any) => f.group_id === 2)).toBe(true);
    const provinces = (await api.call('/contact/province')).body;
    expect(provinces.data).toHaveLength(77);
    expect(provinces.regions.map((r: any) => r.id).sort()).toEqual([
      'bangkok',
      'central',
      'east',
      'north',
      'northeast',
      'south',
      'west',
    ]);
    const south = (await api.call('/contact/province?region=south')).body.data;
    expect(south.length).toBe(14);
  });
});

describe('keyword search', () => {
  it('finds a Thai word inside unspaced Thai text', async () => {
    // "ส่งออก" (export) occurs inside words such as "การส่งเสริมการส่งออกสินค้าไทย".
    const res = (await api.call(`/content/category/all?keyword=${encodeURIComponent('ส่งออก')}&limit=100`)).body;
    expect(res.total).toBeGreaterThan(0);
    expect(res.total).toBeLessThan((await api.call('/content/category/all')).body.total);
    for (const r of res.result) {
      const detail = (await api.call(`/content/page/${r.slug}`)).body.data;
      expect(`${detail.title}${detail.summary}`).toMatch(/ส่งออก/);
    }
  });

  it('matches English case-insensitively and returns nothing for an absent word', async () => {
    const res = (await api.call('/content/category/all?keyword=FRANCHISE', { lang: 'en' })).body;
    expect(res.total).toBeGreaterThan(0);
    expect(res.result.every((r: any) => /franchise/i.test(r.title + r.summary))).toBe(true);
    expect((await api.call('/content/category/all?keyword=zzqxj')).body.total).toBe(0);
  });

  it('site search counts per category and pages 10 at a time', async () => {
    const res = (await api.call(`/search?keyword=${encodeURIComponent('แฟรนไชส์')}&cate=all&page=1`)).body;
    expect(res.current_page).toBe(1);
    expect(res.results.length).toBeLessThanOrEqual(10);
    const sum = res.categories.reduce((n: number, c: any) => n + c.count, 0);
    expect(res.total).toBe(sum);
    expect(res.categories.find((c: any) => c.cate === 'article').count).toBeGreaterThan(0);
    const onlyArticles = (await api.call(`/search?keyword=${encodeURIComponent('แฟรนไชส์')}&cate=article`)).body;
    expect(onlyArticles.results.every((r: any) => r.type === 'article')).toBe(true);
    expect(onlyArticles.total).toBe(res.categories.find((c: any) => c.cate === 'article').count);
  });

  it('searches manuals by keyword and group slug', async () => {
    const groups = (await api.call('/manual/groups?page=1&limit=9999')).body.result;
    const g = groups[0];
    const res = (await api.call(`/manual/search?slug=${g.slug}&limit=100`)).body;
    expect(res.total).toBe(g.count);
    expect(res.result.every((m: any) => m.group.id === g.id)).toBe(true);
  });
});
