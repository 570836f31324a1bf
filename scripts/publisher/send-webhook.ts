/**
 * Sends one signed webhook (Standard Webhooks) — what the CMS does after an edit.
 *   WEBHOOK_SECRET=whsec_… npx node scripts/publisher/send-webhook.ts URL '{"type":"article","action":"update","key":"slug"}'
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export interface SignedRequest {
  headers: Record<string, string>;
  body: string;
}

/** Headers and body of a signed webhook; `at` and `id` are for tests of refusals. */
export function signWebhook(secret: string, body: string, at = new Date(), id = `msg_${randomUUID()}`): SignedRequest {
  const signature = new Webhook(secret).sign(id, at, body);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
  };
}

export async function sendWebhook(url: string, secret: string, payload: unknown): Promise<Response> {
  const { headers, body } = signWebhook(secret, JSON.stringify(payload));
  return fetch(url, { method: 'POST', headers, body });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const secret = (process.env.WEBHOOK_SECRET ?? '').split(/\s+/)[0];
  if (!secret) throw new Error('WEBHOOK_SECRET is not set');
  const res = await sendWebhook(process.argv[2]!, secret, JSON.parse(process.argv[3]!));
  console.log(res.status, await res.text());
}
