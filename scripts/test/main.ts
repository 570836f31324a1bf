/**
 * `npm test`: every automated check.
 *   1. unit tests (vitest)
 *   2. the type checks of `npm run check` (scripts/site/check.ts) against a fresh reference API
 *   3. the code checks of `npm run lint` (ESLint, Prettier, knip: scripts/site/lint.ts)
 *   4. a fresh build of the site against that API with its demo data
 *   5. the end-to-end and accessibility suite (Playwright, Chromium) against the
 *      built site served on loopback by the site server `npm start` uses (sirv, with the manual
 *      search route rendered through the build's render path), with the API still running
 * 2 to 4 run one after the other while the unit tests run: the unit suites spend much of their
 * time waiting on child processes and publishes, and the checks and the build use that time.
 * Their output is printed after the unit tests' (each step as one block). The end-to-end suite
 * starts when all of 1 to 4 have passed.
 * Flags: --e2e-only skips 1 to 3; --skip-build reuses dist/ (built by a previous run);
 * anything after `--` goes to Playwright (e.g. `npm test -- --e2e-only -- shell`).
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_MISSING_MESSAGE, chromiumEnv, findChromium } from './chromium.ts';
import { startEmbeddedApi } from '../site/embedded-api.ts';
import { buildSite } from '../site/build-site.ts';
import { run, runKept } from '../site/run.ts';
import { loadRenderPath } from '../publisher/render-path.ts';
import { startSiteServer } from '../publisher/site-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const dashDash = args.indexOf('--');
const ownArgs = dashDash === -1 ? args : args.slice(0, dashDash);
const playwrightArgs = dashDash === -1 ? [] : args.slice(dashDash + 1);
const e2eOnly = ownArgs.includes('--e2e-only');
const skipBuild = ownArgs.includes('--skip-build');
// A fixed port (not 8787, which `npm start` uses) so --skip-build can reuse a build.
const apiPort = Number(process.env.E2E_API_PORT || 18787);
// The build's render path (inside the project: the bundle resolves the project's packages).
const renderPathDir = path.join(root, '.data', 'render-path', 'e2e');

const bin = (rel: string) => path.join(root, 'node_modules', rel);
const resultsDir = path.join(root, '.data', 'test-results');
mkdirSync(resultsDir, { recursive: true });
const unitResults = path.join(resultsDir, 'vitest.json');
const e2eResults = path.join(resultsDir, 'playwright.json');
const buildLog = path.join(resultsDir, 'build.log');
rmSync(unitResults, { force: true });
rmSync(e2eResults, { force: true });

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
/** The fields read from Vitest's and Playwright's JSON reports. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; flaky: number; unexpected: number; skipped: number };
}

/** Reads a runner's JSON report: { passed, failed, skipped } or null when there is none. */
function counts<R>(file: string, pick: (report: R) => Counts): Counts | null {
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}
const unitCounts = () =>
  counts(unitResults, (r: VitestReport) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }));
const e2eCounts = () =>
  counts(e2eResults, (r: PlaywrightReport) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  }));

/** One closing line for people and CI: 'N passed, N failed, N skipped'. */
function summarise(exitCode: number): never {
  const all = [unitCounts(), e2eCounts()].filter((c) => c !== null);
  const sum = (k: keyof Counts) => all.reduce((n, c) => n + c[k], 0);
  console.log(
    `\ntests: ${sum('passed')} passed, ${sum('failed') + (exitCode !== 0 && sum('failed') === 0 ? 1 : 0)} failed, ${sum('skipped')} skipped`,
  );
  process.exit(exitCode);
}

/** A step that runs beside the unit tests: its exit code and what it printed, to show after them. */
interface Step {
  name: string;
  code: number;
  output: string;
}

/** Runs a node script with its output kept, to show after the unit tests. */
async function runQuiet(name: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Step> {
  return { name, ...(await runKept(process.execPath, args, { cwd: root, env })) };
}

/**
 * The site's build for the end-to-end suite, its hundreds of lines of progress kept in
 * .data/test-results/build.log rather than between the unit and end-to-end results.
 * Reports the build's warnings and errors and its closing line; on failure, the log's end.
 * Its Astro cache (the content layer's data store) is its own, .data/e2e-build-cache: the
 * publisher suites' builds, deploy:try's among them, may run at the same time against other APIs.
 */
async function buildForTests(apiBaseUrl: string): Promise<Step> {
  const started = Date.now();
  const out = [
    `build: building the site against the reference API at ${apiBaseUrl} (output in ${path.relative(root, buildLog)})`,
  ];
  const config = path.join(resultsDir, 'astro.config.mjs');
  writeFileSync(
    config,
    `import base from ${JSON.stringify(pathToFileURL(path.join(root, 'astro.config.mjs')).href)};\n` +
      `export default { ...base, cacheDir: ${JSON.stringify(path.join(root, '.data', 'e2e-build-cache'))} };\n`,
  );
  const fd = openSync(buildLog, 'w');
  const code = await buildSite({
    apiBaseUrl,
    args: ['--config', path.relative(root, config)],
    stdio: ['ignore', fd, fd],
    env: { RENDER_PATH_DIR: renderPathDir },
  });
  closeSync(fd);
  const lines = readFileSync(buildLog, 'utf8').split('\n');
  const relLog = path.relative(root, buildLog);
  if (code !== 0) {
    out.push(...lines.slice(-80), `The build failed (exit ${code}); its whole output is in ${relLog}.`);
    return { name: 'build', code, output: out.join('\n') };
  }
  // Astro marks warnings and errors [WARN]/[ERROR]; the content loaders' logger, [warn]/[error].
  const notable = lines.filter((l) => /\[(WARN|ERROR|warn|error)\]/.test(l));
  out.push(...notable);
  const built = lines.find((l) => /page\(s\) built in/.test(l))?.replace(/^.*\[build\]\s*/, '') ?? 'built';
  out.push(
    `build: ${built}, ${Math.round((Date.now() - started) / 1000)} s in all, ${notable.length} warnings (output in ${relLog})`,
  );
  return { name: 'build', code: 0, output: out.join('\n') };
}

const chromium = await findChromium();
if (!chromium) {
  console.error(CHROMIUM_MISSING_MESSAGE);
  summarise(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
const api = await startEmbeddedApi({ host: '127.0.0.1', port: apiPort, dbPath: path.join(dataDir, 'api.sqlite') });
let site: Awaited<ReturnType<typeof startSiteServer>> | undefined;
let code = 1;
try {
  // The type checks, the code checks and the build, one after the other, beside the unit tests.
  // The type checks first: their content sync shares Astro's default cache with deploy:try's build
  // (tests/unit/publisher/deploy-try.test.ts), which the unit suites start a few minutes in.
  const beside = (async () => {
    const steps: Step[] = [];
    if (!e2eOnly) {
      const check = await runQuiet('check', [path.join(root, 'scripts', 'site', 'check.ts')], {
        ...process.env,
        PUBLIC_API_BASE_URL: api.url,
      });
      if (check.code !== 0) check.output += '\nThe type checks failed (npm run check).';
      steps.push(check);
      const lint = await runQuiet('lint', [path.join(root, 'scripts', 'site', 'lint.ts')]);
      if (lint.code !== 0) lint.output += '\nThe code checks failed (npm run lint).';
      steps.push(lint);
    }
    if (!skipBuild && steps.every((s) => s.code === 0)) steps.push(await buildForTests(api.url));
    return steps;
  })();
  const unit = e2eOnly
    ? 0
    : await run(process.execPath, [
        bin('vitest/vitest.mjs'),
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${unitResults}`,
      ]);
  const steps = await beside;
  for (const step of steps) if (step.output.trim()) console.log(step.output.trimEnd());
  code = [unit, ...steps.map((s) => s.code)].find((c) => c !== 0) ?? 0;
  if (code !== 0) throw new Error('The end-to-end suite did not run: a step before it failed.');

  console.log(`e2e: Chromium from ${chromium.source}: ${chromium.path}`);
  const renderPath = await loadRenderPath(renderPathDir).catch((error: unknown) => {
    throw new Error(`No render path in ${path.relative(root, renderPathDir)} (build without --skip-build): ${error}`);
  });
  site = await startSiteServer({
    root: path.join(root, 'dist'),
    folder: true,
    host: '127.0.0.1',
    port: 0,
    renderRequest: renderPath.renderRequest,
  });
  code = await run(process.execPath, [bin('@playwright/test/cli.js'), 'test', ...playwrightArgs], {
    env: {
      ...process.env,
      E2E_BASE_URL: site.url,
      E2E_API_URL: api.url,
      CHROMIUM_PATH: chromium.path,
      ...chromiumEnv(),
      PLAYWRIGHT_JSON_OUTPUT_FILE: e2eResults,
    },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await site?.close();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}
summarise(code);
