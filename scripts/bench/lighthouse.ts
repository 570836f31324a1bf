/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) on the home page,
 * a list page and a detail page, in Thai and English, against a fresh build served on
 * loopback. Prints performance and accessibility scores against the goal of 100; with --strict
 * exits non-zero when any is below it.
 *
 *   npm run bench:lighthouse                 build, then measure
 *   npm run bench:lighthouse -- --skip-build reuse the last build of this script
 *   npm run bench:lighthouse -- --runs 3     measure each page 3 times and keep the median run
 *                                            (by performance score): the machine is shared and
 *                                            one run can be off by 10 points
 *   npm run bench:lighthouse -- --pages home,list   only these page kinds (home, list, detail)
 *   npm run bench:lighthouse -- --dist DIR   measure the build in DIR instead (no build; it must
 *                                            have been built against this script's API port), e.g.
 *                                            a copy of an earlier build, to compare two builds in
 *                                            alternating runs at the same machine load
 *   npm run bench:lighthouse -- --details    also print, per page, what shifted (CLS), the
 *                                            LCP element and its phases, the long main-thread
 *                                            tasks and the CPU time per script; the full
 *                                            Lighthouse reports go to bench-results/lighthouse/
 *
 * Pages are served compressed, as the CDN serves them: the build's text files get the Brotli and
 * gzip twins the publisher writes, which the site server of `npm start` (sirv) serves.
 * It builds into its own directory (bench-results/lighthouse-dist), not dist/: other runs
 * (npm test, other benchmarks) build dist/ against other API ports, and the built pages hold
 * absolute image addresses on this script's API port.
 */
import { mkdtempSync, mkdirSync, rmSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { buildSite } from '../site/build-site.ts';
import { chromiumEnv, findChromium, CHROMIUM_MISSING_MESSAGE } from '../test/chromium.ts';
import { startEmbeddedApi } from '../site/embedded-api.ts';
import { startSiteServer } from '../publisher/site-server.ts';
import { isTwinPath, writeTwins } from '../publisher/precompress.ts';
import { printDetails } from './lighthouse-details.ts';
import { intOption, parseCommand } from '../config/cli.ts';
import { loadEnv } from '../config/env.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseCommand({
  name: 'npm run bench:lighthouse',
  usage: `usage: npm run bench:lighthouse -- [--skip-build] [--runs N] [--pages home,list,detail] [--dist DIR] [--details] [--strict]

Lighthouse (mobile, simulated throttling) on the home page, a list page and a detail page, in Thai
and English, against a fresh build served on loopback.

  --skip-build      reuse the last build of this script
  --runs N          measure each page N times and keep the median run (default 1)
  --pages LIST      only these page kinds (home, list, detail)
  --dist DIR        measure the build in DIR (built against this script's API port), no build
  --details         also print what shifted, the LCP element, long tasks, CPU per script
  --strict          exit non-zero when a score is below 100
  -h, --help        this text

Environment: BENCH_API_PORT (default 18788).`,
  options: {
    strict: { type: 'boolean' },
    dist: { type: 'string' },
    'skip-build': { type: 'boolean' },
    details: { type: 'boolean' },
    runs: { type: 'string' },
    pages: { type: 'string' },
  },
});
const checked = loadEnv('bench:lighthouse');
const strict = values.strict === true;
const distArg = values.dist;
const skipBuild = values['skip-build'] === true || distArg !== undefined;
const details = values.details === true;
const runs = intOption({ name: 'bench:lighthouse' }, 'runs', values.runs, 1, 1);
const kinds = (values.pages ?? 'home,list,detail').split(',').map((k) => k.trim());
const outDir = distArg ? path.resolve(distArg) : path.join(root, 'bench-results', 'lighthouse-dist');
const reportDir = path.join(root, 'bench-results', 'lighthouse');
const apiPort = checked.BENCH_API_PORT ?? 18788;

const chromium = await findChromium();
if (!chromium) {
  console.error(CHROMIUM_MISSING_MESSAGE);
  process.exit(1);
}
const chromePath = chromium.path;
console.log(`Chromium from ${chromium.source}: ${chromePath}`);

/** The first link in the built list page that matches `pattern`: a real detail page. */
function firstDetailPath(listFile: string, pattern: RegExp): string {
  const html = readFileSync(path.join(outDir, listFile), 'utf8');
  const match = html.match(pattern);
  if (!match) throw new Error(`No detail link matching ${pattern} in ${path.relative(root, outDir)}/${listFile}`);
  return match[1] ?? '';
}

/** The twins the publisher writes (scripts/publisher/precompress.ts) beside every file of the build. */
async function precompress(dir: string): Promise<void> {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || isTwinPath(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    await writeTwins(dir, path.relative(dir, file), readFileSync(file));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lh-'));
const api = await startEmbeddedApi({ host: '127.0.0.1', port: apiPort, dbPath: path.join(dataDir, 'api.sqlite') });
let site;
let chrome;
let failed = false;
try {
  if (!skipBuild && (await buildSite({ apiBaseUrl: api.url, args: ['--outDir', outDir] })) !== 0) {
    throw new Error('The build failed.');
  }
  await precompress(outDir);
  site = await startSiteServer({ root: outDir, folder: true, port: 0 });
  const detailTh = firstDetailPath('articles/index.html', /href="(\/article\/[^"]+\/)"/);
  const detailEn = firstDetailPath('en/articles/index.html', /href="(\/en\/article\/[^"]+\/)"/);
  const allPages: [string, string][] = [
    ['home (th)', '/'],
    ['list (th)', '/articles/'],
    ['detail (th)', detailTh],
    ['home (en)', '/en/'],
    ['list (en)', '/en/articles/'],
    ['detail (en)', detailEn],
  ];
  const pages = allPages.filter(([label]) => kinds.includes(label.split(' ')[0] ?? ''));

  chrome = await chromeLauncher.launch({
    chromePath,
    envVars: { ...process.env, ...chromiumEnv() },
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  // Lighthouse loads here, after the options and the build: it takes seconds to load, and --help
  // or a wrong option answers before that.
  const { default: lighthouse } = await import('lighthouse');
  const rows = [];
  for (const [label, pagePath] of pages) {
    const load = loadavg()[0].toFixed(1);
    const results = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${site.url}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${pagePath}`);
      results.push(result.lhr);
    }
    // The median run by performance score (the lower middle one for an even count).
    results.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
    const lhr = results[Math.floor((results.length - 1) / 2)];
    const { categories, audits } = lhr;
    if (details) {
      mkdirSync(reportDir, { recursive: true });
      const file = path.join(reportDir, `${label.replace(/\W+/g, '-').replace(/-$/, '')}.json`);
      writeFileSync(file, JSON.stringify(lhr));
      printDetails(label, lhr, path.relative(root, file));
    }
    const perf = Math.round((categories.performance.score ?? 0) * 100);
    const a11y = Math.round((categories.accessibility.score ?? 0) * 100);
    if (perf < 100 || a11y < 100) failed = true;
    rows.push({
      page: label,
      path: pagePath,
      performance: perf,
      accessibility: a11y,
      FCP: audits['first-contentful-paint'].displayValue,
      LCP: audits['largest-contentful-paint'].displayValue,
      TBT: audits['total-blocking-time'].displayValue,
      CLS: audits['cumulative-layout-shift'].displayValue,
      ...(runs > 1
        ? { 'perf of runs': results.map((r) => Math.round((r.categories.performance.score ?? 0) * 100)).join(' ') }
        : {}),
      load,
    });
  }
  console.table(rows);
  if (failed) console.log('Performance or accessibility below the goal of 100 on at least one page.');
} finally {
  await chrome?.kill();
  await site?.close();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(strict && failed ? 1 : 0);
