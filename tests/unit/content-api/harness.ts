// Starts the reference content API in-process on an ephemeral port with a temporary database.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startContentApi } from '../../../scripts/content-api/server.ts';

interface Api {
  url: string;
  port: number;
  dbPath: string;
  close: () => Promise<void>;
}

export interface TestApi extends Api {
  dir: string;
  /** GET/POST/PUT under /api/frontend with JSON; returns status, headers and parsed body. */
  call: (path: string, init?: CallInit) => Promise<{ status: number; body: any; headers: Headers }>;
  dispose: () => Promise<void>;
}

interface CallInit {
  method?: string;
  lang?: string;
  token?: string;
  json?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'content-api-test-'));
}

export async function startTestApi(opts: { dir?: string; scale?: number } = {}): Promise<TestApi> {
  const dir = opts.dir ?? tempDir();
  const api: Api = await startContentApi({
    host: '127.0.0.1',
    port: 0,
    dbPath: join(dir, 'api.sqlite'),
    scale: opts.scale,
  });
  const call: TestApi['call'] = async (path, init = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...(init.headers ?? {}) };
    if (init.lang) headers['accept-language'] = init.lang;
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] = 'application/json';
    }
    if (init.rawBody !== undefined) {
      body = init.rawBody;
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(
      api.url + (path.startsWith('/files/') || path.startsWith('/health') ? path : '/api/frontend' + path),
      {
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
      },
    );
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON (files) */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  return {
    ...api,
    dir,
    call,
    dispose: async () => {
      await api.close();
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A webhook as the receiver got it. */
export interface ReceivedHook {
  headers: Record<string, string>;
  body: string;
}

/**
 * A stand-in for the publisher's webhook endpoint on an ephemeral port: every request is kept in
 * `received` (answered 202). `url` is where the editor endpoint should send.
 */
export async function startHookReceiver(): Promise<{
  url: string;
  received: ReceivedHook[];
  close: () => Promise<void>;
}> {
  const received: ReceivedHook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(202).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/content`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
