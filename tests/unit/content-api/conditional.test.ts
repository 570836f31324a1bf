// Conditional requests (issue 12): every GET answers with an ETag of its body, and 304 with no
// body when If-None-Match names it, so the build's loaders can revalidate what they read last
// time. An edit in the database must change the tag: a 304 must never hide it.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('sends no ETag with an error', async () => {
    const missing = await api.call('/content/page/no-such-article', { lang: 'en' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
  });
});
