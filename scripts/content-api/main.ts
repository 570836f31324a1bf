// `npm run api`: the reference content API on API_HOST:API_PORT with its data in API_DB.
//   npm run api -- --scale 5000   seeds 5000 items in each large collection (fresh database only)
// Prints `content-api listening on http://HOST:PORT` when ready; stops cleanly on SIGINT/SIGTERM.
// The editor endpoint (/api/editor/{type}/{key}) takes `Authorization: Bearer $EDITOR_TOKEN` (one is
// generated and printed when unset) and sends signed webhooks to WEBHOOK_URL when WEBHOOK_SECRET is set.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { startContentApi, DEFAULT_DB, REPO_ROOT } from './server.ts';
import { intOption, parseCommand } from '../config/cli.ts';
import { loadEnv } from '../config/env.ts';

const { values } = parseCommand({
  name: 'npm run api',
  usage: `usage: npm run api -- [--scale N]

The reference content API (the agency's API stand-in) with its demo data, until Ctrl-C.

  --scale N     seed N items in each large collection (a fresh database only; or API_SCALE)
  -h, --help    this text

Environment: API_HOST, API_PORT (127.0.0.1:8787), API_DB (its SQLite file), EDITOR_TOKEN
(generated and printed when unset), WEBHOOK_SECRET and WEBHOOK_URL (where edits send signed
webhooks; none without a secret), PUBLISHER_HOST, PUBLISHER_PORT.`,
  options: { scale: { type: 'string' } },
});
const env = process.env;
const checked = loadEnv('content-api');
const port = checked.API_PORT ?? 8787;
const scale =
  values.scale === undefined ? checked.API_SCALE : intOption({ name: 'content-api' }, 'scale', values.scale, 0, 1);
if (scale !== undefined && scale > 1_000_000) {
  console.error(`content-api: --scale must be a whole number from 1 to 1000000 (got "${values.scale}")`);
  process.exit(2);
}
const dbPath = env.API_DB ? resolve(REPO_ROOT, env.API_DB) : DEFAULT_DB;

const editor = {
  token: env.EDITOR_TOKEN || `dev-${randomBytes(12).toString('hex')}`,
  webhookUrl:
    env.WEBHOOK_URL || `http://${env.PUBLISHER_HOST || '127.0.0.1'}:${env.PUBLISHER_PORT || 8790}/hooks/content`,
  webhookSecret: env.WEBHOOK_SECRET || undefined,
};

let api;
try {
  api = await startContentApi({ host: env.API_HOST || '127.0.0.1', port, dbPath, scale, editor });
} catch (err) {
  console.error(`content-api: could not start: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
console.log(`content-api listening on ${api.url}`);
if (!env.EDITOR_TOKEN) console.log(`content-api: editor endpoint token (EDITOR_TOKEN): ${editor.token}`);
console.log(
  editor.webhookSecret
    ? `content-api: edits send signed webhooks to ${editor.webhookUrl}`
    : 'content-api: WEBHOOK_SECRET is not set; edits send no webhook',
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await api.close();
    process.exit(0);
  });
}
