import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../scripts/publisher/log.ts';
import { createPublisherMetrics } from '../../../scripts/publisher/metrics.ts';
import { createPublisherServer, ReplayStore } from '../../../scripts/publisher/server.ts';
import { History } from '../../../scripts/publisher/stages/history.ts';
import { Reporter } from '../../../scripts/publisher/stages/report.ts';
import { newStats } from '../../../scripts/publisher/stages/types.ts';
import type { Publisher } from '../../../scripts/publisher/publisher.ts';

const TOKEN = 'admin-test-token-0123456789';
const tmp = () => mkdtempSync(path.join(tmpdir(), 'history-'));
const batch = [
  { event: { type: 'article', action: 'update' as const, key: 'a' }, at: Date.now(), webhookIds: ['msg_1'] },
];

function reporter(history: History, lines: string[] = []) {
  return new Reporter(memoryLogger(lines), createPublisherMetrics({ defaults: false }), history);
}

describe('publish history', () => {
  it('records a failed publish with its error, a publish whose purge came after its switch, and a rollback', async () => {
    const history = new History(path.join(tmp(), 'history.sqlite'));
    const r = reporter(history);
    const failed = r.publish('incremental', 'p1', batch);
    failed.failed(
      { ...newStats(), error: 'API unreachable: /content/page/a', durationMs: 12 },
      new Error('API unreachable'),
    );

    const ok = r.publish('incremental', 'p2', batch);
    ok.reread(1, {
      collections: ['articles'],
      changed: ['articles/th/a'],
      requests: 4,
      reused: 0,
      patched: 0,
      fetched: 2,
      embedded: 0,
      listsReused: 0,
      pagesReused: 0,
      replayed: 0,
      warnings: [],
      notes: [],
      durationMs: 30,
    });
    const liveAt = Date.now();
    ok.released({
      id: 'r2',
      files: new Map(),
      written: 3,
      reusedByStore: 0,
      total: 3,
      stageMs: 20,
      switchMs: 2,
      liveAt,
    });
    await new Promise((res) => setTimeout(res, 5));
    ok.purged(
      {
        at: new Date().toISOString(),
        release: 'r2',
        tags: 1,
        paths: 2,
        report: { adapter: 'x', tags: 1, urls: 2, requests: 1, tagsSkipped: 0 },
        error: null,
        durationMs: 3,
      },
      'x',
    );
    ok.finished({ ...newStats(), rendered: 3, reused: 10, release: 'r2', durationMs: 60 });

    r.publish('rollback', 'p3').rolledBack('r1', 5);

    const { items, total } = history.list(1, 10);
    expect(total).toBe(3);
    expect(items.map((e) => [e.id, e.kind, e.outcome])).toEqual([
      ['p3', 'rollback', 'success'],
      ['p2', 'incremental', 'success'],
      ['p1', 'incremental', 'failure'],
    ]);
    const [rollback, publish, failure] = items;
    expect(failure!.error).toMatch(/API unreachable/);
    expect(failure!.actions).toEqual(['update article:a']);
    expect(publish!.webhookIds).toEqual(['msg_1']);
    expect(publish!.reread).toEqual({ collections: ['articles'], changed: 1, requests: 4 });
    expect(publish!.pages).toEqual({ rendered: 3, reused: 10, removed: 0 });
    // The purge was sent only once the new files were live: its start is after the switch's end.
    const sw = publish!.stages.switch!;
    expect(Date.parse(publish!.stages.purge!.at)).toBeGreaterThanOrEqual(Date.parse(sw.at) + sw.durationMs);
    expect(Date.parse(publish!.stages.release!.at)).toBeLessThanOrEqual(Date.parse(sw.at));
    expect(rollback!.release).toBe('r1');
    // Paged, newest first.
    expect(history.list(2, 2).items.map((e) => e.id)).toEqual(['p1']);
  });
});

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

async function adminServer() {
  const history = new History(path.join(tmp(), 'history.sqlite'));
  reporter(history)
    .publish('incremental', 'p1', batch)
    .failed({ ...newStats(), error: 'disk <full>' }, new Error('x'));
  const rolledTo: Array<string | undefined> = [];
  const publisher = {
    history,
    queue: { dirty: [], running: false },
    purge: { last: null, retries: null },
    stats: { total: 1, failed: 1, queue: 0 },
    store: {
      live: async () => ({ id: 'r2', publishedAt: '2026-01-02T00:00:00Z' }),
      list: async () => [
        { id: 'r2', publishedAt: '2026-01-02T00:00:00Z' },
        { id: 'r1', publishedAt: '2026-01-01T00:00:00Z' },
      ],
    },
    rollback: async (id?: string) => (rolledTo.push(id), { id: id ?? 'r1', publishedAt: '' }),
  } as unknown as Publisher;
  const replay = new ReplayStore(path.join(tmp(), 'ids.json'));
  const server = createPublisherServer({
    publisher,
    secrets: [`whsec_${Buffer.from('admin-test-secret-0123').toString('base64')}`],
    replay,
    logger: memoryLogger([]),
    metrics: createPublisherMetrics({ defaults: false }),
    adminToken: TOKEN,
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, rolledTo };
}

describe('GET /status/history and /admin/', () => {
  it('answers the history as JSON, newest first, paged', async () => {
    const { url } = await adminServer();
    const body = (await (await fetch(`${url}/status/history?page=1&limit=5`)).json()) as {
      total: number;
      items: Array<{ id: string; error: string }>;
    };
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({ id: 'p1', error: 'disk <full>' });
  });

  it('answers 401 without a token, 403 with a wrong one, 200 with the bearer token or the login cookie', async () => {
    const { url } = await adminServer();
    const none = await fetch(`${url}/admin/`);
    expect(none.status).toBe(401);
    expect(await none.text()).toMatch(/<html lang="en">[\s\S]*<form method="post" action="\/admin\/login">/);
    expect((await fetch(`${url}/admin/`, { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(403);
    const ok = await fetch(`${url}/admin/`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    const page = await ok.text();
    expect(page).toContain('disk &#60;full&#62;'); // why it failed, escaped
    expect(page).not.toContain('<script');
    expect(page).toMatch(/Make r1 live/);
    // The login form sets an HttpOnly, SameSite=Strict cookie.
    const wrong = await fetch(`${url}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ token: 'nope' }),
      redirect: 'manual',
    });
    expect(wrong.status).toBe(403);
    const login = await fetch(`${url}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ token: TOKEN }),
      redirect: 'manual',
    });
    expect(login.status).toBe(303);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect((await fetch(`${url}/admin/`, { headers: { cookie: cookie.split(';')[0]! } })).status).toBe(200);
  });

  it('rolls back to a kept release from the form, and refuses a post without the form token', async () => {
    const { url, rolledTo } = await adminServer();
    const auth = { authorization: `Bearer ${TOKEN}` };
    const page = await (await fetch(`${url}/admin/`, { headers: auth })).text();
    const csrf = /name="csrf" value="([0-9a-f]+)"/.exec(page)![1]!;
    const forged = await fetch(`${url}/admin/rollback`, {
      method: 'POST',
      headers: auth,
      body: new URLSearchParams({ release: 'r1', csrf: 'x' }),
    });
    expect(forged.status).toBe(403);
    expect(rolledTo).toEqual([]);
    const res = await fetch(`${url}/admin/rollback`, {
      method: 'POST',
      headers: auth,
      body: new URLSearchParams({ release: 'r1', csrf }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Release r1 is live again.');
    expect(rolledTo).toEqual(['r1']);
  });
});
