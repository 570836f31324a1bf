/**
 * `npm run bench:build`: how fast the site builds at scale and how much JavaScript its
 * content pages ship.
 *
 *   npm run bench:build                       scales 1000 and 5000
 *   npm run bench:build -- --scale 1000       one scale (or --scale 1000,5000)
 *   npm run bench:build -- --js-only [dir]    only the JavaScript table, for an existing build (default dist/)
 *
 * For each scale it starts the reference content API in this process on a fresh temporary
 * database seeded with `scale` items per large collection, builds the site against it
 * (scripts/site/build-site.ts) into a temporary folder with its own Astro cache (so the
 * project's dist/ and content cache are untouched), and prints pages built, pages per
 * second, build seconds and the build's peak memory (the highest resident set size of the
 * build process, from /proc). Then, for the home page, a list page and a detail page, the
 * gzipped JavaScript each ships: every script src, modulepreload and island component or
 * renderer, followed through their static and dynamic imports, each file gzipped once,
 * plus inline scripts. Exits non-zero when a content page ships more than 20 KB gzipped.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildSite } from '../site/build-site.ts';
import { startEmbeddedApi } from '../site/embedded-api.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const JS_BUDGET_BYTES = 20 * 1024;
/** Pages that hold a React island may ship up to this (issue 5). */
export const ISLAND_PAGE_BUDGET_BYTES = 100 * 1024;

/** Chunks of third-party libraries islands share (codeSplitting groups in astro.config.mjs). */
const LIBRARY_CHUNK = /^zod\.[\w-]+\.js$/;

/** An island's own code, beyond React and the shell (issue 5). */
const ISLAND_OWN_BUDGET_BYTES = 15 * 1024;

/** Within the page budget, and every island within its own. */
export function withinBudget(row: { gzipBytes: number; islands: number; islandOwnBytes?: number }): boolean {
  return row.gzipBytes <= budgetOf(row) && (row.islandOwnBytes ?? 0) <= ISLAND_OWN_BUDGET_BYTES;
}

/** The budget of a page: 20 KB for content pages, 100 KB when it holds a React island. */
export function budgetOf(row: { islands: number }): number {
  return row.islands > 0 ? ISLAND_PAGE_BUDGET_BYTES : JS_BUDGET_BYTES;
}

// ---- arguments ----

export function parseArgs(argv: string[]): { scales: number[]; jsOnly: boolean; dir: string } {
  const opts = { scales: [1000, 5000], jsOnly: false, dir: path.join(ROOT, 'dist') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--js-only') {
      opts.jsOnly = true;
      const next = argv[i + 1];
      if (next && !next.startsWith('--')) { opts.dir = path.resolve(next); i++; }
    } else if (a === '--scale' || a.startsWith('--scale=')) {
      const value = a.includes('=') ? a.split('=')[1] : argv[++i];
      opts.scales = String(value).split(',').map((s) => Number(s.trim()));
      if (opts.scales.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--scale wants whole numbers, got "${value}"`);
    } else if (/^\d+$/.test(a)) {
      opts.scales = [Number(a)];
    } else {
      throw new Error(`Unknown argument "${a}" (use --scale N[,M], --js-only [dir])`);
    }
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
      } catch {
        // ended
      }
    }
  }, intervalMs);
  return { stop: () => (clearInterval(timer), peakKb * 1024) };
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
  if (size === undefined) { size = gzipSync(readFileSync(file), { level: 9 }).length; gzipCache.set(file, size); }
  return size;
}

// Quotes, and backticks: the bundler writes dynamic imports as import(`./chunk.js`).
const IMPORT_RE = /(?:\bimport\s*(?:[\w*{}\s,$]+\s*from\s*)?|\bimport\s*\(\s*|\bexport\s*(?:[\w*{}\s,$]+\s*)from\s*)["'`]([^"'`]+\.m?js)["'`]/g;

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
    for (const src of srcs) if (src && !/^https?:/.test(src)) transitive(path.join(dir, src.split('?')[0] ?? ''), dir, files);
    return files;
  };
  const islandFiles = reach(islandEntries);
  // An island's own code: what its component reaches that neither the React renderer (React
  // itself) nor the page's shell scripts already load. Issue 5 caps it at 15 KB per island.
  // Libraries that islands share (their own chunks, named in astro.config.mjs) are not own code.
  const sharedFiles = new Set([...reach(rendererEntries), ...reach(entries)]);
  const isLibrary = (f: string) => LIBRARY_CHUNK.test(path.basename(f));
  const ownBytes = [...componentEntries].map((src) =>
    [...reach([src])].filter((f) => !sharedFiles.has(f) && !isLibrary(f)).reduce((sum, f) => sum + gzipSize(f), 0));
  const files = reach([...entries, ...islandEntries]);
  let inlineBytes = 0;
  let inlineCount = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1];
    if (/\bsrc=/.test(attrs) || /type="(application\/(ld\+)?json|text\/template)"/.test(attrs) || !m[2]?.trim()) continue;
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
    // Pages whose main content is a React island (issue 5's budgets).
    { kind: 'search', path: '/search/' },
    { kind: 'calendar', path: '/calendar/' },
    { kind: 'survey', path: '/surveys/1/' },
    { kind: 'web board', path: '/webboard/' },
    { kind: 'web board', path: '/webboard/login/' },
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
  console.log(table(
    ['page', 'kind', 'files', 'inline', 'islands', 'gzip KB', 'of it islands KB', 'island own KB', 'budget KB', 'within'],
    rows.map((r) => [r.path, r.kind, r.files, r.inline, r.islands, kb(r.gzipBytes), kb(r.islandBytes), kb(r.islandOwnBytes), budgetOf(r) / 1024, withinBudget(r) ? 'yes' : 'NO']),
  ));
  return rows;
}

function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows].map((r) => r.map(String));
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

// ---- one scale ----

async function benchScale(scale: number) {
  const work = mkdtempSync(path.join(tmpdir(), `portal-bench-${scale}-`));
  const outDir = path.join(work, 'dist');
  // A config that is the project's own with a private output folder and content cache.
  const config = path.join(ROOT, `.bench-${scale}-${process.pid}.config.mjs`);
  writeFileSync(config, `import base from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'astro.config.mjs')).href)};\n`
    + `export default { ...base, outDir: ${JSON.stringify(outDir)}, cacheDir: ${JSON.stringify(path.join(work, 'cache'))} };\n`);
  const api = await startEmbeddedApi({ host: '127.0.0.1', port: 0, dbPath: path.join(work, 'api.sqlite'), scale });
  console.log(`\n== scale ${scale}: API ${api.url}, output ${outDir}`);
  // The reference API answers from this process's one thread while the build uses both
  // cores; the agency's API is a separate server. So the API runs at a higher priority than
  // the build (root only; otherwise both stay as they are) and the build keeps the normal one.
  const raised = raisePriority();
  const memory = watchChildMemory((pid) => { if (raised) restorePriority(pid); });
  const started = performance.now();
  let code;
  try {
    // Astro joins --config to the project root, so it is given relative to it.
    code = await buildSite({ apiBaseUrl: api.url, args: ['--config', path.relative(ROOT, config)], outDir, cacheDir: path.join(work, 'cache') });
  } finally {
    await api.close();
    rmSync(config, { force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  const peakBytes = memory.stop();
  if (raised) restorePriority(0);
  if (code !== 0) throw new Error(`The build at scale ${scale} failed (exit ${code}); output kept in ${work}`);
  const pages = countPages(outDir);
  return { scale, pages, seconds, peakBytes, outDir, work };
}

// ---- main ----

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let jsRows: ReturnType<typeof jsTable> = [];
  if (opts.jsOnly) {
    if (!existsSync(path.join(opts.dir, 'index.html'))) throw new Error(`No built site in ${opts.dir}: build first, or pass the folder.`);
    jsRows = jsTable(opts.dir);
  } else {
    const results = [];
    for (const scale of opts.scales) {
      const r = await benchScale(scale);
      results.push(r);
      jsRows = jsTable(r.outDir);
      rmSync(r.work, { recursive: true, force: true });
    }
    console.log('\nBuild:');
    console.log(table(
      ['scale', 'pages', 'build s', 'pages/s', 'peak MB'],
      results.map((r) => [r.scale, r.pages, r.seconds.toFixed(1), (r.pages / r.seconds).toFixed(1), (r.peakBytes / 1048576).toFixed(0)]),
    ));
  }
  const over = jsRows.filter((r) => !withinBudget(r));
  if (over.length) {
    console.error(`\n${over.length} page(s) ship more gzipped JavaScript than their budget (20 KB, or 100 KB with React islands and 15 KB of an island's own code): ${over.map((r) => r.path).join(', ')}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
