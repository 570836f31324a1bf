/**
 * Sends one signed webhook (Standard Webhooks) — what the CMS does after an edit.
 *   WEBHOOK_SECRET=whsec_… npx node scripts/publisher/send-webhook.ts URL '{"type":"article","action":"update","key":"slug"}'
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { parseCommand } from '../config/cli.ts';
import { loadEnv } from '../config/env.ts';

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
  const { positionals } = parseCommand({
    name: 'send-webhook',
    usage: `usage: WEBHOOK_SECRET=whsec_… node scripts/publisher/send-webhook.ts URL JSON

Sends one webhook signed with the first secret of WEBHOOK_SECRET, as the CMS does, and prints the
answer: an edit (URL …/hooks/content, JSON {"type":"article","action":"update","key":"<slug>"}) or a
rollback (URL …/rollback, JSON {}).

  -h, --help   this text`,
    options: {},
    allowPositionals: true,
  });
  const secret = (loadEnv('send-webhook').WEBHOOK_SECRET ?? '').split(/\s+/)[0];
  const [url, json] = positionals;
  if (!secret || !url || !json) {
    console.error(
      `send-webhook: ${secret ? 'give URL and JSON' : 'WEBHOOK_SECRET must be set'} (--help for the usage)`,
    );
    process.exit(2);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    console.error(`send-webhook: the body is not JSON: ${json}`);
    process.exit(2);
  }
  const res = await sendWebhook(url, secret, payload).catch((error: Error) => {
    console.error(
      `send-webhook: ${url} did not answer (${(error.cause as Error | undefined)?.message ?? error.message})`,
    );
    process.exit(1);
  });
  console.log(res.status, await res.text());
}
