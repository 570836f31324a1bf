// The reference API in a process of its own (`npm start`, the bench: scripts/site/embedded-api.ts
// `forkContentApi`): it answers, its editor sends signed webhooks, and it stops with `close`.
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkContentApi } from '../../../scripts/site/embedded-api.ts';
import { startHookReceiver, tempDir } from './harness';

const SECRET = `whsec_${Buffer.from('forked-api-test-secret-0123456789').toString('base64')}`;
const TOKEN = 'forked-editor-token';

let api: Awaited<ReturnType<typeof forkContentApi>>;
let hooks: Awaited<ReturnType<typeof startHookReceiver>>;

beforeAll(async () => {
  hooks = await startHookReceiver();
  api = await forkContentApi({
    host: '127.0.0.1',
    port: 0,
    dbPath: join(tempDir(), 'api.sqlite'),
    editor: { token: TOKEN, webhookUrl: hooks.url, webhookSecret: SECRET, quiet: true },
  });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await hooks?.close();
});

describe('the reference API forked into its own process', () => {
  it('answers in another process, and an edit there sends a signed webhook', async () => {
    expect(api.child.pid).not.toBe(process.pid);
    const list = await fetch(`${api.url}/api/frontend/content/category/all?limit=1`);
    expect(list.status).toBe(200);
    const [first] = ((await list.json()) as { result: Array<{ slug: string }> }).result;
    const res = await fetch(`${api.url}/api/editor/article/${first!.slug}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ en: { title: 'Edited in the forked API' } }),
    });
    expect(res.status).toBe(200);
    const { received } = hooks;
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).toHaveLength(1);
    const { headers, body } = received[0]!;
    const payload = new Webhook(SECRET).verify(body, {
      'webhook-id': headers['webhook-id']!,
      'webhook-timestamp': headers['webhook-timestamp']!,
      'webhook-signature': headers['webhook-signature']!,
    });
    expect(payload).toEqual({ type: 'article', action: 'update', key: first!.slug });
  });

  it('reports the CPU and peak memory of its process, and stops on close', async () => {
    const usage = await api.usage();
    expect(usage.cpuMicros).toBeGreaterThan(0);
    expect(usage.maxRssMb).toBeGreaterThan(10);
    await api.close();
    expect(api.child.exitCode ?? api.child.signalCode).not.toBeNull();
    await expect(fetch(`${api.url}/api/frontend/menu`)).rejects.toThrow();
  });
});
