// `npm run api`: the reference content API on API_HOST:API_PORT with its data in API_DB.
//   npm run api -- --scale 5000   seeds 5000 items in each large collection (fresh database only)
// Prints `content-api listening on http://HOST:PORT` when ready; stops cleanly on SIGINT/SIGTERM.
// The editor endpoint (/api/editor/{type}/{key}) takes `Authorization: Bearer $EDITOR_TOKEN` (one is
// generated and printed when unset) and sends signed webhooks to WEBHOOK_URL when WEBHOOK_SECRET is set.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { startContentApi, DEFAULT_DB, REPO_ROOT } from './server.ts';

/** --scale N, --scale=N, or API_SCALE. */
function scaleArg(argv: string[], env: NodeJS.ProcessEnv): number | undefined {
  let raw = env.API_SCALE;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--scale') raw = argv[i + 1];
    else if (argv[i]?.startsWith('--scale=')) raw = argv[i]?.slice(8);
  }
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
    console.error(`content-api: --scale must be a whole number from 1 to 1000000 (got "${raw}")`);
    process.exit(2);
  }
  return n;
}

const env = process.env;
const port = env.API_PORT ? Number(env.API_PORT) : 8787;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`content-api: API_PORT must be a port number (got "${env.API_PORT}")`);
  process.exit(2);
}
const dbPath = env.API_DB ? resolve(REPO_ROOT, env.API_DB) : DEFAULT_DB;
const scale = scaleArg(process.argv.slice(2), env);

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
