/**
 * A local HTTP server for the area-module tests: answers canned JSON per path and records
 * every request (method, path, raw query string, headers), so a test can assert exactly
 * what the client sent. Listens on port 0 (an ephemeral port).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { setApiBaseUrl, setApiLanguage, setAuthToken } from '../../src/api/client';
import { setSkipReporter, type SkippedRecord } from '../../src/api/boundary';

export interface RecordedRequest {
  method: string;
  /** Path under /api/frontend, e.g. "/purchase/all". */
  path: string;
  /** The raw query string as received, "" or starting with "?". */
  search: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface AreaTestServer {
  url: string;
  requests: RecordedRequest[];
  /** The answer for a path (exact, without the query). Unknown paths get a 404 error body. */
  respond(path: string, body: unknown): void;
  /** Records skipped by parseEach since the last reset. */
  skipped: SkippedRecord[];
  reset(): void;
  close(): Promise<void>;
}

const PREFIX = '/api/frontend';

async function startAreaTestServer(): Promise<AreaTestServer> {
  const answers = new Map<string, unknown>();
  const requests: RecordedRequest[] = [];
  const skipped: SkippedRecord[] = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname;
    requests.push({
      method: req.method ?? 'GET',
      path,
      search: url.search,
      query: url.searchParams,
      headers: req.headers,
    });
    req.resume();
    req.on('end', () => {
      const known = answers.has(path);
      res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(known ? answers.get(path) : { status: 404, code: 'NOT_FOUND', message: 'not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  setApiBaseUrl(url);
  setApiLanguage('th');
  setAuthToken(null);
  setSkipReporter((s) => skipped.push(s));

  return {
    url,
    requests,
    skipped,
    respond: (path, body) => answers.set(path, body),
    reset() {
      answers.clear();
      requests.length = 0;
      skipped.length = 0;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/**
 * The server of one test file: started before its tests, emptied before each test, closed
 * after them. Call at the top of the file: `const server = areaTestServer();`.
 */
export function areaTestServer(): AreaTestServer {
  let current: AreaTestServer | undefined;
  const started = () => {
    if (!current) throw new Error('the area test server is used outside a test');
    return current;
  };
  beforeAll(async () => {
    current = await startAreaTestServer();
  });
  afterAll(() => current?.close());
  beforeEach(() => current?.reset());
  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    get skipped() {
      return started().skipped;
    },
    respond: (path, body) => started().respond(path, body),
    reset: () => started().reset(),
    close: () => started().close(),
  };
}

/** The last request made to a path. Fails loudly when there was none. */
export function lastRequestTo(server: AreaTestServer, path: string): RecordedRequest {
  const found = server.requests.filter((r) => r.path === path).at(-1);
  if (!found) throw new Error(`no request to ${path}; saw ${server.requests.map((r) => r.path).join(', ') || 'none'}`);
  return found;
}

// ---- small fixtures in the contract's shapes (docs/api-contract.md) ----

export const image = (name: string) => ({ url: `/files/covers/${name}.svg`, width: 640, height: 360, alt: name });
export const attachment = (name: string) => ({
  name: `${name}.pdf`,
  url: `/files/docs/${name}.pdf`,
  mime: 'application/pdf',
  size_bytes: 2048,
});
export const paged = (result: unknown[], page = 1, limit = 12, total = result.length) => ({
  result,
  total,
  page,
  limit,
});
