// Bad input is a 4xx JSON error { status, code, message }, never a 500, and the server stays up.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

const expectClientError = (res: { status: number; body: any }, status?: number) => {
  if (status) expect(res.status).toBe(status);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body).toMatchObject({ status: res.status, code: expect.any(String), message: expect.any(String) });
  expect(res.body.message.length).toBeGreaterThan(0);
};

/** A raw request (fetch cannot send a lying Content-Length or stream an oversized body cleanly). */
function raw(method: string, path: string, body: Buffer | string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const url = new URL(api.url + '/api/frontend' + path);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: any = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* keep text */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('malformed queries', () => {
  const cases = [
    '/content/category/all?page=-1',
    '/content/category/all?page=abc',
    '/content/category/all?page=1.5',
    '/content/category/all?limit=0',
    '/content/category/all?limit=1000000000',
    '/content/category/all?limit=1e9',
    // 10 KB keywords: 3414 Thai characters are 10 KB in UTF-8 (about 30 KB percent-encoded).
    `/content/category/all?keyword=${encodeURIComponent('ส่งออก'.repeat(569))}`,
    `/search?keyword=${'a'.repeat(10_240)}`,
    `/manual/search?keyword=${encodeURIComponent('ก'.repeat(3414))}`,
    '/activity/category/all?sortBy=random',
    '/activity/category/all?cid=abc',
    '/law?page_size=0',
    '/law?page_size=100000',
    '/survey?page=-5',
    '/search?keyword=sme&cate=everything',
    '/contact/province?region=mars',
    '/common/events?from=yesterday',
    '/purchase/all?gid=%27%20OR%201%3D1--',
  ];
  for (const path of cases) {
    it(`400 for ${path.slice(0, 70)}`, async () => expectClientError(await api.call(path), 400));
  }
});

describe('unknown ids and slugs', () => {
  const cases = [
    '/content/page/no-such-article',
    '/content/page/%27%3B%20DROP%20TABLE%20articles%3B--',
    '/content/category/no-such-category',
    '/content/category/no-such-dept/export',
    '/activity/page/999999',
    '/activity/category/999',
    '/book/page/nope',
    '/book/update-view/999999',
    '/media/page/nope',
    '/purchase/view/00000000-0000-4000-a000-000000000000',
    '/services/page/nope',
    '/services/groups/nope',
    '/manual/view/nope',
    '/manual/group/999',
    '/manual/page/nope',
    '/survey/999',
    '/survey/abc',
    '/download-form/sub-category/999',
    '/online-service/999',
    '/online-service/view/999',
    '/home-service/detail/999',
    '/collapse?module_id=999',
    '/collapse/content/999',
    '/organization?module_id=999',
    '/organization/staff/999',
    '/common-article/category/999',
    '/common-article/content/999',
    '/common-article/no-parent/content/999',
    '/procure/content?group_id=999',
    '/no/such/endpoint',
    '/content/page/%E0%A4%A',
  ];
  for (const path of cases) {
    it(`404 for ${path}`, async () => expectClientError(await api.call(path), 404));
  }
  it('404 for an unknown file', async () => expectClientError(await api.call('/files/covers/nothing.svg'), 404));
  it('404 for unknown banner uuid and law id', async () => {
    expectClientError(await api.call('/banner/statistic/nope', { method: 'POST' }), 404);
    expectClientError(await api.call('/law/999999/view', { method: 'PUT' }), 404);
  });
});

describe('oversized request line', () => {
  it('answers a 100 KB URL with a JSON 431 instead of dropping the connection', async () => {
    expectClientError(await api.call(`/content/category/all?keyword=${'a'.repeat(100_000)}`), 431);
  });
});

describe('malformed and oversized bodies', () => {
  it('400 for malformed JSON', async () => {
    expectClientError(await api.call('/auth/login', { rawBody: '{"username": "member", ' }), 400);
    expectClientError(await api.call('/survey/1', { method: 'PUT', rawBody: 'not json at all' }), 400);
    expectClientError(await api.call('/tracking', { rawBody: '[1,2,3]' }), 400);
    expectClientError(await api.call('/master/check-text', { rawBody: 'null' }), 400);
  });
  it('422 for a JSON body of the wrong shape', async () => {
    expectClientError(await api.call('/auth/login', { json: { username: 42, password: ['x'] } }), 422);
    expectClientError(await api.call('/tracking', { json: { url: 'javascript:alert(1)' } }), 422);
    expectClientError(await api.call('/master/check-text', { json: { text: { nested: true } } }), 422);
    expectClientError(await api.call('/survey/1', { method: 'PUT', json: { sections: 'all of them' } }), 422);
    expectClientError(await api.call('/survey/1', { method: 'PUT', json: { sections: [null, 5] } }), 422);
  });
  it('413 for a body over 1 MB, declared or streamed', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });
    expectClientError(await api.call('/master/check-text', { rawBody: big }), 413);
    expectClientError(await raw('POST', '/master/check-text', big, { 'transfer-encoding': 'chunked' }), 413);
  });
});

describe('wrong methods', () => {
  it('405 with Allow for a known path and a wrong method', async () => {
    const res = await api.call('/content/rss', { method: 'DELETE' });
    expectClientError(res, 405);
    expect(res.headers.get('allow')).toContain('GET');
    expectClientError(await api.call('/auth/login'), 405);
    expectClientError(await api.call('/survey/1', { method: 'POST', json: {} }), 405);
    expectClientError(await api.call('/menu', { method: 'PUT', json: {} }), 405);
  });
});

describe('after all of that', () => {
  it('the server still answers normal requests', async () => {
    const res = await api.call('/content/category/all?page=1&limit=3');
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(3);
    expect((await api.call('/health')).body).toEqual({ ok: true });
    const login = await api.call('/auth/login', { json: { username: 'member', password: 'member1234' } });
    expect(login.status).toBe(200);
  });
});
