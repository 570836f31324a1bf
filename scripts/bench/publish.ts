/**
 * `npm run bench:publish`: how fast the publisher puts each kind of edit live, at scale, with and
 * without visitors loading pages meanwhile, the edits spaced (each after the publisher is idle) and
 * back to back (1 s apart, none waiting for the one before).
 *
 *   npm run bench:publish                          --scale 1400 (about 20,000 pages), every kind
 *   npm run bench:publish -- --scale 50 --per-kind 3   a quick run
 *   npm run bench:publish -- --reuse               keep the database and build of the last run (the build only when made from the same scale, after the last change to src/)
 *   npm run bench:publish -- --build-only          only the database and the build
 *   npm run bench:publish -- --full                also a full publish through the render path
 *   npm run bench:publish -- --per-kind 10         edits of each kind (default 10)
 *   npm run bench:publish -- --kinds article-update,article-create   only these kinds
 *   npm run bench:publish -- --load off|on|both    visitors' load during the edits (default both:
 *                                                  the kinds without, then again with it)
 *   npm run bench:publish -- --pace spaced|back-to-back|both   the edits each after the publisher is
 *                                                  idle, or --gap-ms apart (1000) without waiting
 *                                                  for anything (default both: spaced, then back to back)
 *   npm run bench:publish -- --visitors 8 --visitor-rate 200   clients and requests/s (0: as fast
 *                                                  as the site server answers)
 *   npm run bench:publish -- --memory-edits 500    RSS after 50 and after 500 more title edits
 *   node --expose-gc scripts/bench/publish.ts …    the memory figures after a full GC
 *   npm run bench:publish -- --compare             one `astro build` after the edits
 *   npm run bench:publish -- --work .data/bench-50 another folder (default .data/bench-publish)
 *   npm run bench:publish -- --restart             keep the last run's releases: start as a restart
 *                                                  does (adopt the live release, catch up)
 *   npm run bench:publish -- --profile             a CPU profile of the edits without visitors
 *                                                  (.data/bench-publish/edits.cpuprofile), and one
 *                                                  of the first edit after start (first-edit.cpuprofile)
 *   npm run bench:publish -- --site-in-process     the site server in the publisher's process, to
 *                                                  compare with its own process under visitors' load
 *
 * Everything lives in .data/bench-publish/ (the render path must sit inside the project so its
 * bundle resolves the project's packages). Ports come from API_PORT, PUBLISHER_PORT and PORT
 * (defaults 8817, 8818, 8819).
 *
 * 1. The reference API on a database seeded at `scale`, with its editor endpoint wired to the
 *    publisher; `astro build` with the render path kept (cold, its own cache): the build time.
 * 2. Start: the site server in its own process (scripts/publisher/site-main.ts, as `npm start`
 *    runs it), then the publisher with the build as its base release. Timed: start → base
 *    release live, start → ready (the catch-up after it done: twins, spare copies, every detail
 *    answer cached), and the first edit after start (sent as soon as the base release is live).
 * 3. For each kind of edit (KINDS below: update, create, delete, unpublish and republish, category
 *    change of articles; activities, laws, procurement notices, the quick menu and the footer),
 *    `--per-kind` edits through the editor endpoint. Each is timed from the editor endpoint's
 *    answer to the first switch of `live` (the link the site server reads per request) to a
 *    release that shows it: both language versions of its page and, where the record is on
 *    them, both first list pages (for a deletion: the page gone, the lists without it);
 *    scripts/bench/edit-timing.ts and live-watch.ts. Per kind and per pace: median, p95 and worst,
 *    against the goal (p95 3 s at 20,000 pages, 5 s at 72,000).
 *    - Spaced: each edit sent once the publisher is idle, then checked on the site server where
 *      the record has a page; also pages rendered, API requests, CPU of this process and the API's.
 *    - Back to back: every kind's edits one stream, `--gap-ms` apart, none waiting for the answer to
 *      the one before nor for the publisher: a typo fixed right after saving, a batch of notices.
 *    With visitors' load on, scripts/bench/visitors.ts (autocannon, its own process) loads the
 *    sitemap's pages with `--visitors` clients: the site server's latency before the edits and
 *    during them, and the GETs that failed.
 * 4. Memory: peak RSS of this process (the publisher) and of the API's; with `--memory-edits N`, RSS
 *    after 50 and after N edits.
 * 5. What an idle scheduled re-read costs (scripts/publisher/schedule.ts): one right after the
 *    edits, one more with nothing changed: API requests, CPU seconds, what it found.
 *
 * Each step prints the machine's load average (others share its cores: read figures with it).
 * The publisher's log goes to .data/bench-publish/publisher.log, the figures to results.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { readlink } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { Worker } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSite } from '../site/build-site.ts';
import { forkContentApi } from '../site/embedded-api.ts';
import { startPublisher } from '../publisher/main.ts';
import { checkRenderPath } from '../publisher/render-path.ts';
import { memoryLogger } from '../publisher/log.ts';
import { precompressFolder } from '../publisher/precompress.ts';
import { forkSiteServer } from '../publisher/site-main.ts';
import { startSiteServer } from '../publisher/site-server.ts';
import { Schedule } from '../publisher/schedule.ts';
import { markStale } from '../../src/lib/clock.ts';
import { intOption, parseCommand } from '../config/cli.ts';
import { loadEnv } from '../config/env.ts';
import {
  median,
  releaseShows,
  reportLines,
  summarize,
  type KindFigures,
  type ModeFigures,
  type PageCheck,
} from './edit-timing.ts';
import type { EditToSend, WatchMessage } from './live-watch.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const { values } = parseCommand({
  name: 'npm run bench:publish',
  usage: `usage: npm run bench:publish -- [--scale N] [--per-kind N] [--kinds K,K] [--load off|on|both] [--visitors N]
       [--visitor-rate N] [--pace spaced|back-to-back|both] [--gap-ms N] [--memory-edits N] [--reuse]
       [--restart] [--build-only] [--full] [--compare]
       [--profile] [--site-in-process] [--work DIR]

How fast the publisher puts each kind of edit live, at scale, with and without visitors' load
(everything in .data/bench-publish/, or --work DIR; the top of scripts/bench/publish.ts says more).

  --scale N          items per large collection (default 1400, about 20,000 pages)
  --per-kind N       edits of each kind, each timed edit -> live (default 10)
  --kinds K,K        only these kinds (default all: article-update, article-newest, article-create, ...)
  --load MODE        visitors' load during the edits: off, on or both (default both)
  --visitors N       concurrent visitors (default 8), --visitor-rate N requests/s in all (200; 0 = flat out)
  --pace PACE        the edits spaced (each once the publisher is idle), back-to-back (--gap-ms apart,
                     waiting for nothing) or both (default both)
  --gap-ms N         milliseconds between edits back to back (default 1000)
  --memory-edits N   then N title edits: RSS after 50 and after N
  --reuse            keep the database and build of the last run (the build: if of the same scale and newer than src/)
  --restart          keep the last run's releases and start as a restart does
  --build-only       only the database and the build
  --full             also a full publish through the render path
  --compare          one astro build after the edits
  --profile          CPU profiles of the first edit after start (first-edit.cpuprofile) and
                     of the edits without visitors (edits.cpuprofile)
  --site-in-process  the site server in the publisher's process (to compare with its own)
  --work DIR         another folder inside the project
  -h, --help         this text

Environment: API_PORT, PUBLISHER_PORT, PORT (defaults 8817, 8818, 8819).`,
  options: {
    scale: { type: 'string' },
    'per-kind': { type: 'string' },
    kinds: { type: 'string' },
    load: { type: 'string' },
    visitors: { type: 'string' },
    'visitor-rate': { type: 'string' },
    pace: { type: 'string' },
    'gap-ms': { type: 'string' },
    'memory-edits': { type: 'string' },
    reuse: { type: 'boolean' },
    restart: { type: 'boolean' },
    'build-only': { type: 'boolean' },
    full: { type: 'boolean' },
    compare: { type: 'boolean' },
    profile: { type: 'boolean' },
    'site-in-process': { type: 'boolean' },
    work: { type: 'string' },
  },
});
const checked = loadEnv('bench:publish');
const cmd = { name: 'bench:publish' };
const scale = intOption(cmd, 'scale', values.scale, 1400, 1);
const perKind = intOption(cmd, 'per-kind', values['per-kind'], 10, 1);
const reuse = values.reuse === true;
const buildOnly = values['build-only'] === true;
const doFull = values.full === true;
const doCompare = values.compare === true;
const loadModes = ({ off: ['off'], on: ['on'], both: ['off', 'on'] } as Record<string, Array<'off' | 'on'>>)[
  values.load ?? 'both'
];
if (!loadModes) {
  console.error('bench:publish: --load must be off, on or both');
  process.exit(2);
}
const paces = (
  { spaced: ['spaced'], 'back-to-back': ['back-to-back'], both: ['spaced', 'back-to-back'] } as Record<
    string,
    Array<'spaced' | 'back-to-back'>
  >
)[values.pace ?? 'both'];
if (!paces) {
  console.error('bench:publish: --pace must be spaced, back-to-back or both');
  process.exit(2);
}
const gapMs = intOption(cmd, 'gap-ms', values['gap-ms'], 1000, 0);
const visitors = intOption(cmd, 'visitors', values.visitors, 8, 1);
const visitorRate = intOption(cmd, 'visitor-rate', values['visitor-rate'], 200, 0);
const memoryEdits = intOption(cmd, 'memory-edits', values['memory-edits'], 0, 0);
const apiPort = checked.API_PORT ?? 8817;
const publisherPort = checked.PUBLISHER_PORT ?? 8818;
const sitePort = checked.PORT ?? 8819;
/** `--work DIR` (inside the project) keeps a second bench's files apart, e.g. a quick run at another scale. */
const WORK = path.resolve(ROOT, values.work ?? '.data/bench-publish');
const SECRET = `whsec_${Buffer.from('bench-publish-secret-0123456789').toString('base64')}`;
const TOKEN = 'bench-editor-token';

const dbPath = path.join(WORK, `api-${scale}.sqlite`);
const renderPathDir = path.join(WORK, 'render-path');
const outDir = path.join(WORK, 'dist');
/** Which database (which scale) the kept build was made from: another scale's build is not kept. */
const builtFromFile = path.join(WORK, 'built-from');
const cacheDir = path.join(WORK, 'cache');
const publishDir = path.join(WORK, 'releases');
const config = path.join(WORK, 'astro.config.mjs');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** The 1-minute load average now, as `uptime` shows it. */
const load = () => loadavg()[0]!.toFixed(1);
const loads: Record<string, string> = {};
const noteLoad = (step: string) => {
  loads[step] = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`  (${step}: load average ${loads[step]} on ${cpus().length} cores)`);
};

let peakRss = 0;
// process.memoryUsage() walks the heap's spaces, a cost seen in a profile at 20 Hz; .rss() does not.
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);

if (!reuse) {
  rmSync(WORK, { recursive: true, force: true });
}
mkdirSync(WORK, { recursive: true });
/** `--restart`: keep the releases of the last run and start as a restart does (adopt the live one, catch up). */
const restart = values.restart === true && existsSync(path.join(publishDir, 'live'));
if (!restart) rmSync(publishDir, { recursive: true, force: true });

// In its own process, as `npm start` runs it (the agency's API is another machine): its CPU is
// added to the publisher's in the figures, its peak RSS reported beside the publisher's.
const api = await forkContentApi({
  host: '127.0.0.1',
  port: apiPort,
  dbPath,
  scale,
  editor: {
    token: TOKEN,
    webhookUrl: `http://127.0.0.1:${publisherPort}/hooks/content`,
    webhookSecret: SECRET,
    quiet: true,
  },
});
console.log(`reference API on ${api.url} (scale ${scale}, ${dbPath})`);

const build = async (label: string, { cold = false } = {}): Promise<number> => {
  writeFileSync(
    config,
    `import base from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'astro.config.mjs')).href)};\n` +
      `export default { ...base, outDir: ${JSON.stringify(outDir)}, cacheDir: ${JSON.stringify(cacheDir)} };\n`,
  );
  // Cold: a content layer cache from an earlier build (a kept build rebuilt for newer code) would
  // let the loaders skip the API, and the build would record none of the answers the publisher's
  // re-read starts from: the first edit after start would fetch every detail answer again.
  if (cold) rmSync(cacheDir, { recursive: true, force: true });
  const t = performance.now();
  const code = await buildSite({
    apiBaseUrl: api.url,
    args: ['--config', path.relative(ROOT, config)],
    env: { RENDER_PATH_DIR: renderPathDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (code !== 0) throw new Error(`${label} failed (exit ${code})`);
  writeFileSync(builtFromFile, path.basename(dbPath));
  const ms = performance.now() - t;
  console.log(`${label}: ${s(ms)}`);
  noteLoad(label);
  return ms;
};

/** CPU used so far (µs) by this process (the publisher) and the API's. */
const cpuNow = async () => {
  const { user, system } = process.cpuUsage();
  return user + system + (await api.usage()).cpuMicros;
};

const results: Record<string, unknown> = { scale, machine: `${cpus().length} cores`, loads };
noteLoad('start');
/** When a file of the site's code (src/, astro.config.mjs) last changed. */
const codeChangedAt = () =>
  Math.max(
    statSync(path.join(ROOT, 'astro.config.mjs')).mtimeMs,
    ...readdirSync(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => statSync(path.join(d.parentPath, d.name)).mtimeMs),
  );
/**
 * A kept build made against another API address (another API_PORT) would read that one, and one
 * older than the site's code would measure the code as it was: built again.
 */
const keptFor = async () => {
  try {
    const builtFrom = existsSync(builtFromFile) ? readFileSync(builtFromFile, 'utf8') : 'an unknown database';
    if (builtFrom !== path.basename(dbPath)) throw new Error(`built from ${builtFrom}, not ${path.basename(dbPath)}`);
    const { builtAt } = await checkRenderPath(renderPathDir, api.url);
    if (builtAt && Date.parse(builtAt) < codeChangedAt())
      throw new Error(`built at ${builtAt}, before the last change to src/ or astro.config.mjs`);
    return true;
  } catch (error) {
    console.log(`the kept build is not usable, building again: ${(error as Error).message}`);
    return false;
  }
};
if (!reuse || !(await keptFor()))
  results.coldBuildMs = await build('astro build, cold, keeping the render path', { cold: true });
// As `npm run build` does (scripts/site/build-site.ts): the twins with the build, not after the base release.
const twins = await precompressFolder(outDir);
console.log(`the build's Brotli/gzip twins: of ${twins.files} file(s), made in ${s(twins.ms)}`);
results.twinsMs = twins.ms;
if (buildOnly) {
  await api.close();
  clearInterval(sampler);
  process.exit(0);
}

const lines: string[] = [];
const saveLog = () => writeFileSync(path.join(WORK, 'publisher.log'), `${lines.join('\n')}\n`);
// A run that fails keeps the publisher's log too: it says where the publish stood.
process.on('exit', (code) => {
  if (code !== 0) saveLog();
});
const save = () => writeFileSync(path.join(WORK, 'results.json'), JSON.stringify(results, null, 2));

// The site server in its own process, as `npm start` runs it (it answers 503 until a release is live).
// `--site-in-process`: the site server in this process instead (to compare under visitors' load).
const siteInProcess = values['site-in-process'] === true;
const site = siteInProcess
  ? await startSiteServer({ root: publishDir, port: sitePort })
  : await forkSiteServer({ publishDir, port: sitePort });
const editor = (type: string, key: string, body?: unknown) =>
  fetch(`${api.url}/api/editor/${type}/${encodeURIComponent(key)}`, {
    method: body === undefined ? 'DELETE' : 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (res) => {
    if (!res.ok) throw new Error(`editor ${type} ${key}: ${res.status} ${await res.text()}`);
  });

// ---- start → ready, and the first edit after start ----
const db = new DatabaseSync(dbPath, { readOnly: true });
const articleSlugs = () =>
  (
    db.prepare('SELECT slug FROM articles WHERE is_page = 0 ORDER BY published_at DESC, id DESC').all() as Array<{
      slug: string;
    }>
  ).map((r) => r.slug);
const tStart = performance.now();
const publisher = await startPublisher({
  renderPathDir,
  baseDist: outDir,
  publishDir,
  secrets: [SECRET],
  insecureDev: false,
  host: '127.0.0.1',
  port: publisherPort,
  keepReleases: 5,
  publishBase: !restart,
  logger: memoryLogger(lines),
});
const p = publisher.publisher;
const baseLiveMs = performance.now() - tStart;
console.log(`start → ${restart ? 'the kept live release adopted' : 'base release live'}: ${s(baseLiveMs)}`);
/** The live release's folder, as the site server resolves it (one readlink; the store's live() reads its info file too). */
const liveId = async () => readlink(path.join(publishDir, 'live')).catch(() => null);
/**
 * Each switch of the live release as a watcher thread saw it (`live` read every 5 ms), with the
 * time. The edits are timed to the switch a visitor meets, not to when this process, which is
 * the publisher's too, gets to look: after a switch the publisher saves the release's page map
 * and works out the purge on this thread. The same thread sends the edits and looks at each
 * release as it goes live (live-watch.ts).
 */
const switches: Array<{ id: string | null; at: number }> = [];
const sent = new Map<number, { sentAt: number; answeredAt: number; error?: string }>();
const shown = new Map<number, { at: number; release: string }>();
const watcher = new Worker(new URL('./live-watch.ts', import.meta.url), { workerData: path.join(publishDir, 'live') });
watcher.on('message', (m: WatchMessage) => {
  if ('switch' in m) switches.push(m.switch);
  else if ('sent' in m) sent.set(m.sent.id, m.sent);
  else shown.set(m.shown.id, m.shown);
});
watcher.unref();
/** Now, on the clock the watcher's times are on. */
const now = () => performance.timeOrigin + performance.now();
/** The switches after `t` (watcher times), as soon as one is seen. */
async function switchesAfter(t: number, what: string) {
  for (;;) {
    const after = switches.filter((w) => w.at >= t);
    if (after.length > 0) return after;
    if (now() - t > 300_000) throw new Error(`${what}: not live after 300 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const firstSlug = articleSlugs()[Math.floor(articleSlugs().length / 3)]!;
const firstTitle = `Bench first edit ${Date.now()}`;
// `--profile`: the first edit's own CPU profile too (first-edit.cpuprofile), from the request to live.
const firstProfile = values.profile ? new Session() : null;
const postFirst = (method: string) =>
  new Promise<unknown>((resolve, reject) =>
    firstProfile!.post(method, {}, (err, result) => (err ? reject(err) : resolve(result))),
  );
if (firstProfile) {
  firstProfile.connect();
  await postFirst('Profiler.enable');
  await postFirst('Profiler.start');
}
const tFirst = now();
await editor('article', firstSlug, { en: { title: firstTitle } });
for (;;) {
  const html = await (await fetch(`${site.url}/en/article/${firstSlug}/`)).text();
  if (html.includes(firstTitle)) break;
  if (now() - tFirst > 900_000) throw new Error('the first edit was not live after 900 s');
  await new Promise((r) => setTimeout(r, 50));
}
// The first release since the edit was sent whose page shows it (a catch-up's may come before).
const firstPage = (id: string | null) => {
  try {
    return readFileSync(path.join(publishDir, 'releases', id ?? '-', 'en/article', firstSlug, 'index.html'), 'utf8');
  } catch {
    return ''; // pruned since (five releases are kept): not the first
  }
};
const firstLive = (await switchesAfter(tFirst, 'the first edit')).find((w) => firstPage(w.id).includes(firstTitle));
if (!firstLive) throw new Error('the first edit: no switch seen to a release that shows it');
const firstEditMs = firstLive.at - tFirst;
if (firstProfile) {
  const { profile: cpu } = (await postFirst('Profiler.stop')) as { profile: unknown };
  writeFileSync(path.join(WORK, 'first-edit.cpuprofile'), JSON.stringify(cpu));
  firstProfile.disconnect();
}
console.log(`first edit after start (sent when the base release was live): live after ${s(firstEditMs)}`);
await p.idle();
// Ready as /status says it (main.ts): the catch-up done and the spare copies edits stage on made.
await p.store.sparesReady?.();
const readyMs = performance.now() - tStart;
console.log(
  `start → ready (the catch-up after the base release done, the first edit included, the spare copies made): ${s(readyMs)}`,
);
noteLoad('start → ready');
results.start = { restart, baseLiveMs, firstEditMs, readyMs };
const pages = (await p.rp.paths()).length;
results.pages = pages;
console.log(`${pages} pages`);
if (doFull) {
  const full = await p.publishFull();
  results.fullPublish = { ms: full.durationMs, pagesPerS: pages / (full.durationMs / 1000), stages: full.stages };
  console.log(
    `full publish through the render path: ${pages} pages in ${s(full.durationMs)} (${(pages / (full.durationMs / 1000)).toFixed(0)} pages/s)`,
  );
  noteLoad('full publish');
}
save();

/** With `node --expose-gc`: the memory after a full GC (what stays, not garbage). */
const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  gc?.();
  const m = process.memoryUsage();
  return { heapUsedMb: Math.round(m.heapUsed / 1048576), rssMb: Math.round(m.rss / 1048576) };
};

// ---- the kinds of edits ----
interface Edit {
  type: string;
  key: string;
  body?: unknown;
  /** The page that shows it, and what it must show (or not) once live, on the site server. */
  check?: { path: string; has?: string; status?: number };
  /** What a release must show for the edit to be live (edit-timing.ts); none: any release after it. */
  pages: PageCheck[];
}
/** Records of a type in list order (newest first), from the API's database. */
const keysOf = (sql: string) => (db.prepare(sql).all() as Array<{ k: string | number }>).map((r) => String(r.k));
const spread = <T>(xs: T[], n: number, offset: number) =>
  Array.from({ length: n }, (_, i) => xs[Math.floor(((i + offset / 7) * xs.length) / n) % xs.length]!);
let stamps = 0;
const stamp = () => `${Date.now().toString(36)}-${stamps++}`;
let created: Record<string, string[]> = {};
/** A page of the live release ('' when it has none). */
const liveHtml = (at: string) => {
  try {
    return readFileSync(path.join(publishDir, 'live', at, 'index.html'), 'utf8');
  } catch {
    return '';
  }
};
/** The Thai path and its English version. */
const both = (at: string) => [at, `/en${at}`] as const;
/**
 * The pages an edit of the record at `detail` (Thai path) must show: both language versions of
 * its page, and of the first list page `list` where the record is on it now. A new record (`from`:
 * the Thai path of the record it is made from, the editor endpoint copies the last one made)
 * goes where that one is: on the first list page if it is there.
 */
function pagesOf(
  detail: string,
  list: string,
  change: { title: string; from?: string } | { gone: true } | { back: true },
): PageCheck[] {
  const pages: PageCheck[] = both(detail).map((at) =>
    'title' in change
      ? { path: at, has: change.title }
      : 'gone' in change
        ? { path: at, gone: true }
        : { path: at, has: '' },
  );
  both(list).forEach((at, i) => {
    const link = `href="${both(('from' in change && change.from) || detail)[i]}"`;
    // Later creates may push it to the next page meanwhile.
    if ('title' in change && liveHtml(at).includes(link))
      pages.push({ path: at, has: change.title, or: [`${at}page/2/`] });
    else if ('gone' in change && liveHtml(at).includes(link)) pages.push({ path: at, lacks: link });
  });
  return pages;
}
/** The key of the last record made in `table`: the one a new record is made from. */
const lastMade = (table: string, key: string) =>
  String((db.prepare(`SELECT ${key} AS k FROM ${table} ORDER BY rowid DESC LIMIT 1`).get() as { k: unknown }).k);
/**
 * Laws have no page: both language versions of the list page that shows the law now (a new law:
 * the first list page, if the law it is made from is there).
 */
function lawPages(id: string, title: string, { isNew = false } = {}): PageCheck[] {
  for (let n = 1; n < (isNew ? 2 : 10_000); n++) {
    const at = n === 1 ? '/laws/' : `/laws/page/${n}/`;
    const html = liveHtml(`/en${at}`);
    if (!html) break;
    // Laws made meanwhile may push it to the next page.
    if (html.includes(`id="law-${id}"`))
      return both(at).map((p, i) => ({ path: p, has: title, or: [`${i ? '/en' : ''}/laws/page/${n + 1}/`] }));
  }
  return [];
}
/** An article's title changed in both languages: its page and the list that shows it. */
const articleTitleEdit = (slug: string, title: string): Edit => ({
  type: 'article',
  key: slug,
  body: { th: { title }, en: { title } },
  check: { path: `/en/article/${slug}/`, has: title },
  pages: pagesOf(`/article/${slug}/`, '/articles/', { title }),
});
const KINDS: Record<string, (i: number) => Edit> = {
  'article-update': (i) => {
    const slug = spread(articleSlugs(), perKind, 1)[i]!;
    return articleTitleEdit(slug, `Bench update ${stamp()}`);
  },
  // The newest articles: the most often corrected, once in the related items of a whole category.
  'article-newest': (i) => {
    return articleTitleEdit(articleSlugs()[i % 5]!, `Bench newest ${stamp()}`);
  },
  'article-create': () => {
    const slug = `bench-new-${stamp()}`;
    (created.article ??= []).push(slug);
    const title = `Bench new ${slug}`;
    return {
      type: 'article',
      key: slug,
      body: { th: { title }, en: { title } },
      check: { path: `/en/article/${slug}/`, has: title },
      pages: pagesOf(`/article/${slug}/`, '/articles/', { title, from: `/article/${lastMade('articles', 'slug')}/` }),
    };
  },
  'article-delete': (i) => {
    const slug = spread(articleSlugs(), perKind, 2)[i]!;
    return {
      type: 'article',
      key: slug,
      check: { path: `/en/article/${slug}/`, status: 404 },
      pages: pagesOf(`/article/${slug}/`, '/articles/', { gone: true }),
    };
  },
  'article-unpublish': (i) => {
    const slug = spread(articleSlugs(), perKind, 3)[i]!;
    (created.unpublished ??= []).push(slug);
    return {
      type: 'article',
      key: slug,
      body: { published: false },
      check: { path: `/en/article/${slug}/`, status: 404 },
      pages: pagesOf(`/article/${slug}/`, '/articles/', { gone: true }),
    };
  },
  'article-republish': (i) => {
    const slug = created.unpublished![i]!;
    return {
      type: 'article',
      key: slug,
      body: { published: true },
      check: { path: `/en/article/${slug}/`, status: 200 },
      pages: pagesOf(`/article/${slug}/`, '/articles/', { back: true }),
    };
  },
  // The article's page links its category (breadcrumb, details).
  'article-category': (i) => {
    const slug = spread(articleSlugs(), perKind, 4)[i]!;
    const row = db.prepare('SELECT category_id AS c FROM articles WHERE slug = ?').get(slug) as { c: number };
    const cats = db.prepare("SELECT id, slug FROM categories WHERE area = 'article' ORDER BY sort").all() as Array<{
      id: number;
      slug: string;
    }>;
    const to = cats.find((c) => c.id !== row.c)!;
    return {
      type: 'article',
      key: slug,
      body: { category: to.id },
      pages: both(`/article/${slug}/`).map((at, n) => ({
        path: at,
        has: `href="${n ? '/en' : ''}/articles/category/${to.slug}/"`,
      })),
    };
  },
  'activity-update': (i) => {
    const id = spread(keysOf('SELECT id AS k FROM activities ORDER BY start_date DESC, id DESC'), perKind, 1)[i]!;
    const title = `Bench activity ${stamp()}`;
    return {
      type: 'activity',
      key: id,
      body: { th: { title }, en: { title } },
      check: { path: `/en/activity/${id}/`, has: title },
      pages: pagesOf(`/activity/${id}/`, '/activities/', { title }),
    };
  },
  'activity-create': (i) => {
    const id = String(Number(keysOf('SELECT MAX(id) AS k FROM activities')[0]) + 1000 + i);
    const title = `Bench new activity ${stamp()}`;
    return {
      type: 'activity',
      key: id,
      body: { th: { title }, en: { title } },
      check: { path: `/en/activity/${id}/`, has: title },
      pages: pagesOf(`/activity/${id}/`, '/activities/', { title, from: `/activity/${lastMade('activities', 'id')}/` }),
    };
  },
  'activity-delete': (i) => {
    const id = spread(keysOf('SELECT id AS k FROM activities ORDER BY start_date DESC, id DESC'), perKind, 2)[i]!;
    return {
      type: 'activity',
      key: id,
      check: { path: `/en/activity/${id}/`, status: 404 },
      pages: pagesOf(`/activity/${id}/`, '/activities/', { gone: true }),
    };
  },
  'law-update': (i) => {
    const id = spread(keysOf('SELECT id AS k FROM laws ORDER BY id'), perKind, 1)[i]!;
    const title = `Bench law ${stamp()}`;
    return { type: 'law', key: id, body: { th: { title }, en: { title } }, pages: lawPages(id, title) };
  },
  'law-create': (i) => {
    const id = String(Number(keysOf('SELECT MAX(id) AS k FROM laws')[0]) + 1000 + i);
    const title = `Bench new law ${stamp()}`;
    return {
      type: 'law',
      key: id,
      body: { th: { title }, en: { title } },
      pages: lawPages(lastMade('laws', 'id'), title, { isNew: true }),
    };
  },
  'procurement-update': (i) => {
    const uuid = spread(keysOf('SELECT uuid AS k FROM purchases ORDER BY announced_at DESC, uuid DESC'), perKind, 1)[
      i
    ]!;
    const title = `Bench notice ${stamp()}`;
    return {
      type: 'procurement',
      key: uuid,
      body: { th: { title }, en: { title } },
      check: { path: `/en/procurement/${uuid}/`, has: title },
      pages: pagesOf(`/procurement/${uuid}/`, '/procurement/', { title }),
    };
  },
  'procurement-create': () => {
    const uuid = `bench-${stamp()}-${Math.random().toString(36).slice(2, 8)}`;
    const title = `Bench new notice ${uuid}`;
    return {
      type: 'procurement',
      key: uuid,
      body: { th: { title }, en: { title } },
      check: { path: `/en/procurement/${uuid}/`, has: title },
      pages: pagesOf(`/procurement/${uuid}/`, '/procurement/', {
        title,
        from: `/procurement/${lastMade('purchases', 'uuid')}/`,
      }),
    };
  },
  'procurement-delete': (i) => {
    const uuid = spread(keysOf('SELECT uuid AS k FROM purchases ORDER BY announced_at DESC, uuid DESC'), perKind, 2)[
      i
    ]!;
    return {
      type: 'procurement',
      key: uuid,
      check: { path: `/en/procurement/${uuid}/`, status: 404 },
      pages: pagesOf(`/procurement/${uuid}/`, '/procurement/', { gone: true }),
    };
  },
  // The quick menu and the footer: in every page's shell (an English edit: the English pages).
  'menu-update': () => {
    const doc = JSON.parse(
      (db.prepare("SELECT json_en AS k FROM documents WHERE key = 'quick-menu'").get() as { k: string }).k,
    ) as Array<Record<string, unknown>>;
    // A list: the editor endpoint merges fields, here its first item.
    const title = `Register online ${stamp()}`;
    return {
      type: 'menu',
      key: 'quick-menu',
      body: { en: { '0': { ...doc[0], title } } },
      check: { path: '/en/', has: title },
      pages: [{ path: '/en/', has: title }],
    };
  },
  'footer-update': () => {
    const hours = `Monday–Friday 8:30–16:30 (${stamp()})`;
    return {
      type: 'menu',
      key: 'footer',
      body: { en: { hours } },
      check: { path: '/en/', has: hours },
      pages: [{ path: '/en/', has: hours }],
    };
  },
};
const wanted = (values.kinds ?? Object.keys(KINDS).join(',')).split(',');
for (const k of wanted)
  if (!KINDS[k]) {
    console.error(`bench:publish: unknown kind ${k} (${Object.keys(KINDS).join(', ')})`);
    process.exit(2);
  }

interface Measured {
  kind: string;
  ms: number;
  /** Request sent → the editor endpoint's answer (the publisher's webhook answered). */
  answerMs: number;
  publishMs: number;
  cpuMs: number;
  rendered: number;
  removed: number;
  requests: number | undefined;
  stages: Record<string, number>;
  load: string;
}
/**
 * Sends `edits` to the editor endpoint `gap` ms apart from the watcher's thread (none waits for
 * anything), and resolves with each one's time from the answer to the first switch to a release
 * that shows it (live-watch.ts).
 */
async function timeEdits(
  edits: Array<{ what: string; e: Edit }>,
  gap: number,
): Promise<Array<{ ms: number; answerMs: number; sentAt: number; release: string }>> {
  const ids = edits.map(() => nextId++);
  const toSend: EditToSend[] = edits.map(({ e }, i) => ({
    id: ids[i]!,
    url: `${api.url}/api/editor/${e.type}/${encodeURIComponent(e.key)}`,
    method: e.body === undefined ? 'DELETE' : 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(e.body === undefined ? {} : { body: JSON.stringify(e.body) }),
    record: `${e.type}/${e.key}`,
    pages: e.pages,
  }));
  watcher.postMessage({ send: { gapMs: gap, edits: toSend } });
  const until = async <T>(get: () => T | undefined, deadline: () => number, what: () => string): Promise<T> => {
    for (;;) {
      const v = get();
      if (v !== undefined) return v;
      if (now() > deadline()) throw new Error(what());
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const t = now();
  return Promise.all(
    ids.map(async (id, i) => {
      const { what } = edits[i]!;
      const answer = await until(
        () => sent.get(id),
        () => t + i * gap + 300_000,
        () => `${what}: no answer after 300 s`,
      );
      if (answer.error) throw new Error(`editor ${what}: ${answer.error}`);
      // Not live in 300 s: counted as never (the figures say so), the rest measured all the same.
      const live = await until(
        () => shown.get(id),
        () => answer.answeredAt + 300_000,
        () =>
          `${what}: not live after 300 s; the live release lacks it on ${
            edits[i]!.e.pages.filter((c) => !releaseShows(path.join(publishDir, 'live'), [c]))
              .map((c) => c.path)
              .join(', ') || 'no page (a release since shows it)'
          }`,
      ).catch((error: Error) => {
        console.log(error.message);
        lines.push(`bench: ${error.message}`);
        return { at: Infinity, release: '' };
      });
      sent.delete(id);
      shown.delete(id);
      return {
        ms: live.at - answer.answeredAt,
        answerMs: answer.answeredAt - answer.sentAt,
        sentAt: answer.sentAt,
        release: live.release,
      };
    }),
  );
}
let nextId = 0;
/** What the edit's page lacks on the site server, or '' when it shows the edit. */
async function checkEdit(kind: string, e: Edit): Promise<string> {
  const { path: at, status, has } = e.check!;
  const res = await fetch(`${site.url}${at}`);
  const html = await res.text();
  if (status !== undefined && res.status !== status)
    return `${kind} ${e.key}: ${at} answered ${res.status}, not ${status}`;
  if (has && !html.includes(has)) return `${kind} ${e.key}: ${at} lacks the edit`;
  return '';
}
/**
 * One edit, spaced: sent once the publisher is idle, timed to the first release that shows it. A
 * menu edit's second release (every other page of its language: minutes at 72,000 pages) is not
 * waited for (`wide`): the next edit comes while it renders, as an editor's would, and stops it;
 * its CPU is counted to the end of the edit's first publish.
 */
async function runEdit(kind: string, e: Edit, { wide = false } = {}): Promise<Measured> {
  if (!wide) await p.idle();
  const total = p.stats.total;
  const cpu = await cpuNow();
  const [timed] = await timeEdits([{ what: `${kind} ${e.key}`, e }], 0);
  // The page the editor looks at shows the edit in the release timed (not only once all are out).
  const notShown = e.check && (await checkEdit(kind, e));
  if (notShown) lines.push(`bench: ${kind} ${e.key}: not in the first release: ${notShown}`);
  if (wide) {
    const at = await liveId(); // releases/<id>
    // Its publish ended (or the rest is live already).
    while (p.last?.release !== path.basename(at ?? '') && (await liveId()) === at)
      await new Promise((r) => setTimeout(r, 25));
  } else await p.idle();
  const usedMs = ((await cpuNow()) - cpu) / 1000;
  const missing = e.check && (await checkEdit(kind, e));
  if (missing) throw new Error(missing);
  const last = p.last!;
  if (p.stats.total - total > 1) lines.push(`bench: ${kind} ${e.key} took ${p.stats.total - total} publishes`);
  return {
    kind,
    ms: timed!.ms,
    answerMs: timed!.answerMs,
    publishMs: last.durationMs,
    cpuMs: usedMs,
    rendered: last.rendered,
    removed: last.removed,
    requests: last.requests,
    stages: { ...last.stages, paths: last.pathsMs ?? 0 },
    load: load(),
  };
}
const summary = (group: Measured[]) => ({
  medianCpuMs: Math.round(median(group.map((e) => e.cpuMs))),
  stagesMedianMs: Object.fromEntries(
    Object.keys(group[0]?.stages ?? {}).map((k) => [k, Math.round(median(group.map((e) => e.stages[k]!)))]),
  ),
  rendered: [Math.min(...group.map((e) => e.rendered)), Math.max(...group.map((e) => e.rendered))],
  requests: [Math.min(...group.map((e) => e.requests ?? 0)), Math.max(...group.map((e) => e.requests ?? 0))],
});

/**
 * The first switch after `t` to a release in which 40 English pages spread over the sitemap all
 * contain `has`, looked at as the switches come (five releases are kept) until `idle` resolves;
 * undefined when none after `t` did (they showed it already).
 */
async function firstEveryPage(t: number, has: string, idle: () => Promise<void>): Promise<number | undefined> {
  const english = visitorPaths({}).filter((u) => u.startsWith('/en/'));
  const sample = Array.from({ length: 40 }, (_, i) => english[Math.floor((i * english.length) / 40)]!);
  const shows = (id: string | null, u: string) => {
    try {
      return readFileSync(path.join(publishDir, 'releases', id ?? '-', u, 'index.html'), 'utf8').includes(has);
    } catch {
      return false;
    }
  };
  let done = false;
  const idled = idle().then(() => (done = true));
  const seen = new Set<string | null>();
  for (;;) {
    for (const w of switches.filter((w) => w.at >= t && !seen.has(w.id))) {
      seen.add(w.id);
      if (sample.every((u) => shows(w.id, u))) return w.at;
    }
    if (done) return undefined;
    await Promise.race([idled, new Promise((r) => setTimeout(r, 100))]);
  }
}

/** The sitemap's pages, without those the bench deletes or unpublishes and the last list pages (a deletion may remove them). */
function visitorPaths(planned: Record<string, Edit[]>): string[] {
  const live = path.join(publishDir, 'live');
  const urls = readdirSync(live)
    .filter((f) => /^sitemap-\d+\.xml$/.test(f))
    .flatMap((f) =>
      [...readFileSync(path.join(live, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => new URL(m[1]!).pathname,
      ),
    );
  const doomed = new Set(
    Object.entries(planned)
      .filter(([k]) => /delete|unpublish/.test(k))
      .flatMap(([, edits]) => edits.map((e) => e.check?.path)),
  );
  const lastPage = new Map<string, number>();
  for (const u of urls) {
    const m = /^(.*\/page\/)(\d+)\/$/.exec(u);
    if (m) lastPage.set(m[1]!, Math.max(lastPage.get(m[1]!) ?? 0, Number(m[2])));
  }
  return urls.filter((u) => {
    const m = /^(.*\/page\/)(\d+)\/$/.exec(u);
    if (m && Number(m[2]) >= lastPage.get(m[1]!)! - 2) return false;
    return !doomed.has(u) && !doomed.has(u.replace(/^\/(?!en\/)/, '/en/'));
  });
}
interface Window {
  gets: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  failed: number;
  statuses: Record<string, number>;
}
async function startVisitors(planned: Record<string, Edit[]>): Promise<{ window(): Promise<Window>; stop(): void }> {
  const file = path.join(WORK, 'visitor-paths.json');
  const paths = visitorPaths(planned);
  writeFileSync(file, JSON.stringify(paths));
  const child: ChildProcess = fork(
    fileURLToPath(new URL('./visitors.ts', import.meta.url)),
    [site.url, file, String(visitors), String(visitorRate)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  await new Promise((resolve) => child.once('message', resolve));
  console.log(
    `visitors: ${visitors} clients over ${paths.length} pages of the sitemap${visitorRate ? `, ${visitorRate} requests/s in all` : ''}`,
  );
  return {
    window: () =>
      new Promise<Window>((resolve) => {
        child.once('message', (m) => resolve(m as Window));
        child.send('window');
      }),
    stop: () => child.send('stop'),
  };
}

/** `--profile`: a CPU profile of the publisher's process over the edits without visitors. */
const profile = values.profile ? new Session() : null;
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    profile!.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))),
  );
const phases: Record<string, unknown> = {};
const perEdit: Measured[] = [];
/** Each phase's figures against the goal, printed again at the end. */
const verdicts: Array<{ label: string; figures: ModeFigures }> = [];
for (const mode of loadModes)
  for (const pace of paces) {
    const label = `${pace === 'spaced' ? 'spaced' : `back to back, ${gapMs / 1000} s apart`}, load ${mode}`;
    created = {};
    // Every edit of the phase chosen first (the records to delete or unpublish known before the
    // visitors start: they do not ask for those pages).
    await p.idle();
    const planned: Record<string, Edit[]> = Object.fromEntries(
      wanted.map((k) => [k, Array.from({ length: perKind }, (_, i) => KINDS[k]!(i))]),
    );
    const crowd = mode === 'on' ? await startVisitors(planned) : null;
    let before: Window | null = null;
    if (crowd) {
      await crowd.window();
      await new Promise((r) => setTimeout(r, 15_000));
      before = await crowd.window();
      console.log(
        `visitors before the edits (15 s): ${before.gets} GETs, p50 ${Math.round(before.p50Ms)} ms, p95 ${Math.round(before.p95Ms)} ms, failed ${before.failed}`,
      );
    }
    const profiled = profile && mode === 'off' && pace === paces[0];
    if (profiled) {
      profile.connect();
      await post('Profiler.enable');
      await post('Profiler.start');
    }
    let figures: ModeFigures;
    const phase: Record<string, unknown> = {};
    if (pace === 'spaced') {
      const kinds: Record<string, KindFigures & ReturnType<typeof summary>> = {};
      const times: Array<{ kind: string; ms: number }> = [];
      for (const kind of wanted) {
        const group: Measured[] = [];
        const wide = /^(menu|footer)-/.test(kind); // on every page: the rest of each edit is not waited for
        for (const edit of planned[kind]!) {
          const m = await runEdit(kind, edit, { wide });
          group.push(m);
          times.push({ kind, ms: m.ms });
          perEdit.push({ ...m, kind: `${kind} (${label})` });
        }
        if (wide) {
          const t = now();
          // Every page shows it at the first switch whose release shows it on 40 pages across the
          // English sitemap; their twins (made after, ../publisher/stages/render.ts `twinsOwed`) are
          // in by the last switch; idle after the spare copies that follow.
          const has = planned[kind]!.at(-1)!.check!.has!;
          const everyAt = await firstEveryPage(t, has, () => p.idle());
          await p.idle();
          const last = switches.filter((w) => w.at >= t).at(-1);
          const s = (at: number | undefined) => (at === undefined ? 'already' : `${((at - t) / 1000).toFixed(1)} s`);
          console.log(
            `[${label}] ${kind}: every page of the last edit live ${s(everyAt)} later, its twins ${s(last?.at)} later (the publisher idle ${((now() - t) / 1000).toFixed(1)} s later)`,
          );
        }
        const g = summary(group);
        const f = summarize(
          group.map((m) => ({ kind, ms: m.ms })),
          pages,
        );
        kinds[kind] = { ...f.kinds[0]!, ...g };
        console.log(
          `[${label}] ${reportLines(label, f)[0]!.trim()}; pages rendered ${g.rendered.join('–')}; requests ${g.requests.join('–')}; CPU median ${g.medianCpuMs} ms; stages ${JSON.stringify(g.stagesMedianMs)}; load ${load()}`,
        );
        saveLog();
      }
      figures = summarize(times, pages);
      phase.kinds = kinds;
    } else {
      // One stream of every kind's edits, in the order of the kinds.
      const stream = wanted.flatMap((kind) => planned[kind]!.map((e) => ({ kind, e, what: `${kind} ${e.key}` })));
      const total = p.stats.total;
      const cpu = await cpuNow();
      const t = now();
      console.log(`[${label}] ${stream.length} edits of ${wanted.length} kinds, one every ${gapMs} ms`);
      const timed = await timeEdits(stream, gapMs);
      const lastSent = Math.max(...timed.map((x) => x.sentAt));
      await p.idle();
      const idleMs = now() - lastSent;
      const usedS = ((await cpuNow()) - cpu) / 1e6;
      const times = timed.map((x, i) => ({ kind: stream[i]!.kind, ms: x.ms }));
      figures = summarize(times, pages);
      for (const line of reportLines(`[${label}]`, figures).slice(0, -1)) console.log(`[${label}]${line.slice(1)}`);
      const answers = timed.map((x) => x.answerMs);
      console.log(
        `[${label}] sent over ${((lastSent - t) / 1000).toFixed(1)} s; the editor endpoint answered in ${Math.round(median(answers))} ms (median), ${Math.round(Math.max(...answers))} ms at worst; ${p.stats.total - total} publishes; the publisher idle ${(idleMs / 1000).toFixed(1)} s after the last edit was sent; CPU ${usedS.toFixed(1)} s (publisher and API); load ${load()}`,
      );
      phase.kinds = figures.kinds;
      phase.publishes = p.stats.total - total;
      phase.answerMs = { median: Math.round(median(answers)), worst: Math.round(Math.max(...answers)) };
      phase.perEdit = timed.map((x, i) => ({ kind: stream[i]!.kind, key: stream[i]!.e.key, ...x }));
      saveLog();
    }
    for (const line of reportLines(label, figures).slice(-1)) console.log(line);
    verdicts.push({ label, figures });
    const during = crowd ? await crowd.window() : null;
    if (crowd && during) {
      console.log(
        `visitors during the edits: ${during.gets} GETs, p50 ${Math.round(during.p50Ms)} ms, p95 ${Math.round(during.p95Ms)} ms, p99 ${Math.round(during.p99Ms)} ms, failed ${during.failed} ${JSON.stringify(during.statuses)}`,
      );
      crowd.stop();
    }
    if (profiled) {
      const { profile: cpu } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(path.join(WORK, 'edits.cpuprofile'), JSON.stringify(cpu));
      profile.disconnect();
      console.log(
        `CPU profile of the edits without visitors: ${path.relative(ROOT, path.join(WORK, 'edits.cpuprofile'))}`,
      );
    }
    noteLoad(`edits, ${label}`);
    phases[label] = { ...phase, overall: figures, visitors: crowd ? { before, during } : null };
    results.edits = { phases, perEdit };
    save();
  }
if (verdicts.length > 0) {
  console.log(`edit → live, ${pages} pages:`);
  for (const v of verdicts) console.log(`  ${reportLines(v.label, v.figures).at(-1)}`);
}

// ---- memory over many edits ----
if (memoryEdits > 0) {
  const rss: Record<string, ReturnType<typeof memory>> = {};
  const slugs = articleSlugs();
  for (let i = 1; i <= memoryEdits; i++) {
    const slug = slugs[(i * 37) % slugs.length]!;
    await runEdit('memory', {
      type: 'article',
      key: slug,
      body: { en: { title: `Bench memory ${i} ${stamp()}` } },
      pages: [],
    });
    if (i === 50 || i === memoryEdits) {
      rss[i] = memory();
      console.log(`after ${i} edits: ${JSON.stringify(rss[i])}`);
    }
  }
  const growth = rss[memoryEdits]!.rssMb / rss[50]!.rssMb - 1;
  results.memory = { rss, growthPercent: Math.round(growth * 1000) / 10 };
  console.log(`RSS after ${memoryEdits} edits vs after 50: ${(growth * 100).toFixed(1)} %`);
  noteLoad('memory edits');
}

// ---- an idle scheduled re-read ----
const schedule = new Schedule({
  publisher: p,
  collections: () => p.rp.collections(),
  markStale,
  file: path.join(publishDir, 'boundaries.json'),
  intervalMs: 0,
});
await schedule.start();
const rereads: Array<Record<string, unknown>> = [];
for (const label of ['right after the edits', 'idle (nothing changed)']) {
  const cpu = await cpuNow();
  const t = performance.now();
  const found = await schedule.rereadNow();
  const usedMicros = (await cpuNow()) - cpu;
  const r = {
    label,
    found,
    ms: Math.round(performance.now() - t),
    requests: p.last?.requests,
    cpuS: Math.round(usedMicros / 1e4) / 100,
    rendered: p.last?.rendered,
  };
  rereads.push(r);
  console.log(
    `scheduled re-read ${label}: found ${found}, ${r.requests} requests, ${r.ms} ms, CPU ${r.cpuS} s (publisher and API), ${r.rendered} pages rendered`,
  );
}
schedule.stop();
results.scheduledRereads = rereads;
results.boundariesAhead = schedule.boundaries.length;
noteLoad('scheduled re-reads');

results.peakRssMb = Math.round(peakRss / 1048576);
results.apiPeakRssMb = (await api.usage()).maxRssMb;
console.log(`publisher process peak RSS ${results.peakRssMb} MB (the API's process: ${results.apiPeakRssMb} MB)`);
saveLog();
await site.close();
await publisher.close();
db.close();
save();
if (doCompare) {
  results.buildAfterEditsMs = await build('astro build after the edits');
  save();
}
await api.close();
clearInterval(sampler);
save();
console.log(`results in ${path.relative(ROOT, path.join(WORK, 'results.json'))}`);
