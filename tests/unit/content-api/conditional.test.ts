// Conditional requests: every GET answers with an ETag of its body, and 304 with no
// body when If-None-Match names it, so the build's loaders can revalidate what they read last
// time. An edit in the database must change the tag: a 304 must never hide it.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.dispose());

describe('ETag and If-None-Match', () => {
  it('answers a list GET with an ETag and 304 without a body when it still matches', async () => {
    const first = await api.call('/content/category/all?page=1&limit=5', { lang: 'en' });
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await api.call('/content/category/all?page=1&limit=5', {
      lang: 'en',
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // Weak comparison and lists of tags, as RFC 9110 allows.
    const weak = await api.call('/content/category/all?page=1&limit=5', {
      lang: 'en',
      headers: { 'if-none-match': `"x", W/${etag}` },
    });
    expect(weak.status).toBe(304);
  });

  it('gives each language and each page its own tag', async () => {
    const en = await api.call('/content/category/all?page=1&limit=5', { lang: 'en' });
    const th = await api.call('/content/category/all?page=1&limit=5', { lang: 'th' });
    const page2 = await api.call('/content/category/all?page=2&limit=5', { lang: 'en' });
    expect(new Set([en.headers.get('etag'), th.headers.get('etag'), page2.headers.get('etag')]).size).toBe(3);
    const other = await api.call('/content/category/all?page=1&limit=5', {
      lang: 'th',
      headers: { 'if-none-match': en.headers.get('etag')! },
    });
    expect(other.status).toBe(200);
    expect(other.body.result).toHaveLength(5);
  });

  it('answers 200 with the new body and a new tag after an edit of the record', async () => {
    const list = await api.call('/content/category/all?page=1&limit=1', { lang: 'en' });
    const slug = list.body.result[0].slug as string;
    const before = await api.call(`/content/page/${slug}`, { lang: 'en' });
    const etag = before.headers.get('etag')!;
    expect((await api.call(`/content/page/${slug}`, { lang: 'en', headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );

    const db = new DatabaseSync(api.dbPath);
    db.prepare("UPDATE articles SET title_en = 'Edited for the ETag test' WHERE slug = ?").run(slug);
    db.close();

    const after = await api.call(`/content/page/${slug}`, { lang: 'en', headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.data.title).toBe('Edited for the ETag test');
    expect(after.headers.get('etag')).not.toBe(etag);
    const listAfter = await api.call('/content/category/all?page=1&limit=1', {
      lang: 'en',
      headers: { 'if-none-match': list.headers.get('etag')! },
    });
    expect(listAfter.status).toBe(200);
  });

  it('answers a revalidation from the tag it remembers only while the data and the day are the same', async () => {
    // A category page (counted over the whole table) revalidated while nothing was written: 304.
    const url = '/content/category/own/knowledge?page=1&limit=3';
    const first = await api.call(url, { lang: 'th' });
    const etag = first.headers.get('etag')!;
    expect((await api.call(url, { lang: 'th', headers: { 'if-none-match': etag } })).status).toBe(304);
    // The visitors counter changes with the date alone: the next day it is counted again.
    await api.call('/tracking', { json: { url: '/' } });
    const today = await api.call('/tracking/visitors');
    expect(today.body.data.today).toBeGreaterThan(0);
    const tomorrow = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 24 * 3_600_000);
    try {
      const next = await api.call('/tracking/visitors', { headers: { 'if-none-match': today.headers.get('etag')! } });
      expect(next.status).toBe(200);
      expect(next.body.data.today).toBe(0);
    } finally {
      tomorrow.mockRestore();
    }
  });

  it('sends no ETag with an error', async () => {
    const missing = await api.call('/content/page/no-such-article', { lang: 'en' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
  });
});

describe('Prefer: embed=detail (ours: a large area read in one request per list page)', () => {
  const lists = [
    ['/content/category/all', (i: Record<string, string>) => `/content/page/${encodeURIComponent(i.slug!)}`],
    ['/activity/category/all', (i: Record<string, string>) => `/activity/page/${i.id}`],
    ['/purchase/all', (i: Record<string, string>) => `/purchase/view/${i.uuid}`],
    ['/book/category/all', (i: Record<string, string>) => `/book/page/${encodeURIComponent(i.slug!)}`],
    ['/media/category/all', (i: Record<string, string>) => `/media/page/${encodeURIComponent(i.slug!)}`],
    ['/manual/group/1', (i: Record<string, string>) => `/manual/view/${i.uuid}`],
  ] as const;

  it.each(lists)('%s embeds each item’s detail answer, as the detail GET answers it', async (list, detailOf) => {
    const plain = await api.call(`${list}?page=1&limit=3`, { lang: 'en' });
    expect(plain.body.result.every((i: object) => !('detail' in i))).toBe(true);
    const embedded = await api.call(`${list}?page=1&limit=3`, { lang: 'en', headers: { prefer: 'embed=detail' } });
    expect(embedded.headers.get('preference-applied')).toBe('embed=detail');
    expect(embedded.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(embedded.body.result.length).toBeGreaterThan(0);
    for (const item of embedded.body.result) {
      const { detail, ...summary } = item;
      expect(detail.url).toBe(detailOf(item));
      expect(detail.answer).toEqual((await api.call(detail.url, { lang: 'en' })).body);
      expect(plain.body.result).toContainEqual(summary);
    }
  });

  it('changes the list’s ETag when only an embedded detail changed', async () => {
    const url = '/activity/category/all?page=1&limit=2';
    const first = await api.call(url, { lang: 'th', headers: { prefer: 'embed=detail' } });
    const id = first.body.result[0].id as number;
    const db = new DatabaseSync(api.dbPath);
    db.prepare("UPDATE activities SET body_th = '<p>แก้ไขเนื้อหา</p>' WHERE id = ?").run(id);
    db.close();
    const again = await api.call(url, {
      lang: 'th',
      headers: { prefer: 'embed=detail', 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(200);
    expect(again.body.result[0].detail.answer.data.body_html).toBe('<p>แก้ไขเนื้อหา</p>');
  });

  it('answers a revalidation from its kept tag only while nothing was written, by this server or another', async () => {
    const url = '/book/category/all?page=1&limit=2';
    const prefer = { prefer: 'embed=detail' };
    const first = await api.call(url, { lang: 'en', headers: prefer });
    const tag = first.headers.get('etag')!;
    const again = { lang: 'en', headers: { ...prefer, 'if-none-match': tag } };
    expect((await api.call(url, again)).status).toBe(304);
    // A write through the API itself (a book's view counter, shown in the list).
    const id = first.body.result[0].id as number;
    expect((await api.call(`/book/update-view/${id}`, { lang: 'en' })).status).toBe(200);
    const counted = await api.call(url, again);
    expect(counted.status).toBe(200);
    expect(counted.body.result[0].views).toBe(first.body.result[0].views + 1);
  });
});
