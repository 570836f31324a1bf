// The editor endpoint (the CMS stand-in): changes a record, then sends a signed Standard Webhook.
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startContentApi } from '../../../scripts/content-api/server.ts';
import { startHookReceiver, tempDir, type ReceivedHook } from './harness';

const SECRET = `whsec_${Buffer.from('editor-test-secret-0123456789').toString('base64')}`;
const TOKEN = 'test-editor-token';

let api: Awaited<ReturnType<typeof startContentApi>>;
let hooks: Awaited<ReturnType<typeof startHookReceiver>>;
let received: ReceivedHook[];

beforeAll(async () => {
  hooks = await startHookReceiver();
  received = hooks.received;
  api = await startContentApi({
    host: '127.0.0.1',
    port: 0,
    dbPath: join(tempDir(), 'api.sqlite'),
    editor: { token: TOKEN, webhookUrl: hooks.url, webhookSecret: SECRET, log: () => {} },
  });
});
afterAll(async () => {
  await api?.close();
  await hooks?.close();
});
beforeEach(() => {
  received.length = 0;
});

function edit(type: string, key: string, body?: unknown, { method = 'POST', token = TOKEN } = {}) {
  return fetch(`${api.url}/api/editor/${type}/${key}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const get = async (path: string, lang = 'th') =>
  fetch(`${api.url}/api/frontend${path}`, { headers: { 'accept-language': lang } }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { data: any; result: any[] },
  }));

/** The one webhook received, verified with the secret (as the publisher does). */
function theWebhook(): unknown {
  expect(received).toHaveLength(1);
  const { headers, body } = received[0]!;
  return new Webhook(SECRET).verify(body, {
    'webhook-id': headers['webhook-id']!,
    'webhook-timestamp': headers['webhook-timestamp']!,
    'webhook-signature': headers['webhook-signature']!,
  });
}

async function firstArticleSlug(): Promise<string> {
  return (await get('/content/category/all?limit=1')).body.result[0].slug as string;
}

describe('editor endpoint', () => {
  it('edits an article title and body in both languages and sends a signed update webhook', async () => {
    const slug = await firstArticleSlug();
    const res = await edit('article', slug, {
      th: { title: 'หัวข้อใหม่', body: '<p>เนื้อหาใหม่</p>' },
      en: { title: 'New title' },
    });
    expect(res.status).toBe(200);
    expect(theWebhook()).toEqual({ type: 'article', action: 'update', key: slug });
    const th = await get(`/content/page/${slug}`);
    expect(th.body.data.title).toBe('หัวข้อใหม่');
    expect(th.body.data.body_html).toBe('<p>เนื้อหาใหม่</p>');
    expect((await get(`/content/page/${slug}`, 'en')).body.data.title).toBe('New title');
  });

  it('refuses a missing or wrong token with 401, an unknown type with 404, a bad body with 400, sending nothing', async () => {
    const slug = await firstArticleSlug();
    expect((await edit('article', slug, { th: { title: 'x' } }, { token: 'wrong' })).status).toBe(401);
    expect((await fetch(`${api.url}/api/editor/article/${slug}`, { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await edit('spaceship', 'x', { th: { title: 'x' } })).status).toBe(404);
    expect((await edit('article', slug, { th: { colour: 'red' } })).status).toBe(400);
    expect((await edit('article', slug, { published: 'yes' })).status).toBe(400);
    expect((await edit('law', 'not-a-number', { th: { title: 'x' } })).status).toBe(400);
    expect((await edit('article', slug, { category: 99999 })).status).toBe(400);
    expect(received).toEqual([]);
    expect((await get(`/content/page/${slug}`)).body.data.title).not.toBe('x');
  });

  it('creates a new article (201, create) that the lists show first', async () => {
    const res = await edit('article', 'editor-new-article', {
      th: { title: 'บทความใหม่' },
      en: { title: 'A new article' },
    });
    expect(res.status).toBe(201);
    expect(theWebhook()).toEqual({ type: 'article', action: 'create', key: 'editor-new-article' });
    expect((await get('/content/category/all?limit=1', 'en')).body.result[0]).toMatchObject({
      slug: 'editor-new-article',
      title: 'A new article',
    });
  });

  it('creates a new activity (its slug its own, not the template’s)', async () => {
    const res = await edit('activity', '987654', { th: { title: 'กิจกรรมใหม่' }, en: { title: 'A new activity' } });
    expect(res.status).toBe(201);
    expect(theWebhook()).toEqual({ type: 'activity', action: 'create', key: '987654' });
    expect((await get('/activity/page/987654', 'en')).body.data.title).toBe('A new activity');
    received.length = 0;
    expect((await edit('activity', '987655', { th: { title: 'อีก' }, en: { title: 'Another' } })).status).toBe(201);
  });

  it('relates a new article to the articles just before it, not the other way round (a bounded set names it)', async () => {
    const res = await edit('article', 'editor-related-new', { th: { title: 'ใหม่' }, en: { title: 'Related new' } });
    expect(res.status).toBe(201);
    const mine = (await get('/content/page/editor-related-new', 'en')).body.data;
    expect(mine.related).toHaveLength(4);
    // Its category's list, newest first: the related items are the four after it in that order.
    const list = (await get(`/content/category/${mine.category.slug}?limit=6`, 'en')).body.result as Array<{
      slug: string;
    }>;
    expect(list[0]!.slug).toBe('editor-related-new');
    expect(mine.related.map((r: { slug: string }) => r.slug)).toEqual(list.slice(1, 5).map((a) => a.slug));
    for (const older of list.slice(1, 5)) {
      const related = (await get(`/content/page/${older.slug}`, 'en')).body.data.related as Array<{ slug: string }>;
      expect(related.map((r) => r.slug)).not.toContain('editor-related-new');
    }
  });

  it('unpublishes (gone from the API, webhook delete) and publishes again', async () => {
    const slug = await firstArticleSlug();
    expect((await edit('article', slug, { published: false })).status).toBe(200);
    expect(theWebhook()).toEqual({ type: 'article', action: 'delete', key: slug });
    expect((await get(`/content/page/${slug}`)).status).toBe(404);
    received.length = 0;
    expect((await edit('article', slug, { published: true })).status).toBe(200);
    expect(theWebhook()).toEqual({ type: 'article', action: 'update', key: slug });
    expect((await get(`/content/page/${slug}`)).status).toBe(200);
  });

  it('deletes an article, and a second delete is 404', async () => {
    const slug = await firstArticleSlug();
    expect((await edit('article', slug, undefined, { method: 'DELETE' })).status).toBe(200);
    expect(theWebhook()).toEqual({ type: 'article', action: 'delete', key: slug });
    expect((await get(`/content/page/${slug}`)).status).toBe(404);
    expect((await edit('article', slug, undefined, { method: 'DELETE' })).status).toBe(404);
  });

  it('edits a law, an FAQ, a procurement notice, the popup and a menu', async () => {
    const lawId = (await get('/law?limit=1')).body.result[0].id;
    expect((await edit('law', String(lawId), { en: { title: 'Edited law' } })).status).toBe(200);
    const purchase = (await get('/purchase/all?limit=1')).body.result[0];
    expect((await edit('procurement', purchase.uuid, { th: { title: 'ประกาศที่แก้ไข' } })).status).toBe(200);
    expect((await get(`/purchase/view/${purchase.uuid}`)).body.data.title).toBe('ประกาศที่แก้ไข');
    expect((await edit('faq', '1', { en: { title: 'Edited question?' } })).status).toBe(200);
    expect((await edit('popup', 'popup', { en: { title: 'Edited popup' } })).status).toBe(200);
    expect((await get('/home/popup', 'en')).body.data.title).toBe('Edited popup');
    expect((await edit('menu', 'nonexistent', { en: { title: 'x' } })).status).toBe(404);
    expect(received.map((r) => JSON.parse(r.body).type)).toEqual(['law', 'procurement', 'faq', 'popup']);
  });
});
