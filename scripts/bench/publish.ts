/**
 * `npm run bench:publish`: how fast the publisher puts an edit live, at scale.
 *
 *   npm run bench:publish                          --scale 1400 (about 20,000 pages), 20 edits
 *   npm run bench:publish -- --scale 50 --edits 5  a quick run
 *   npm run bench:publish -- --reuse               keep the database and build of the last run
 *   npm run bench:publish -- --build-only          only the database and the build
 *   npm run bench:publish -- --skip-full           no full publish (the edits only)
 *   npm run bench:publish -- --newest 5            after the spread edits, edit the 5 newest articles
 *                                                  (the worst case: each is among the related items of
 *                                                  its whole category; default 5, 0 for none)
 *   node --expose-gc scripts/bench/publish.ts …    also the live heap after a full GC per edit
 *   npm run bench:publish -- --skip-compare        no `astro build` at the end
 *
 * Everything lives in .data/bench-publish/ (the render path must sit inside the project so its
 * bundle resolves the project's packages). Ports come from API_PORT, PUBLISHER_PORT and PORT
 * (defaults 8817, 8818, 8819).
 *
 * 1. The reference API on a database seeded at `scale`, with its editor endpoint wired to the
 *    publisher; `astro build` with the render path kept (cold, its own cache): the build time.
 * 2. The publisher takes the build as its base release, then a full publish renders every page
 *    through the warm render path: time and pages/s.
 * 3. `edits` single edits of different articles' titles through the editor endpoint (signed
 *    webhook → publisher → new release); each timed from the edit request sent to the new title
 *    served by the site server (sirv over the live release), polled every 25 ms. Pages
 *    rendered per edit and the stages from /status; the process's peak memory.
 * 4. For comparison, one `astro build` after those edits (a full build: the project keeps no
 *    incremental build cache, README "Decisions").
 *
 * Each step prints the machine's load average (others share its cores: read figures with it).
 * The publisher's log goes to .data/bench-publish/publisher.log, the figures to results.json.
 */
import { existsSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSite } from '../site/build-site.ts';
import { startEmbeddedApi } from '../site/embedded-api.ts';
import { startPublisher } from '../publisher/main.ts';
import { memoryLogger } from '../publisher/log.ts';
import { startSiteServer } from '../publisher/site-server.ts';
import type { PublishStats } from '../publisher/publisher.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORK = path.join(ROOT, '.data/bench-publish');

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const scale = option('--scale', 1400);
const edits = option('--edits', 20);
const reuse = process.argv.includes('--reuse');
const buildOnly = process.argv.includes('--build-only');
const skipFull = process.argv.includes('--skip-full');
const skipCompare = process.argv.includes('--skip-compare');
const env = process.env;
const apiPort = Number(env.API_PORT || 8817);
const publisherPort = Number(env.PUBLISHER_PORT || 8818);
const sitePort = Number(env.PORT || 8819);
const SECRET = `whsec_${Buffer.from('bench-publish-secret-0123456789').toString('base64')}`;
const TOKEN = 'bench-editor-token';

const dbPath = path.join(WORK, `api-${scale}.sqlite`);
const renderPathDir = path.join(WORK, 'render-path');
const outDir = path.join(WORK, 'dist');
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
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

if (!reuse) {
  rmSync(WORK, { recursive: true, force: true });
}
mkdirSync(WORK, { recursive: true });
rmSync(publishDir, { recursive: true, force: true });

const api = await startEmbeddedApi({
  host: '127.0.0.1',
  port: apiPort,
  dbPath,
  scale,
  editor: {
    token: TOKEN,
    webhookUrl: `http://127.0.0.1:${publisherPort}/hooks/content`,
    webhookSecret: SECRET,
    log: () => {},
  },
});
console.log(`reference API on ${api.url} (scale ${scale}, ${dbPath})`);

const build = async (label: string): Promise<number> => {
  writeFileSync(
    config,
    `import base from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'astro.config.mjs')).href)};\n` +
      `export default { ...base, outDir: ${JSON.stringify(outDir)}, cacheDir: ${JSON.stringify(cacheDir)} };\n`,
  );
  const t = performance.now();
  const code = await buildSite({
    apiBaseUrl: api.url,
    args: ['--config', path.relative(ROOT, config)],
    env: { RENDER_PATH_DIR: renderPathDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (code !== 0) throw new Error(`${label} failed (exit ${code})`);
  const ms = performance.now() - t;
  console.log(`${label}: ${s(ms)}`);
  noteLoad(label);
  return ms;
};

const results: Record<string, unknown> = { scale, machine: `${cpus().length} cores`, loads };
noteLoad('start');
if (!reuse || !existsSync(path.join(renderPathDir, 'render-path.json')))
  results.coldBuildMs = await build('astro build, cold, keeping the render path');
if (buildOnly) {
  await api.close();
  clearInterval(sampler);
  process.exit(0);
}

const lines: string[] = [];
const publisher = await startPublisher({
  renderPathDir,
  baseDist: outDir,
  publishDir,
  secrets: [SECRET],
  insecureDev: false,
  host: '127.0.0.1',
  port: publisherPort,
  keepReleases: 5,
  publishBase: true,
  logger: memoryLogger(lines),
});
const saveLog = () => writeFileSync(path.join(WORK, 'publisher.log'), `${lines.join('\n')}\n`);
console.log(
  `base release published (${s(publisher.publisher.last?.durationMs ?? 0)}; its twins come with the next publish)`,
);
results.basePublishMs = publisher.publisher.last?.durationMs;
const pages = (await publisher.publisher.rp.paths()).length;
results.pages = pages;
if (!skipFull) {
  const full = await publisher.publisher.publishFull();
  results.fullPublish = { ms: full.durationMs, pagesPerS: pages / (full.durationMs / 1000), stages: full.stages };
  console.log(
    `full publish through the render path: ${pages} pages in ${s(full.durationMs)} (${(pages / (full.durationMs / 1000)).toFixed(0)} pages/s)`,
  );
  noteLoad('full publish');
}
await publisher.publisher.idle(); // the background re-read that fills the detail answers

const site = await startSiteServer({ root: publishDir, port: sitePort });
// Articles spread evenly over the list (newest first). The newest of a category is among the
// related items of every article of that category (the API's related = its 4 newest), so its
// edit re-renders a few hundred pages (--newest); spread picks show what a typical edit costs.
const listed: string[] = [];
for (let page = 1; ; page++) {
  const res = await fetch(`${api.url}/api/frontend/content/category/all?limit=100&page=${page}`);
  const body = (await res.json()) as { result: Array<{ slug: string }> };
  listed.push(...body.result.map((r) => r.slug));
  if (body.result.length < 100) break;
}
/** With `node --expose-gc`: live heap after a forced full GC, per edit (what stays, not garbage). */
const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  gc?.();
  const m = process.memoryUsage();
  return {
    heapUsedMb: Math.round(m.heapUsed / 1048576),
    externalMb: Math.round(m.external / 1048576),
    arrayBuffersMb: Math.round(m.arrayBuffers / 1048576),
    rssMb: Math.round(m.rss / 1048576),
  };
};
results.memoryBeforeEdits = memory();
if (gc) console.log(`before the edits, after a full GC: ${JSON.stringify(results.memoryBeforeEdits)}`);

const newestEdits = option('--newest', 5);
// The spread edits first (the first of them are the window right after the base release),
// then edits of the newest articles (each in the related items of its whole category).
const picks = [
  ...Array.from({ length: edits }, (_, i) => ({
    slug: listed[Math.floor(((i + 0.5) * listed.length) / edits)]!,
    kind: 'spread' as const,
  })),
  ...listed.slice(0, newestEdits).map((slug) => ({ slug, kind: 'newest' as const })),
];
/** The first edits after the base release (and its twins' catch-up): until KEEP_RELEASES exist. */
const FIRST = 5;

const perEdit: Array<
  Pick<PublishStats, 'rendered' | 'stages' | 'pathsMs' | 'requests' | 'patched'> & {
    kind: 'spread' | 'newest';
    ms: number;
    publishMs: number;
    /** CPU time of this process (publisher, API, site server) from the edit to its publish's end. */
    cpuMs: number;
    load: string;
    memory?: ReturnType<typeof memory>;
  }
> = [];
for (const [i, { slug, kind }] of picks.entries()) {
  await publisher.publisher.idle();
  const title = `Bench edit ${i} ${Date.now()}`;
  const t = performance.now();
  const cpu = process.cpuUsage();
  const res = await fetch(`${api.url}/api/editor/article/${slug}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ en: { title } }),
  });
  if (!res.ok) throw new Error(`edit ${slug}: ${res.status} ${await res.text()}`);
  for (;;) {
    const html = await (await fetch(`${site.url}/en/article/${slug}/`)).text();
    if (html.includes(title)) break;
    if (performance.now() - t > 120_000) throw new Error(`edit ${i} not live after 120 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - t;
  await publisher.publisher.idle();
  const used = process.cpuUsage(cpu);
  const last = publisher.publisher.last!;
  perEdit.push({
    kind,
    ms,
    publishMs: last.durationMs,
    cpuMs: (used.user + used.system) / 1000,
    rendered: last.rendered,
    stages: last.stages,
    pathsMs: last.pathsMs,
    requests: last.requests,
    patched: last.patched,
    load: load(),
    ...(gc ? { memory: memory() } : {}),
  });
  if (gc) console.log(`  after a full GC: ${JSON.stringify(perEdit.at(-1)!.memory)}`);
  console.log(
    `edit ${i + 1} (${kind}): live in ${ms.toFixed(0)} ms (publish ${last.durationMs.toFixed(0)} ms, CPU ${perEdit.at(-1)!.cpuMs.toFixed(0)} ms); ${last.rendered} pages rendered; ${last.requests ?? '?'} API requests (${last.patched ?? 0} answers patched); stages ${Object.entries(
      last.stages,
    )
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ')} ms (getStaticPaths ${last.pathsMs?.toFixed(0) ?? '?'} ms); load ${load()}`,
  );
}
saveLog();
noteLoad('edits');
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.floor((sorted.length - 1) / 2)]! / 2 + sorted[Math.ceil((sorted.length - 1) / 2)]! / 2
    : NaN;
};
/** Median, worst, within 3 s, and the stages' medians of a group of edits. */
const summary = (group: typeof perEdit) => ({
  count: group.length,
  medianMs: Math.round(median(group.map((e) => e.ms))),
  worstMs: Math.round(Math.max(...group.map((e) => e.ms))),
  within3s: group.filter((e) => e.ms <= 3000).length,
  medianCpuMs: Math.round(median(group.map((e) => e.cpuMs))),
  stagesMedianMs: Object.fromEntries(
    (['fetch', 'render', 'write', 'switch'] as const).map((k) => [
      k,
      Math.round(median(group.map((e) => e.stages[k]))),
    ]),
  ),
  requests: [Math.min(...group.map((e) => e.requests ?? 0)), Math.max(...group.map((e) => e.requests ?? 0))],
  rendered: [Math.min(...group.map((e) => e.rendered)), Math.max(...group.map((e) => e.rendered))],
});
const spread = perEdit.filter((e) => e.kind === 'spread');
const groups = {
  spread: summary(spread),
  [`first ${FIRST}`]: summary(spread.slice(0, FIRST)),
  [`after the first ${FIRST}`]: summary(spread.slice(FIRST)),
  newest: summary(perEdit.filter((e) => e.kind === 'newest')),
};
results.edits = { groups, perEdit };
results.peakRssMb = Math.round(peakRss / 1048576);
for (const [name, g] of Object.entries(groups))
  if (g.count)
    console.log(
      `${name} edits (${g.count}): edit → live median ${g.medianMs} ms, worst ${g.worstMs} ms, ${g.within3s} within 3 s; CPU median ${g.medianCpuMs} ms; stage medians ${JSON.stringify(g.stagesMedianMs)}; requests ${g.requests.join('–')}; pages rendered ${g.rendered.join('–')}`,
    );
console.log(`publisher process peak RSS ${results.peakRssMb} MB`);

await site.close();
await publisher.close();
const save = () => writeFileSync(path.join(WORK, 'results.json'), JSON.stringify(results, null, 2));
save();
if (!skipCompare) {
  results.buildAfterEditsMs = await build('astro build after the edits');
  save();
}
await api.close();
clearInterval(sampler);
save();
console.log(`results in ${path.relative(ROOT, path.join(WORK, 'results.json'))}`);
