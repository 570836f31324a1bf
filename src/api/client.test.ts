/**
 * The client's rules (spec points 7 and 8) against a real HTTP server on an ephemeral
 * port that records every request it gets.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, getApiBaseUrl, request, setApiBaseUrl, setApiLanguage, setAuthToken, setLogoutHandler } from './client';
import { ApiError, INVALID_URL_MESSAGE } from './errors';
import { logger } from '../lib/logger';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const recorded: Recorded[] = [];
let server: Server;
let baseUrl: string;
const originalBaseUrl = getApiBaseUrl();

function json(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/api/frontend/unauthorized')
        return json(res, 401, { status: 401, code: 'UNAUTHORIZED', message: 'Log in first' });
      if (path === '/api/frontend/boom') return json(res, 500, { status: 500, code: 'BOOM', message: 'Server broke' });
      if (path === '/api/frontend/empty') return void res.writeHead(204).end();
      if (path === '/api/frontend/hang') return; // never answers
      json(res, 200, { data: { ok: true } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setApiBaseUrl(originalBaseUrl);
});

beforeEach(() => {
  recorded.length = 0;
  setApiBaseUrl(baseUrl);
  setApiLanguage('th');
  setAuthToken(null);
  setLogoutHandler(null);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const last = (): Recorded => {
  const r = recorded.at(-1);
  if (!r) throw new Error('the server received no request');
  return r;
};

describe('requests', () => {
  it('prefixes every path with the base address and /api/frontend', async () => {
    setApiBaseUrl(`${baseUrl}/`); // a trailing slash must not double up
    await expect(api.get('/content/page/a')).resolves.toEqual({ data: { ok: true } });
    expect(last().url).toBe('/api/frontend/content/page/a');
    await api.get('home/summary'); // a path without its leading slash still lands under the prefix
    expect(last().url).toBe('/api/frontend/home/summary');
  });

  it('sends JSON content type and Accept: */*', async () => {
    await api.post('/echo', { a: 1 });
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().headers.accept).toBe('*/*');
  });

  it('sends the page language, or the language of the call, as Accept-Language', async () => {
    await api.get('/echo');
    expect(last().headers['accept-language']).toBe('th');
    setApiLanguage('en');
    await api.get('/echo');
    expect(last().headers['accept-language']).toBe('en');
    await api.get('/echo', { lang: 'th' });
    expect(last().headers['accept-language']).toBe('th');
  });

  it('sends the bearer header only when a token is set', async () => {
    await api.get('/echo');
    expect(last().headers.authorization).toBeUndefined();
    setAuthToken('tok.en.value');
    await api.get('/echo');
    expect(last().headers.authorization).toBe('Bearer tok.en.value');
    await api.get('/echo', { token: null });
    expect(last().headers.authorization).toBeUndefined();
    setAuthToken(null);
    await api.get('/echo');
    expect(last().headers.authorization).toBeUndefined();
  });

  it('sends GET params as the query string, leaving out empty values', async () => {
    await api.get('/content/category/all', {
      query: { page: 2, limit: 12, keyword: '', cid: undefined, gid: null, q: 'ส่งออก', flag: false },
    });
    const url = new URL(last().url, baseUrl);
    expect(url.pathname).toBe('/api/frontend/content/category/all');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '12', q: 'ส่งออก', flag: 'false' });
    expect(last().body).toBe('');
  });

  it.each([
    ['POST', () => api.post('/echo', { username: 'member' })],
    ['PUT', () => api.put('/echo', { username: 'member' })],
    ['PATCH', () => api.patch('/echo', { username: 'member' })],
    ['DELETE', () => api.delete('/echo', { body: { username: 'member' } })],
  ] as const)('%s sends its JSON body', async (method, call) => {
    await expect(call()).resolves.toEqual({ data: { ok: true } });
    expect(last().method).toBe(method);
    expect(JSON.parse(last().body)).toEqual({ username: 'member' });
  });

  it('resolves with null for an empty answer', async () => {
    await expect(api.post('/empty')).resolves.toBeNull();
  });
});

describe('failures', () => {
  it('401 calls the registered logout handler and rejects', async () => {
    const onLogout = vi.fn();
    setLogoutHandler(onLogout);
    const error = await api.get('/unauthorized').catch((e: unknown) => e);
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it('a 500 with a JSON body rejects with that body and status, and is logged with its status', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const onLogout = vi.fn();
    setLogoutHandler(onLogout);
    const error = await api.get('/boom').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(500);
    expect(apiError.body).toEqual({ status: 500, code: 'BOOM', message: 'Server broke' });
    expect(apiError.serverMessage).toBe('Server broke');
    expect(apiError.endpoint).toBe('/boom');
    expect(onLogout).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('500');
  });

  it('a network failure (nothing listening) rejects with status 503 and the raw error', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    setApiBaseUrl(`http://127.0.0.1:${port}`);

    const error = await api.get('/echo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).body).toBeUndefined();
    expect((error as ApiError).cause).toBeInstanceOf(Error);
    expect(String(logged.mock.calls[0]?.[0])).toContain('503');
  });

  it('rejects when the server does not answer within the timeout', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const started = Date.now();
    const error = await request('GET', '/hang', { timeoutMs: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(recorded.at(-1)?.url).toBe('/api/frontend/hang');
  });

  it("a call without a URL rejects with 'Axios: Invalid URL' and sends nothing", async () => {
    await expect(api.get('')).rejects.toThrow(INVALID_URL_MESSAGE);
    await expect(api.post('', { a: 1 })).rejects.toThrow('Axios: Invalid URL');
    expect(recorded).toHaveLength(0);
  });
});
