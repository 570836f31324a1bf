/**
 * `npm run bench:load`: the site server of `npm start` (sirv over the live release) and its
 * manual search route (rendered per request through the render path) under autocannon, without
 * and then with publishes running (an article edit through the editor endpoint every
 * --edit-every seconds). For a content page, a list page and a search it prints requests per
 * second, p99 latency, errors and non-2xx answers, with the machine's load average; before that
 * it checks conditional requests (ETag / If-None-Match → 304) and precompressed answers (br,
 * gzip). Figures go to .data/bench-load/results.json as well.
 *
 *   npm run bench:load                         60 s per page and phase (6 minutes)
 *   npm run bench:load -- --duration 10        a quick run
 *
 * It starts `npm start` (scripts/site/start.ts) as a child process with its own data under
 * .data/bench-load/ (API database, releases, render path) on API_PORT, PUBLISHER_PORT and PORT
 * (defaults 8827, 8828, 8829); the first run builds (into dist/). autocannon runs in this
 * process: the server's process has its own event loop, as in production.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { intOption, parseCommand } from '../config/cli.ts';
import { loadEnv } from '../config/env.ts';

const { values } = parseCommand({
  name: 'npm run bench:load',
  usage: `usage: npm run bench:load -- [--duration S] [--connections N] [--edit-every S]

The site server of npm start and its manual search route under autocannon, without and with
publishes running: requests/s, p99 latency and errors for a content page, a list page and a
search; conditional requests (ETag → 304) and precompressed answers (br, gzip) checked first.

  --duration S      seconds of load per page and phase (default 60)
  --connections N   concurrent connections (default 10)
  --edit-every S    seconds between article edits while publishes run (default 2)
  -h, --help        this text

Environment: API_PORT, PUBLISHER_PORT, PORT (defaults 8827, 8828, 8829). Data in .data/bench-load/.`,
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    'edit-every': { type: 'string' },
  },
});
const cmd = { name: 'bench:load' };
const duration = intOption(cmd, 'duration', values.duration, 60, 1);
const connections = intOption(cmd, 'connections', values.connections, 10, 1);
const editEvery = intOption(cmd, 'edit-every', values['edit-every'], 2, 1);
const checked = loadEnv('bench:load');

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORK = path.join(ROOT, '.data/bench-load');
const apiPort = checked.API_PORT ?? 8827;
const publisherPort = checked.PUBLISHER_PORT ?? 8828;
const sitePort = checked.PORT ?? 8829;
const SECRET = `whsec_${Buffer.from('bench-load-secret-0123456789').toString('base64')}`;
const TOKEN = 'bench-load-editor-token';
const site = `http://127.0.0.1:${sitePort}`;
const api = `http://127.0.0.1:${apiPort}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

mkdirSync(WORK, { recursive: true });
const publishDir = path.join(WORK, 'releases');

/** `npm start` with this bench's data and ports; resolves when it serves. */
function startPortal(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/site/start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      PUBLISHER_PORT: String(publisherPort),
      PORT: String(sitePort),
      API_DB: path.join(WORK, 'api.sqlite'),
      PUBLISH_DIR: publishDir,
      RENDER_PATH_DIR: path.join(WORK, 'render-path/current'),
      WEBHOOK_SECRET: SECRET,
      EDITOR_TOKEN: TOKEN,
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.length > 200_000) log = log.slice(-100_000);
      if (log.includes('The portal:')) resolve(child);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${log.slice(-3000)}`)));
  });
}

async function status(): Promise<{ publishing: boolean; queue: number; publishes: { total: number; failed: number } }> {
  return (await fetch(`http://127.0.0.1:${publisherPort}/status`)).json() as never;
}

/** Waits for the publisher to finish what it does (the catch-up that adds the twins). */
async function settled(timeoutMs = 15 * 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let quiet = 0;
  while (Date.now() < end) {
    const s = await status();
    quiet = !s.publishing && s.queue === 0 ? quiet + 1 : 0;
    if (quiet >= 3) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the publisher did not settle');
}

console.log(`bench:load: starting npm start (data in ${WORK}); load average ${load()} on ${cpus().length} cores`);
const portal = await startPortal();
try {
  await settled();
  const live = path.join(publishDir, 'live');
  const slugs = readdirSync(path.join(live, 'article')).slice(0, 5);
  if (slugs.length === 0) throw new Error('no article in the live release');
  const targets = [
    { name: 'content page', path: `/article/${encodeURIComponent(slugs[0]!)}/` },
    { name: 'list page', path: '/articles/' },
    { name: 'manual search', path: '/manuals/search/?keyword=manual' },
  ];

  // ---- checks: conditional requests and precompressed answers ----
  const checks: Record<string, string> = {};
  for (const t of targets.slice(0, 2)) {
    const first = await fetch(site + t.path, { headers: { 'accept-encoding': 'br' } });
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    const again = etag
      ? await fetch(site + t.path, { headers: { 'if-none-match': etag, 'accept-encoding': 'br' } })
      : null;
    const gz = await fetch(site + t.path, { headers: { 'accept-encoding': 'gzip' } });
    await gz.arrayBuffer();
    const plain = await fetch(site + t.path, { headers: { 'accept-encoding': 'identity' } });
    const plainBytes = (await plain.arrayBuffer()).byteLength;
    checks[t.name] =
      `ETag ${etag ? 'yes' : 'NO'}, If-None-Match → ${again?.status ?? '-'}; ` +
      `br → ${first.headers.get('content-encoding') ?? 'none'} (${first.headers.get('content-length')} of ${plainBytes} bytes), ` +
      `gzip → ${gz.headers.get('content-encoding') ?? 'none'}, vary ${first.headers.get('vary')}`;
    if (!etag || again?.status !== 304) throw new Error(`${t.name}: no 304 for If-None-Match (${checks[t.name]})`);
    if (first.headers.get('content-encoding') !== 'br' || gz.headers.get('content-encoding') !== 'gzip')
      throw new Error(`${t.name}: not precompressed (${checks[t.name]})`);
    console.log(`  ${t.name}: ${checks[t.name]}`);
  }
  const search = await fetch(site + targets[2]!.path);
  const searchHtml = await search.text();
  if (search.status !== 200 || !searchHtml.includes('</html>'))
    throw new Error(`manual search answered ${search.status}`);

  // ---- load: each page alone, without and with publishes running ----
  interface Row {
    phase: string;
    page: string;
    path: string;
    requestsPerSecond: number;
    p50: number;
    p99: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: number;
    load: string;
    publishes?: number;
  }
  const rows: Row[] = [];
  const hammer = async (phase: string, t: (typeof targets)[number]) => {
    const result = await autocannon({
      url: site + t.path,
      connections,
      duration,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const row: Row = {
      phase,
      page: t.name,
      path: t.path,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      requests: result.requests.total,
      load: load(),
    };
    rows.push(row);
    console.log(
      `  ${phase.padEnd(16)} ${t.name.padEnd(14)} ${String(row.requestsPerSecond).padStart(6)} req/s  p99 ${row.p99} ms  errors ${row.errors + row.timeouts}  non-2xx ${row.non2xx}  (load ${row.load})`,
    );
    return row;
  };
  for (const t of targets) await hammer('no publishes', t);

  let editing = true;
  let edits = 0;
  let editFailures = 0;
  const editor = (async () => {
    while (editing) {
      const slug = slugs[edits % slugs.length]!;
      const res = await fetch(`${api}/api/editor/article/${encodeURIComponent(slug)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ en: { title: `Load bench edit ${edits} ${Date.now()}` } }),
      }).catch(() => null);
      if (res?.ok) edits++;
      else editFailures++;
      await res?.arrayBuffer();
      await new Promise((r) => setTimeout(r, editEvery * 1000));
    }
  })();
  for (const t of targets) {
    const before = (await status()).publishes.total;
    const row = await hammer('with publishes', t);
    row.publishes = (await status()).publishes.total - before;
  }
  editing = false;
  await editor;
  await settled();
  const after = await status();
  console.log(
    `  ${edits} edits sent during the second phase (${editFailures} failed); publishes ${after.publishes.total}, failed ${after.publishes.failed}`,
  );
  writeFileSync(
    path.join(WORK, 'results.json'),
    JSON.stringify({ duration, connections, editEvery, cores: cpus().length, checks, rows, edits, after }, null, 2),
  );
  console.log(`bench:load: figures in ${path.join(WORK, 'results.json')}; load average now ${load()}`);
} finally {
  portal.kill('SIGTERM');
  await new Promise((r) => portal.once('exit', r));
}
