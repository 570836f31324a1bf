import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublisherServer, ReplayStore } from '../../../scripts/publisher/server.ts';
import { signWebhook } from '../../../scripts/publisher/send-webhook.ts';
import { memoryLogger } from '../../../scripts/publisher/log.ts';
import { createPublisherMetrics } from '../../../scripts/publisher/metrics.ts';
import { Readiness } from '../../../scripts/publisher/readiness.ts';
import { fakePublisher } from './fake-publisher.ts';

const SECRET_A = `whsec_${Buffer.from('secret-a-0123456789abcdef').toString('base64')}`;
const SECRET_B = `whsec_${Buffer.from('secret-b-0123456789abcdef').toString('base64')}`;
const EVENT = { type: 'article', action: 'update', key: 'my-slug' };

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

async function start(
  secrets: string[],
  replayFile = path.join(mkdtempSync(path.join(tmpdir(), 'wh-')), 'ids.json'),
  readiness?: Readiness,
  onDisk?: () => Promise<void>,
) {
  const { queued, publisher } = fakePublisher(onDisk ? { onDisk } : {});
  const replay = new ReplayStore(replayFile);
  await replay.load();
  const logs: string[] = [];
  const metrics = createPublisherMetrics({ defaults: false });
  const server = createPublisherServer({
    ...{ publisher, secrets, replay, logger: memoryLogger(logs), metrics },
    ...(readiness ? { readiness } : {}),
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = (headers: Record<string, string>, body: string, where = '/hooks/content') =>
    fetch(url + where, { method: 'POST', headers, body });
  return { queued, logs, post, replayFile, url };
}

describe('POST /hooks/content', () => {
  it('queues a verified event and answers 202', async () => {
    const s = await start([SECRET_A]);
    const { headers, body } = signWebhook(SECRET_A, JSON.stringify(EVENT));
    const res = await s.post(headers, body);
    expect(res.status).toBe(202);
    expect(s.queued).toEqual([[EVENT]]);
  });

  it('answers 202 only once the events are on disk, and 500 when they could not be written', async () => {
    let written = () => {};
    const s = await start([SECRET_A], undefined, undefined, () => new Promise<void>((r) => (written = r)));
    const signed = signWebhook(SECRET_A, JSON.stringify(EVENT));
    let answered = false;
    const res = s.post(signed.headers, signed.body).finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(s.queued).toEqual([[EVENT]]);
    expect(answered).toBe(false);
    written();
    expect((await res).status).toBe(202);

    const full = await start([SECRET_A], undefined, undefined, () =>
      Promise.reject(new Error('ENOSPC: no space left')),
    );
    const again = signWebhook(SECRET_A, JSON.stringify(EVENT));
    const refused = await full.post(again.headers, again.body);
    expect(refused.status).toBe(500);
    expect(await refused.text()).toContain('ENOSPC');
  });

  const refusals: Array<[string, number, (h: Record<string, string>, b: string) => [Record<string, string>, string]]> =
    [
      ['signature missing', 401, (h, b) => [{ ...h, 'webhook-signature': '' }, b]],
      ['signature wrong (body changed after signing)', 401, (h, b) => [h, b.replace('my-slug', 'other')]],
      ['wrong secret', 401, (_h, b) => [signWebhook(SECRET_B, b).headers, b]],
      [
        'timestamp 6 minutes old',
        401,
        (_h, b) => [signWebhook(SECRET_A, b, new Date(Date.now() - 360_000)).headers, b],
      ],
      [
        'timestamp 6 minutes ahead',
        401,
        (_h, b) => [signWebhook(SECRET_A, b, new Date(Date.now() + 360_000)).headers, b],
      ],
      ['not application/json', 415, (h, b) => [{ ...h, 'content-type': 'text/plain' }, b]],
      [
        'body over 64 KB',
        413,
        (_h) => {
          const big = JSON.stringify({ ...EVENT, pad: 'x'.repeat(70_000) });
          return [signWebhook(SECRET_A, big).headers, big];
        },
      ],
      [
        'not JSON',
        400,
        () => {
          const bad = '{not json';
          return [signWebhook(SECRET_A, bad).headers, bad];
        },
      ],
      [
        'JSON but not an event',
        400,
        () => {
          const bad = '{"type":"article"}';
          return [signWebhook(SECRET_A, bad).headers, bad];
        },
      ],
    ];
  for (const [what, status, alter] of refusals) {
    it(`refuses ${what} with ${status}, a reason, a log line without the secret, and nothing queued`, async () => {
      const s = await start([SECRET_A]);
      const signed = signWebhook(SECRET_A, JSON.stringify(EVENT));
      const [headers, body] = alter(signed.headers, signed.body);
      const res = await s.post(headers, body);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(5);
      expect(s.queued).toEqual([]);
      expect(s.logs.join('\n')).toContain(`(${status})`);
      expect(s.logs.join('\n')).not.toContain(SECRET_A.slice(6));
    });
  }

  it('refuses a webhook-id already seen (409), also after a restart', async () => {
    const s = await start([SECRET_A]);
    const signed = signWebhook(SECRET_A, JSON.stringify(EVENT));
    expect((await s.post(signed.headers, signed.body)).status).toBe(202);
    expect((await s.post(signed.headers, signed.body)).status).toBe(409);
    const restarted = await start([SECRET_A], s.replayFile);
    expect((await restarted.post(signed.headers, signed.body)).status).toBe(409);
    expect(restarted.queued).toEqual([]);
  });

  it('accepts either of two secrets during a rotation', async () => {
    const s = await start([SECRET_A, SECRET_B]);
    for (const secret of [SECRET_A, SECRET_B]) {
      const { headers, body } = signWebhook(secret, JSON.stringify(EVENT));
      expect((await s.post(headers, body)).status).toBe(202);
    }
    const other = `whsec_${Buffer.from('secret-c-0123456789abcdef').toString('base64')}`;
    const { headers, body } = signWebhook(other, JSON.stringify(EVENT));
    expect((await s.post(headers, body)).status).toBe(401);
    expect(s.queued).toHaveLength(2);
  });

  it('takes several records in one event ({"events": […]})', async () => {
    const s = await start([SECRET_A]);
    const events = [EVENT, { type: 'faq', action: 'delete', key: '3' }];
    const { headers, body } = signWebhook(SECRET_A, JSON.stringify({ events }));
    expect((await s.post(headers, body)).status).toBe(202);
    expect(s.queued).toEqual([events]);
  });
});

describe('GET /metrics, /readyz and /status state', () => {
  it('counts webhooks accepted and refused by reason, in the Prometheus text format', async () => {
    const s = await start([SECRET_A]);
    const good = signWebhook(SECRET_A, JSON.stringify(EVENT));
    expect((await s.post(good.headers, good.body)).status).toBe(202);
    expect((await s.post(good.headers, good.body)).status).toBe(409); // the same delivery again
    const forged = signWebhook(SECRET_B, JSON.stringify(EVENT));
    expect((await s.post(forged.headers, forged.body)).status).toBe(401);
    const res = await fetch(`${s.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('portal_publisher_webhooks_total{outcome="accepted",reason=""} 1');
    expect(text).toContain('portal_publisher_webhooks_total{outcome="refused",reason="replay"} 1');
    expect(text).toContain('portal_publisher_webhooks_total{outcome="refused",reason="signature"} 1');
    expect(text).toContain('portal_publisher_queue_depth 0');
    expect(text).toContain('portal_publisher_ready 1');
    expect(text).not.toContain(SECRET_A.slice(6));
  });

  it('answers /readyz 503 until the publisher is ready, and /status says each state and how long it took', async () => {
    const readiness = new Readiness();
    const s = await start([SECRET_A], undefined, readiness);
    expect((await fetch(`${s.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200); // the live release is served meanwhile
    readiness.set('catching up');
    expect(((await (await fetch(`${s.url}/status`)).json()) as { state: string }).state).toBe('catching up');
    readiness.set('ready');
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, state: 'ready' });
    const status = (await (await fetch(`${s.url}/status`)).json()) as {
      state: string;
      states: Array<{ state: string; durationMs: number | null }>;
    };
    expect(status.state).toBe('ready');
    expect(status.states.map((x) => x.state)).toEqual(['starting', 'catching up', 'ready']);
    expect(status.states.slice(0, 2).every((x) => typeof x.durationMs === 'number')).toBe(true);
    expect(status.states[2]!.durationMs).toBeNull();
  });
});

describe('the publisher server', () => {
  it('will not start without a secret', () => {
    const { publisher } = fakePublisher();
    expect(() =>
      createPublisherServer({ publisher, secrets: [], replay: new ReplayStore('/nonexistent/x.json') }),
    ).toThrow(/WEBHOOK_SECRET/);
  });

  it('refuses an unsigned rollback', async () => {
    const s = await start([SECRET_A]);
    const res = await s.post({ 'content-type': 'application/json' }, '{}', '/rollback');
    expect(res.status).toBe(401);
  });
});
