/**
 * PUBLISHER_ADMIN_PORT: the operators' endpoints on a listener of their own, the webhook port
 * answering only what the CMS and a load balancer need. Without it, one port answers everything.
 */
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../scripts/publisher/log.ts';
import { createPublisherMetrics } from '../../../scripts/publisher/metrics.ts';
import { signWebhook } from '../../../scripts/publisher/send-webhook.ts';
import {
  createPublisherServer,
  createPublisherServers,
  ReplayStore,
  type ServerOptions,
} from '../../../scripts/publisher/server.ts';
import { fakePublisher as fake } from './fake-publisher.ts';

const SECRET = `whsec_${Buffer.from('admin-port-secret-0123456789').toString('base64')}`;
const ADMIN_TOKEN = 'admin-port-token';
const EVENT = { type: 'article', action: 'update', key: 'my-slug' };

const fakePublisher = () =>
  fake({
    live: { id: 'r2', publishedAt: '' },
    kept: [
      { id: 'r2', publishedAt: '' },
      { id: 'r1', publishedAt: '' },
    ],
    rollbackTo: { id: 'r1', publishedAt: '' },
  });

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function options() {
  const fake = fakePublisher();
  const replay = new ReplayStore(path.join(mkdtempSync(path.join(tmpdir(), 'admin-port-')), 'ids.json'));
  await replay.load();
  const o: ServerOptions = {
    ...{ publisher: fake.publisher, secrets: [SECRET], replay, adminToken: ADMIN_TOKEN },
    ...{ logger: memoryLogger([]), metrics: createPublisherMetrics({ defaults: false }) },
  };
  return { ...fake, o };
}

const signedPost = (url: string, body: string) => {
  const signed = signWebhook(SECRET, body);
  return fetch(url, { method: 'POST', headers: signed.headers, body: signed.body });
};

const OPERATOR_GETS = ['/status', '/status/history', '/metrics', '/readyz', '/admin/'];

describe('with the admin listener set', () => {
  it('the webhook port answers 404 to /status, /status/history, /metrics, /readyz, /admin/ and /rollback', async () => {
    const { o, rollbacks } = await options();
    const { webhook } = createPublisherServers(o);
    const url = await listen(webhook);
    for (const p of OPERATOR_GETS) {
      const res = await fetch(url + p, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toMatch(/portal_publisher_|"release"|Publisher administration/);
    }
    expect((await signedPost(`${url}/rollback`, '{}')).status).toBe(404);
    expect(rollbacks).toEqual([]);
  });

  it('the webhook port takes a signed webhook (202) and answers /healthz', async () => {
    const { o, queued } = await options();
    const { webhook } = createPublisherServers(o);
    const url = await listen(webhook);
    expect((await signedPost(`${url}/hooks/content`, JSON.stringify(EVENT))).status).toBe(202);
    expect(queued).toEqual([[EVENT]]);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('the admin port answers the operators as the single port does, and takes no webhook', async () => {
    const { o, queued, rollbacks } = await options();
    const { webhook, admin } = createPublisherServers(o);
    const hook = await listen(webhook);
    const url = await listen(admin);
    expect((await signedPost(`${hook}/hooks/content`, JSON.stringify(EVENT))).status).toBe(202);
    const status = await fetch(`${url}/status`);
    expect(status.status).toBe(200);
    expect(((await status.json()) as { release: { id: string } }).release.id).toBe('r2');
    expect((await fetch(`${url}/status/history`)).status).toBe(200);
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    // One registry for both listeners: the webhook taken on the other port is counted here.
    expect(await metrics.text()).toContain('portal_publisher_webhooks_total{outcome="accepted",reason=""} 1');
    expect((await fetch(`${url}/admin/`)).status).toBe(401);
    expect((await fetch(`${url}/admin/`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(403);
    const page = await fetch(`${url}/admin/`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Publisher administration');
    expect((await signedPost(`${url}/rollback`, '{}')).status).toBe(202);
    expect(rollbacks).toEqual(['r1']);
    expect((await signedPost(`${url}/hooks/content`, JSON.stringify(EVENT))).status).toBe(404);
    expect(queued).toHaveLength(1);
  });
});

describe('without the admin listener', () => {
  it('one port answers the webhook and the operators, as before', async () => {
    const { o, queued } = await options();
    const url = await listen(createPublisherServer(o));
    expect((await signedPost(`${url}/hooks/content`, JSON.stringify(EVENT))).status).toBe(202);
    expect(queued).toHaveLength(1);
    for (const p of ['/status', '/status/history', '/metrics', '/readyz', '/healthz'])
      expect((await fetch(url + p)).status, p).toBe(200);
    expect((await fetch(`${url}/admin/`)).status).toBe(401);
  });
});
