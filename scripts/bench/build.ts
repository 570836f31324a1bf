/**
 * `npm run bench:build`: how fast the site builds at scale and how much JavaScript its
 * content pages ship.
 *
 *   npm run bench:build                       scales 1400 and 5000
 *   npm run bench:build -- --scale 1400       one scale (or --scale 1400,5000)
 *   npm run bench:build -- --keep             keep the built folders (to compare pages)
 *   npm run bench:build -- --sync-only        only the content sync, cold then warm (no rendering)
 *   npm run bench:build -- --js-only [dir]    only the JavaScript table, for an existing build (default dist/)
 *   BENCH_API_PORT=18820 npm run bench:build  the reference API's port (default: any free port)
 *
 * For each scale it starts the reference content API in this process on a fresh temporary
 * database seeded with `scale` items per large collection, builds the site against it
 * (scripts/site/build-site.ts) into a temporary folder with its own Astro cache (so the
 * project's dist/ and content cache are untouched), and prints pages built, pages per
 * second, build seconds and the build's peak memory (the highest resident set size of the
 * build process, from /proc). Then, for the home page, a list page and a detail page, the
 * gzipped JavaScript each ships: every script src, modulepreload and island component or
 * renderer, followed through their static and dynamic imports, each file gzipped once,
 * plus inline scripts. Exits non-zero when a content page ships more than 20 KB gzipped, or a
 * page with React islands more than 90 KB (or one island more than 15 KB of its own code).
 *
 * Each scale also prints the time of each stage of the build (content sync,
 * bundling, rendering, and what follows rendering: sitemap and the last writes), timed by when
 * Astro's own log lines arrive, and builds, right after the portal, a bare Astro site of the
 * same page count (scripts/bench/bare-template: one layout, one article page, no data loader)
 * as the yardstick of what Astro itself allows on this machine at this moment. It prints the
 * ratio of the two speeds, the CPU time rendering took per page (read from /proc when rendering
 * starts and ends: far less moved by other work on a shared machine than wall time) and the
 * load average, and exits non-zero when the portal is slower
 * than 0.9x the bare site, or peaks over 1.5 GB, at 20,000 pages or more. It then builds the same
 * template with pages of the portal's mean size, half of them Thai (BARE_PAGE_KB,
 * scripts/bench/bare-template/src/layouts/chrome.ts), and prints that ratio against its goal,
 * 0.8x (SIZED_GOAL_RATIO).
 * Before each measured build it drops the kernel's caches when it may (dropKernelCaches).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { execFileSync, spawn } from 'node:child_process';
import { parseArgs as parseCliArgs } from 'node:util';
import { startEmbeddedApi } from '../site/embedded-api.ts';
import { buildEnv } from '../site/run.ts';
import { loadEnv } from '../config/env.ts';
import { astroBin } from '../../src/collections/astro-internals.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ASTRO_BIN = astroBin();
const BARE_ROOT = path.join(ROOT, 'scripts/bench/bare-template');
/** At this many pages the portal must build at 0.9x the bare site and within 1.5 GB. */
export const GATE_PAGES = 20_000;
export const MIN_RATIO = 0.9;
/** The goal against the bare template with pages of the portal's size (printed, not enforced). */
export const SIZED_GOAL_RATIO = 0.8;
export const MAX_PEAK_BYTES = 1.5 * 1024 ** 3;
export const JS_BUDGET_BYTES = 20 * 1024;
/** Pages that hold a React island may ship up to this. */
export const ISLAND_PAGE_BUDGET_BYTES = 90 * 1024;

/** Chunks of third-party libraries islands share (codeSplitting groups in astro.config.mjs). */
const LIBRARY_CHUNK = /^zod\.[\w-]+\.js$/;

/** An island's own code, beyond React and the shell. */
const ISLAND_OWN_BUDGET_BYTES = 15 * 1024;

/** Within the page budget, and every island within its own. */
export function withinBudget(row: { gzipBytes: number; islands: number; islandOwnBytes?: number }): boolean {
  return row.gzipBytes <= budgetOf(row) && (row.islandOwnBytes ?? 0) <= ISLAND_OWN_BUDGET_BYTES;
}

/** The budget of a page: 20 KB for content pages, 90 KB when it holds a React island. */
export function budgetOf(row: { islands: number }): number {
  return row.islands > 0 ? ISLAND_PAGE_BUDGET_BYTES : JS_BUDGET_BYTES;
}

// ---- arguments ----

export const USAGE = `usage: npm run bench:build -- [--scale N[,M]] [--keep] [--no-bare] [--sync-only] [--js-only [DIR]]

How fast the site builds at scale (pages/s, stages, peak memory, the ratio to a bare Astro site)
and how much JavaScript its content pages ship.

  --scale N[,M]     items per large collection (default 1400,5000: 20,000 and 72,000 pages)
  --keep            keep the built folders (to compare pages)
  --no-bare         skip the bare-template yardstick builds
  --sync-only       only the content sync, cold then warm (no rendering)
  --js-only [DIR]   only the JavaScript table, for an existing build (default dist/)
  -h, --help        this text

Environment: BENCH_API_PORT (the reference API's port; default any free port),
BENCH_DROP_CACHES=0 (keep the kernel's caches between builds).`;

export function parseArgs(argv: string[]): {
  scales: number[];
  jsOnly: boolean;
  dir: string;
  keep: boolean;
  bare: boolean;
  syncOnly: boolean;
  help: boolean;
} {
  let parsed;
  try {
    parsed = parseCliArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'js-only': { type: 'boolean' },
        keep: { type: 'boolean' },
        'no-bare': { type: 'boolean' },
        'sync-only': { type: 'boolean' },
        scale: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new Error(
      `Unknown argument: ${(error as Error).message.split(/\.\s/)[0]} (use --scale N[,M], --keep, --no-bare, --sync-only, --js-only [dir], --help)`,
      { cause: error },
    );
  }
  const { values, positionals } = parsed;
  const opts = {
    scales: [1400, 5000],
    jsOnly: values['js-only'] === true,
    dir: path.join(ROOT, 'dist'),
    keep: values.keep === true,
    bare: values['no-bare'] !== true,
    syncOnly: values['sync-only'] === true,
    help: values.help === true,
  };
  const scalesOf = (value: string) => {
    const scales = value.split(',').map((s) => Number(s.trim()));
    if (scales.some((n) => !Number.isInteger(n) || n < 1))
      throw new Error(`--scale wants whole numbers, got "${value}"`);
    return scales;
  };
  if (values.scale !== undefined) opts.scales = scalesOf(values.scale);
  for (const a of positionals) {
    if (/^\d+$/.test(a)) opts.scales = [Number(a)];
    else if (opts.jsOnly) opts.dir = path.resolve(a);
    else
      throw new Error(
        `Unknown argument "${a}" (use --scale N[,M], --keep, --no-bare, --sync-only, --js-only [dir], --help)`,
      );
  }
  return opts;
}

// ---- memory: the build process's peak RSS ----

/** Child processes of `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (new RegExp(`^PPid:\\s+${pid}$`, 'm').test(status)) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/**
 * Polls the peak resident set size (VmHWM) of this process's children until stopped.
 * `onChild` is called once for each child found (to set its priority).
 */
function watchChildMemory(onChild: (pid: number) => void = () => {}, intervalMs = 500) {
  let peakKb = 0;
  // CPU seconds (user + system) of each child, last seen: unlike wall time, hardly moved by
  // other builds on the machine, so before/after comparisons under load read it.
  const cpuTicks = new Map<number, number>();
  const known = new Set<number>();
  const timer = setInterval(() => {
    for (const pid of childrenOf(process.pid)) {
      if (!known.has(pid)) {
        known.add(pid);
        onChild(pid);
      }
      try {
        const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
        // Fields after the command name: utime and stime are the 12th and 13th.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpuTicks.set(pid, Number(fields[11]) + Number(fields[12]));
      } catch {
        // ended
      }
    }
  }, intervalMs);
  const ticksPerSecond = 100; // USER_HZ on Linux
  return {
    stop: () => {
      clearInterval(timer);
      const cpuSeconds = [...cpuTicks.values()].reduce((a, b) => a + b, 0) / ticksPerSecond;
      return { peakBytes: peakKb * 1024, cpuSeconds };
    },
  };
}

function raisePriority() {
  try {
    os.setPriority(0, -10);
    return true;
  } catch {
    return false;
  }
}

function restorePriority(pid: number) {
  try {
    os.setPriority(pid, 0);
  } catch {
    // it ended already
  }
}

// ---- counting pages ----

/** The mean size of the built HTML pages under `dir`, in bytes. */
function meanPageBytes(dir: string): number {
  let pages = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    pages++;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return pages ? bytes / pages : 0;
}

function countPages(dir: string): number {
  let pages = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.(html|xml)$/.test(entry.name)) pages++;
  }
  return pages;
}

// ---- JavaScript shipped by a page ----

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

// Quotes, and backticks: the bundler writes dynamic imports as import(`./chunk.js`).
const IMPORT_RE =
  /(?:\bimport\s*(?:[\w*{}\s,$]+\s*from\s*)?|\bimport\s*\(\s*|\bexport\s*(?:[\w*{}\s,$]+\s*)from\s*)["'`]([^"'`]+\.m?js)["'`]/g;

/** Every JS file a module reaches through its imports (static and dynamic), itself included. */
function transitive(file: string, dir: string, seen: Set<string>): void {
  if (seen.has(file) || !existsSync(file)) return;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? '';
    const next = spec.startsWith('/') ? path.join(dir, spec) : path.resolve(path.dirname(file), spec);
    transitive(next, dir, seen);
  }
}

/** The JS of one built page: files (transitively) and inline scripts, gzipped. */
export function pageJavaScript(dir: string, urlPath: string) {
  const htmlFile = path.join(dir, urlPath, urlPath.endsWith('.html') ? '' : 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const entries = new Set<string | undefined>();
  const islandEntries = new Set<string>();
  const componentEntries = new Set<string>();
  const rendererEntries = new Set<string>();
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc="[^"]+"[^>]*>/g)) entries.add(attr(tag, 'src'));
  for (const [tag] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) entries.add(attr(tag, 'href'));
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const name of ['component-url', 'renderer-url']) {
      const v = attr(tag, name);
      if (!v) continue;
      const src = v.replace(/&#x2F;/g, '/');
      islandEntries.add(src);
      (name === 'component-url' ? componentEntries : rendererEntries).add(src);
    }
  }
  const reach = (srcs: Iterable<string | undefined>) => {
    const files = new Set<string>();
    for (const src of srcs)
      if (src && !/^https?:/.test(src)) transitive(path.join(dir, src.split('?')[0] ?? ''), dir, files);
    return files;
  };
  const islandFiles = reach(islandEntries);
  // An island's own code: what its component reaches that neither the React renderer (React
  // itself) nor the page's shell scripts already load: at most 15 KB per island.
  // Libraries that islands share (their own chunks, named in astro.config.mjs) are not own code.
  const sharedFiles = new Set([...reach(rendererEntries), ...reach(entries)]);
  const isLibrary = (f: string) => LIBRARY_CHUNK.test(path.basename(f));
  const ownBytes = [...componentEntries].map((src) =>
    [...reach([src])].filter((f) => !sharedFiles.has(f) && !isLibrary(f)).reduce((sum, f) => sum + gzipSize(f), 0),
  );
  const files = reach([...entries, ...islandEntries]);
  let inlineBytes = 0;
  let inlineCount = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1];
    if (/\bsrc=/.test(attrs) || /type="(application\/(ld\+)?json|text\/template)"/.test(attrs) || !m[2]?.trim())
      continue;
    inlineBytes += gzipSync(m[2], { level: 9 }).length;
    inlineCount++;
  }
  const fileBytes = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
  return {
    files: files.size,
    inline: inlineCount,
    gzipBytes: fileBytes + inlineBytes,
    islands: (html.match(/<astro-island\b/g) ?? []).length,
    /** Of which the islands' components and renderers (with their imports). */
    islandBytes: [...islandFiles].reduce((sum, f) => sum + gzipSize(f), 0),
    /** The largest island's own code: component and imports, not React, the shell or zod. */
    islandOwnBytes: Math.max(0, ...ownBytes),
  };
}

/** The pages to measure: home, the article list and the first article it links to. */
function samplePages(dir: string): { kind: string; path: string }[] {
  const list = '/articles/';
  const listHtml = readFileSync(path.join(dir, list, 'index.html'), 'utf8');
  const detail = /href="(\/article\/[^"]+\/)"/.exec(listHtml.slice(listHtml.indexOf('<main')))?.[1];
  return [
    { kind: 'home', path: '/' },
    { kind: 'list', path: list },
    ...(detail ? [{ kind: 'detail', path: detail }] : []),
    { kind: 'list', path: '/activities/' },
    { kind: 'home', path: '/en/' },
    // Pages whose main content is a React island (the island budgets).
    { kind: 'search', path: '/search/' },
    { kind: 'calendar', path: '/calendar/' },
    { kind: 'survey', path: '/surveys/1/' },
    { kind: 'web board', path: '/webboard/' },
    { kind: 'web board', path: '/webboard/login/' },
    { kind: 'web board', path: '/webboard/thread/' },
    { kind: 'web board', path: '/webboard/new/' },
    { kind: 'account', path: '/account/login/' },
    { kind: 'account', path: '/account/' },
    { kind: 'filtered list', path: '/laws/' },
    { kind: 'search', path: '/manuals/search/' },
    { kind: 'filtered list', path: '/multimedia/' },
    { kind: 'filtered list', path: '/e-magazine/' },
  ].filter((p) => existsSync(path.join(dir, p.path, 'index.html')));
}

function jsTable(dir: string) {
  const rows = samplePages(dir).map((p) => ({ ...p, ...pageJavaScript(dir, p.path) }));
  const kb = (b: number) => (b / 1024).toFixed(1);
  console.log('\nJavaScript shipped (gzipped, every file once, imports followed):');
  console.log(
    table(
      [
        'page',
        'kind',
        'files',
        'inline',
        'islands',
        'gzip KB',
        'of it islands KB',
        'island own KB',
        'budget KB',
        'within',
      ],
      rows.map((r) => [
        r.path,
        r.kind,
        r.files,
        r.inline,
        r.islands,
        kb(r.gzipBytes),
        kb(r.islandBytes),
        kb(r.islandOwnBytes),
        budgetOf(r) / 1024,
        withinBudget(r) ? 'yes' : 'NO',
      ]),
    ),
  );
  return rows;
}

function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows].map((r) => r.map(String));
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

// ---- stages: timed by when Astro's log lines arrive ----

export interface Stages {
  /** content layer: "Syncing content" to "Synced content" */
  sync: number;
  /** Vite: "Building static entrypoints" to "generating static routes" */
  bundle: number;
  /** "generating static routes" to its "Completed" */
  render: number;
  /** after rendering: sitemap, the last files, exit */
  write: number;
}

/** Which stage a line of Astro's log starts, if any. */
export function stageMark(
  line: string,
): 'syncStart' | 'syncEnd' | 'bundleStart' | 'renderStart' | 'renderEnd' | undefined {
  if (/\[content\] Syncing content/.test(line)) return 'syncStart';
  if (/\[content\] Synced content/.test(line)) return 'syncEnd';
  if (/\[build\] Building static entrypoints/.test(line)) return 'bundleStart';
  if (/generating static routes/.test(line)) return 'renderStart';
  if (/^\S*\s*✓ Completed in/.test(line.replace(/^\d\d:\d\d:\d\d /, ''))) return 'renderEnd';
  return undefined;
}

/** Stage durations in seconds from the times (ms) marks were seen and the end of the build. */
export function stagesFrom(
  marks: Partial<Record<NonNullable<ReturnType<typeof stageMark>>, number>>,
  end: number,
): Stages {
  const span = (a?: number, b?: number) => (a !== undefined && b !== undefined ? Math.max(0, b - a) / 1000 : NaN);
  return {
    sync: span(marks.syncStart, marks.syncEnd),
    bundle: span(marks.bundleStart, marks.renderStart),
    render: span(marks.renderStart, marks.renderEnd),
    write: span(marks.renderEnd, end),
  };
}

/**
 * Runs `astro build` in `root` with the log piped: stage times are taken from it, and only
 * lines that are not one page each are printed.
 */
function timedAstroBuild(
  root: string,
  args: string[],
  env: Record<string, string>,
  command: 'build' | 'sync' = 'build',
  raised = false,
): Promise<{ code: number; stages: Stages; renderCpuSeconds: number; syncCpu: SyncCpu }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ASTRO_BIN, command, ...args], {
      cwd: root,
      env: buildEnv(env),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (raised && child.pid) restorePriority(child.pid);
    const marks: Partial<Record<NonNullable<ReturnType<typeof stageMark>>, number>> = {};
    // CPU seconds of the build process when rendering starts and ends: what rendering cost,
    // much less moved than its wall time by other work on a shared machine.
    const cpuAt: { renderStart?: number; renderEnd?: number; syncStart?: number; syncEnd?: number } = {};
    // The reference API answers from this process: its CPU during the sync is the server's share.
    const apiCpuAt: { syncStart?: number; syncEnd?: number } = {};
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const now = performance.now();
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const mark = stageMark(line);
        if (mark && marks[mark] === undefined && (mark !== 'renderEnd' || marks.renderStart !== undefined)) {
          marks[mark] = now;
          if (mark === 'renderStart' || mark === 'renderEnd') cpuAt[mark] = cpuSecondsOf(child.pid);
          if (mark === 'syncStart' || mark === 'syncEnd') {
            cpuAt[mark] = cpuSecondsOf(child.pid);
            const { user, system } = process.cpuUsage();
            apiCpuAt[mark] = (user + system) / 1e6;
          }
        }
        if (!/[├└]─/.test(line) && !/^\d\d:\d\d:\d\d \[api:/.test(line)) process.stdout.write(`${line}\n`);
      }
    });
    child.on('exit', (code, signal) =>
      resolve({
        code: code ?? (signal ? 1 : 0),
        stages: stagesFrom(marks, performance.now()),
        renderCpuSeconds: (cpuAt.renderEnd ?? NaN) - (cpuAt.renderStart ?? NaN),
        syncCpu: {
          client: (cpuAt.syncEnd ?? NaN) - (cpuAt.syncStart ?? NaN),
          api: (apiCpuAt.syncEnd ?? NaN) - (apiCpuAt.syncStart ?? NaN),
        },
      }),
    );
  });
}

/** User + system CPU seconds of a process so far (Linux /proc); NaN when it cannot be read. */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU seconds spent while the content sync ran: by the build (loaders, parsing, store) and by the API. */
interface SyncCpu {
  client: number;
  api: number;
}

interface BuildResult {
  pages: number;
  seconds: number;
  peakBytes: number;
  /** user + system CPU of the build process, up to its last half-second sample */
  cpuSeconds: number;
  /** CPU seconds of the rendering stage alone */
  renderCpuSeconds: number;
  stages: Stages;
  syncCpu: SyncCpu;
}

/**
 * Hands the kernel's page, dentry and inode caches back before a measured build, when this
 * process may (root on Linux; `BENCH_DROP_CACHES=0` to skip). Each build writes and the next run
 * deletes some 20,000 folders, and what the kernel keeps of them makes every later build on the
 * same machine slower for the same code (docs/performance.md); `sync` alone does not help.
 * Without the drop, rows measured later cannot be compared with earlier ones.
 */
let cachesDropped = false;

/** The line that says whether the builds started with the kernel's caches dropped. */
function cachesLine(): string {
  if (cachesDropped) return 'Kernel caches dropped before each build (BENCH_DROP_CACHES=0 keeps them).';
  const why = process.env.BENCH_DROP_CACHES === '0' ? 'BENCH_DROP_CACHES=0' : 'needs root on Linux';
  return `Kernel caches not dropped (${why}): compare only rows of the same run.`;
}

export function dropKernelCaches(): boolean {
  if (process.env.BENCH_DROP_CACHES === '0' || process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

/** Runs one measured build: wall time, peak RSS of the build process, stages, pages written. */
async function measured(
  root: string,
  args: string[],
  env: Record<string, string>,
  outDir: string,
  raised: boolean,
): Promise<BuildResult> {
  cachesDropped = dropKernelCaches();
  const memory = watchChildMemory((pid) => {
    if (raised) restorePriority(pid);
  });
  const started = performance.now();
  const { code, stages, renderCpuSeconds, syncCpu } = await timedAstroBuild(root, args, env);
  const seconds = (performance.now() - started) / 1000;
  const { peakBytes, cpuSeconds } = memory.stop();
  if (code !== 0) throw new Error(`The build in ${root} failed (exit ${code}); output kept in ${outDir}`);
  return { pages: countPages(outDir), seconds, peakBytes, cpuSeconds, renderCpuSeconds, stages, syncCpu };
}

/**
 * The sync of a second build when the API's data did not change (the goal: at most 3 s at
 * 20,000 pages): `astro sync` with the build's config, content cache and API, right after it.
 */
async function timedSync(
  args: string[],
  env: Record<string, string>,
  raised: boolean,
): Promise<{ seconds: number; cpu: SyncCpu }> {
  const { code, stages, syncCpu } = await timedAstroBuild(ROOT, args, env, 'sync', raised);
  if (code !== 0) throw new Error(`astro sync failed (exit ${code})`);
  return { seconds: stages.sync, cpu: syncCpu };
}

// ---- one scale ----

async function benchScale(scale: number, bare: boolean) {
  const work = mkdtempSync(path.join(tmpdir(), `portal-bench-${scale}-`));
  const outDir = path.join(work, 'dist');
  // A config that is the project's own with a private output folder and content cache.
  const config = path.join(ROOT, `.bench-${scale}-${process.pid}.config.mjs`);
  writeFileSync(
    config,
    `import base from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'astro.config.mjs')).href)};\n` +
      `export default { ...base, outDir: ${JSON.stringify(outDir)}, cacheDir: ${JSON.stringify(path.join(work, 'cache'))} };\n`,
  );
  const api = await startEmbeddedApi({
    host: '127.0.0.1',
    port: Number(process.env.BENCH_API_PORT || 0),
    dbPath: path.join(work, 'api.sqlite'),
    scale,
  });
  console.log(`\n== scale ${scale}: API ${api.url}, output ${outDir}, load average ${loadAverage()}`);
  // The reference API answers from this process's one thread while the build uses both
  // cores; the agency's API is a separate server. So the API runs at a higher priority than
  // the build (root only; otherwise both stay as they are) and the build keeps the normal one.
  const raised = raisePriority();
  let portal: BuildResult;
  let warm: Awaited<ReturnType<typeof timedSync>>;
  let warmLoad: string;
  try {
    // Astro joins --config to the project root, so it is given relative to it.
    const args = ['--config', path.relative(ROOT, config)];
    const env = { PUBLIC_API_BASE_URL: api.url };
    portal = await measured(ROOT, args, env, outDir, raised);
    console.log(`\n== scale ${scale}: astro sync again, the API unchanged, load average ${loadAverage()}`);
    warm = await timedSync(args, env, raised);
    warmLoad = loadAverage();
  } finally {
    await api.close();
    rmSync(config, { force: true });
    if (raised) restorePriority(0);
  }
  const portalLoad = loadAverage();
  let template: BuildResult | undefined;
  let templateLoad = '';
  let weighted: (BuildResult & { pageKb: number; load: string }) | undefined;
  if (bare) {
    // The yardstick, right after: the same number of pages from a bare template.
    const bareRun = async (name: string, extra: Record<string, string>) => {
      const bareOut = path.join(work, name);
      const result = await measured(
        BARE_ROOT,
        ['--outDir', bareOut],
        { BARE_PAGES: String(portal.pages), ASTRO_TELEMETRY_DISABLED: '1', ...extra },
        bareOut,
        false,
      );
      rmSync(path.join(BARE_ROOT, '.astro'), { recursive: true, force: true });
      return result;
    };
    console.log(`\n== bare Astro template, ${portal.pages} pages`);
    template = await bareRun('bare-dist', {});
    templateLoad = loadAverage();
    // For information (the gate stays on the template above): the same template with pages of
    // the portal's mean size, half of them Thai (scripts/bench/bare-template/src/layouts/chrome.ts).
    const pageKb = Math.round(meanPageBytes(outDir) / 1024);
    console.log(`\n== bare Astro template, ${portal.pages} pages of ${pageKb} KB (the portal's mean)`);
    weighted = { ...(await bareRun('bare-weighted-dist', { BARE_PAGE_KB: String(pageKb) })), pageKb, load: '' };
    weighted.load = loadAverage();
  }
  return { scale, ...portal, load: portalLoad, warm, warmLoad, template, templateLoad, weighted, outDir, work };
}

/** `--sync-only`: the content sync alone, on a fresh cache (all changed) and then again (unchanged). */
async function benchSync(scale: number) {
  const work = mkdtempSync(path.join(tmpdir(), `portal-bench-sync-${scale}-`));
  const config = path.join(ROOT, `.bench-${scale}-${process.pid}.config.mjs`);
  writeFileSync(
    config,
    `import base from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'astro.config.mjs')).href)};\n` +
      `export default { ...base, outDir: ${JSON.stringify(path.join(work, 'dist'))}, cacheDir: ${JSON.stringify(path.join(work, 'cache'))} };\n`,
  );
  const api = await startEmbeddedApi({
    host: '127.0.0.1',
    port: Number(process.env.BENCH_API_PORT || 0),
    dbPath: path.join(work, 'api.sqlite'),
    scale,
  });
  console.log(`\n== scale ${scale} (sync only): API ${api.url}, load average ${loadAverage()}`);
  const raised = raisePriority();
  try {
    const args = ['--config', path.relative(ROOT, config)];
    const env = { PUBLIC_API_BASE_URL: api.url };
    cachesDropped = dropKernelCaches();
    const cold = await timedSync(args, env, raised);
    const load = loadAverage();
    const warm = await timedSync(args, env, raised);
    return { scale, cold, load, warm, warmLoad: loadAverage() };
  } finally {
    await api.close();
    rmSync(config, { force: true });
    if (raised) restorePriority(0);
    rmSync(work, { recursive: true, force: true });
  }
}

function syncTable(
  rows: Array<{
    scale: number;
    cold: { seconds: number; cpu: SyncCpu };
    load: string;
    warm: { seconds: number; cpu: SyncCpu };
    warmLoad: string;
  }>,
) {
  const s1 = (n: number) => (Number.isNaN(n) ? '?' : n.toFixed(1));
  console.log('\nContent sync (seconds; CPU s of the build process and of the reference API while it ran):');
  console.log(
    table(
      ['scale', 'data', 'sync s', 'build CPU s', 'API CPU s', 'load avg after'],
      rows.flatMap((r) => [
        [r.scale, 'all changed', s1(r.cold.seconds), s1(r.cold.cpu.client), s1(r.cold.cpu.api), r.load],
        [r.scale, 'unchanged', s1(r.warm.seconds), s1(r.warm.cpu.client), s1(r.warm.cpu.api), r.warmLoad],
      ]),
    ),
  );
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
}

type Speed = { pages: number; seconds: number };

/** The portal's speed against each bare build of the same run, each with its goal. */
export function ratioLines(r: Speed & { scale: number; template?: Speed; weighted?: Speed & { pageKb: number } }) {
  const ratio = (b: Speed) => (r.pages / r.seconds / (b.pages / b.seconds)).toFixed(2);
  return [
    ...(r.template
      ? [
          `scale ${r.scale}: ${ratio(r.template)}x the pages/s of the bare Astro template, goal ${MIN_RATIO}x at ${GATE_PAGES.toLocaleString('en')} pages or more`,
        ]
      : []),
    ...(r.weighted
      ? [
          `scale ${r.scale}: ${ratio(r.weighted)}x the pages/s of bare Astro with pages of the portal's size (${r.weighted.pageKb} KB), goal ${SIZED_GOAL_RATIO}x`,
        ]
      : []),
  ];
}

/** What fails the bench at 20,000 pages or more; empty when it passes. */
export function gateFailures(r: {
  pages: number;
  seconds: number;
  peakBytes: number;
  template?: { pages: number; seconds: number };
}): string[] {
  if (r.pages < GATE_PAGES) return [];
  const failures: string[] = [];
  if (r.template) {
    const ratio = r.pages / r.seconds / (r.template.pages / r.template.seconds);
    if (ratio < MIN_RATIO)
      failures.push(`${r.pages} pages at ${ratio.toFixed(2)}x the bare template's speed (at least ${MIN_RATIO})`);
  }
  if (r.peakBytes > MAX_PEAK_BYTES)
    failures.push(
      `${r.pages} pages peaked at ${(r.peakBytes / 1048576).toFixed(0)} MB (at most ${MAX_PEAK_BYTES / 1048576})`,
    );
  return failures;
}

// ---- main ----

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`bench:build: ${(error as Error).message}`);
    process.exit(2);
  }
  if (opts.help) {
    console.log(USAGE);
    return;
  }
  loadEnv('bench:build');
  let jsRows: ReturnType<typeof jsTable> = [];
  if (opts.jsOnly) {
    if (!existsSync(path.join(opts.dir, 'index.html')))
      throw new Error(`No built site in ${opts.dir}: build first, or pass the folder.`);
    jsRows = jsTable(opts.dir);
  } else if (opts.syncOnly) {
    const rows = [];
    for (const scale of opts.scales) rows.push(await benchSync(scale));
    syncTable(rows);
    console.log(cachesLine());
    return;
  } else {
    const results = [];
    for (const scale of opts.scales) {
      const r = await benchScale(scale, opts.bare);
      results.push(r);
      jsRows = jsTable(r.outDir);
      if (opts.keep) console.log(`kept: ${r.work}`);
      else rmSync(r.work, { recursive: true, force: true });
    }
    const mb = (b: number) => (b / 1048576).toFixed(0);
    const s1 = (n: number) => (Number.isNaN(n) ? '?' : n.toFixed(1));
    const perPage = (seconds: number, pages: number) =>
      Number.isNaN(seconds) ? '?' : ((1000 * seconds) / pages).toFixed(2);
    const row = (name: string, b: BuildResult, sync: string, load: string) => [
      name,
      b.pages,
      s1(b.seconds),
      s1(b.pages / b.seconds),
      sync,
      s1(b.stages.bundle),
      s1(b.stages.render),
      s1(b.stages.write),
      s1(b.cpuSeconds),
      perPage(b.renderCpuSeconds, b.pages),
      mb(b.peakBytes),
      load,
    ];
    console.log(`\nBuild (seconds; stages timed from Astro's log). ${cachesLine()}`);
    console.log(
      table(
        [
          'build',
          'pages',
          'wall s',
          'pages/s',
          'sync',
          'bundle',
          'render',
          'write',
          'CPU s',
          'render CPU ms/page',
          'peak MB',
          'load avg (1, 5, 15 min) after',
        ],
        results.flatMap((r) => [
          row(`portal, scale ${r.scale}`, r, s1(r.stages.sync), r.load),
          ...(r.template ? [row('bare template', r.template, '-', r.templateLoad)] : []),
          ...(r.weighted ? [row(`bare, ${r.weighted.pageKb} KB pages`, r.weighted, '-', r.weighted.load)] : []),
        ]),
      ),
    );
    syncTable(results.map((r) => ({ ...r, cold: { seconds: r.stages.sync, cpu: r.syncCpu } })));
    for (const r of results) for (const line of ratioLines(r)) console.log(line);
    const failures = results.flatMap(gateFailures);
    if (failures.length) {
      console.error(`\nBelow the goal: ${failures.join('; ')}`);
      process.exitCode = 1;
    }
  }
  const over = jsRows.filter((r) => !withinBudget(r));
  if (over.length) {
    console.error(
      `\n${over.length} page(s) ship more gzipped JavaScript than their budget (20 KB, or 90 KB with React islands and 15 KB of an island's own code): ${over.map((r) => r.path).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
