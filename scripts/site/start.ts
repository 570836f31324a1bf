/**
 * `npm start`: the reference content API with its demo data (or the one already answering at
 * API_HOST:API_PORT), the publisher (a build that keeps its render path, published as the first
 * release; then webhooks on PUBLISHER_HOST:PUBLISHER_PORT) and the live release served with sirv
 * at http://HOST:PORT (the manual search with a query rendered through the publisher's render
 * path), until Ctrl-C (which stops all three). An edit through the API's editor endpoint
 * (`npm run cms`) reaches the site in seconds.
 *
 * The site server runs in its own process (scripts/publisher/site-main.ts): a publish's
 * re-read, render and compression never hold up a visitor's request on the publisher's event
 * loop. It forwards the manual search with a query to the publisher's search route (loopback,
 * SEARCH_PORT, an ephemeral port by default) and serves its request metrics on
 * http://SITE_METRICS_HOST:SITE_METRICS_PORT/metrics (127.0.0.1:8792 by default; loopback only).
 * The publisher re-reads the API every REREAD_INTERVAL seconds (300) and publishes at the
 * records' own boundaries (scripts/publisher/schedule.ts).
 *
 * A restart serves the live release as it is, without a build, and catches up with the API in
 * the background. `npm start -- --rebuild` builds again (after a code or template change) and
 * publishes the build as a new base release.
 *
 * WEBHOOK_SECRET and EDITOR_TOKEN are used when set; otherwise development values are generated
 * and printed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKeepingRenderPath } from './build-site.ts';
import { readFacts } from '../../src/integrations/render-path/bundle.ts';
import { apiAddressFromEnv, forkContentApi, isApiUp } from './embedded-api.ts';
import { startPublisher } from '../publisher/main.ts';
import { createLogger, logFormatFrom } from '../publisher/log.ts';
import { rereadIntervalMs } from '../publisher/schedule.ts';
import { forkSiteServer, startSearchServer } from '../publisher/site-main.ts';
import { parseCommand } from '../config/cli.ts';
import { loadEnv } from '../config/env.ts';

const { values } = parseCommand({
  name: 'npm start',
  usage: `usage: npm start [-- --rebuild]

The reference content API with its demo data (or the one already answering at API_HOST:API_PORT),
the publisher (webhooks on PUBLISHER_HOST:PUBLISHER_PORT) and the live release served at
http://HOST:PORT, until Ctrl-C. The first start builds; a restart serves the live release as it is.

  --rebuild     build again (after a code or template change) and publish it as a new base release
  -h, --help    this text

Environment: HOST, PORT (127.0.0.1:4321), API_HOST, API_PORT, API_DB, PUBLISHER_HOST,
PUBLISHER_PORT, PUBLISH_DIR, RENDER_PATH_DIR, KEEP_RELEASES, WEBHOOK_SECRET, EDITOR_TOKEN,
PUBLISH_TARGET and S3_*, PURGE_*, LOG_FORMAT, REREAD_INTERVAL, SEARCH_PORT, SITE_METRICS_HOST,
SITE_METRICS_PORT (docs/configuration.md, docs/operations.md).`,
  options: { rebuild: { type: 'boolean' } },
});
const checked = loadEnv('start');

const root = fileURLToPath(new URL('../../', import.meta.url));
const env = process.env;
const host = env.HOST || '127.0.0.1';
const port = checked.PORT ?? 4321;
const publisherHost = env.PUBLISHER_HOST || '127.0.0.1';
const publisherPort = checked.PUBLISHER_PORT ?? 8790;
const publishDir = path.resolve(root, env.PUBLISH_DIR || '.data/releases');
const renderPathDir = path.resolve(root, env.RENDER_PATH_DIR || '.data/render-path/current');

const secret = env.WEBHOOK_SECRET || `whsec_${randomBytes(24).toString('base64')}`;
const editorToken = env.EDITOR_TOKEN || `dev-${randomBytes(12).toString('hex')}`;
const adminToken = env.PUBLISHER_ADMIN_TOKEN || `admin-${randomBytes(12).toString('hex')}`;
const webhookUrl = env.WEBHOOK_URL || `http://${publisherHost}:${publisherPort}/hooks/content`;

const { url: apiUrl, host: apiHost, port: apiPort } = apiAddressFromEnv();
let api: { url: string; close: () => Promise<void> } = { url: apiUrl, close: async () => {} };
if (await isApiUp(apiUrl)) {
  console.log(`Using the content API already on ${apiUrl} (its editor endpoint sends webhooks as it was started with)`);
} else {
  // In a process of its own, as the agency's API is another machine (embedded-api.ts).
  api = await forkContentApi({
    host: apiHost,
    port: apiPort,
    ...(env.API_DB ? { dbPath: env.API_DB } : {}),
    editor: { token: editorToken, webhookUrl, webhookSecret: secret },
  });
  console.log(`Reference content API on ${api.url}; editor endpoint ${api.url}/api/editor/{type}/{key}`);
}

const live = existsSync(path.join(publishDir, 'live'));
const facts = await readFacts(renderPathDir);
const otherApi = facts?.apiBaseUrl !== undefined && facts.apiBaseUrl !== api.url;
if (otherApi && live && values.rebuild !== true)
  console.log(`The render path was built against ${facts?.apiBaseUrl}, not ${api.url}: building again`);
const rebuild = values.rebuild === true || !live || !facts || otherApi;
if (rebuild) {
  const code = await buildKeepingRenderPath({ apiBaseUrl: api.url, renderPathDir });
  if (code !== 0) {
    await api.close();
    console.error(live ? 'The build failed; the live release stays.' : 'The build failed; nothing is served.');
    if (!live) process.exit(code);
  }
}

let publisher: Awaited<ReturnType<typeof startPublisher>>;
try {
  publisher = await startPublisher({
    renderPathDir,
    baseDist: path.join(root, 'dist'),
    publishDir,
    secrets: secret.split(/\s+/).filter(Boolean),
    insecureDev: false,
    host: publisherHost,
    port: publisherPort,
    keepReleases: checked.KEEP_RELEASES ?? 5,
    apiBaseUrl: api.url,
    publishBase: rebuild,
    schedule: { intervalMs: rereadIntervalMs(env) },
    // Readable lines where a person watches (LOG_FORMAT=json for JSON lines); the generated
    // development secrets are scrubbed like the ones from the environment.
    logger: createLogger({ format: logFormatFrom(env, 'pretty'), secrets: [secret, editorToken, adminToken] }),
    adminToken,
  });
} catch (error) {
  console.error(`The publisher did not start: ${error instanceof Error ? error.message : error}`);
  await api.close();
  process.exit(1);
}

// The manual search with a query is rendered through the publisher's render path, on loopback.
const search = await startSearchServer(publisher.renderPath.renderRequest, '127.0.0.1', Number(env.SEARCH_PORT || 0));
const site = await forkSiteServer({
  publishDir,
  host,
  port,
  searchOrigin: search.url,
  metricsHost: env.SITE_METRICS_HOST || '127.0.0.1',
  metricsPort: Number(env.SITE_METRICS_PORT ?? 8792),
});
console.log(`
The portal: ${site.url}/ (Thai)  ${site.url}/en/ (English), the live release of ${publishDir}
Publisher:  http://${publisherHost}:${publisher.port}/status
Site server metrics (its own process; loopback only): ${site.metrics}
${env.WEBHOOK_SECRET ? 'WEBHOOK_SECRET from the environment' : `WEBHOOK_SECRET=${secret}`}
${env.EDITOR_TOKEN ? 'EDITOR_TOKEN from the environment' : `EDITOR_TOKEN=${editorToken}`}
${env.PUBLISHER_ADMIN_TOKEN ? 'PUBLISHER_ADMIN_TOKEN from the environment' : `PUBLISHER_ADMIN_TOKEN=${adminToken}`} (the publishes and rollback: http://${publisherHost}:${publisher.port}/admin/)
Try an edit:  EDITOR_TOKEN=${env.EDITOR_TOKEN ? '…' : editorToken} npm run cms -- edit article <slug> --title "New title"
Ctrl-C stops the site, the publisher and the API.`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await site.close();
  search.server.close();
  await publisher.close();
  await api.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
