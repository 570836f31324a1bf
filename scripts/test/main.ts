/**
 * `npm test`: every automated check.
 *   1. unit tests (vitest)
 *   2. the type checks of `npm run check` (scripts/site/check.ts) against a fresh reference API
 *   3. the code checks of `npm run lint` (ESLint, Prettier, knip: scripts/site/lint.ts)
 *   4. the demo site's test build (scripts/test/built-site.ts): the loop suite makes it among the
 *      unit tests, and this waits for it (or makes it, when no unit test did)
 *   5. the end-to-end and accessibility suite (Playwright, Chromium) against that build served on
 *      loopback by the site server `npm start` uses (sirv, with the manual search route rendered
 *      through the build's render path), with the reference API over the database it was built from
 * 2 to 4 run one after the other while the unit tests run. Their output is printed after the unit
 * tests' (each step as one block). The end-to-end suite starts when all of 1 to 4 have passed.
 * Flags: --e2e-only skips 1 to 3 (the build is remade only when the sources or the day changed);
 * anything after `--` goes to Playwright (e.g. `npm test -- --e2e-only -- shell`).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_MISSING_MESSAGE, chromiumEnv, findChromium } from './chromium.ts';
import { startEmbeddedApi } from '../site/embedded-api.ts';
import { BUILD_API_PORT, BUILD_SITE_PORT, sharedBuild, type BuiltSite } from './built-site.ts';
import { run, runKept } from '../site/run.ts';
import { loadRenderPath } from '../publisher/render-path.ts';
import { startSiteServer } from '../publisher/site-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const dashDash = args.indexOf('--');
const ownArgs = dashDash === -1 ? args : args.slice(0, dashDash);
const playwrightArgs = dashDash === -1 ? [] : args.slice(dashDash + 1);
const e2eOnly = ownArgs.includes('--e2e-only');
// Not 8787, which `npm start` uses.
const checksApiPort = Number(process.env.CHECKS_API_PORT || 18787);

const bin = (rel: string) => path.join(root, 'node_modules', rel);
const resultsDir = path.join(root, '.data', 'test-results');
mkdirSync(resultsDir, { recursive: true });
const unitResults = path.join(resultsDir, 'vitest.json');
const e2eResults = path.join(resultsDir, 'playwright.json');
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
  /** The build step's build. */
  site?: BuiltSite;
}

/** Runs a node script with its output kept, to show after the unit tests. */
async function runQuiet(name: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Step> {
  return { name, ...(await runKept(process.execPath, args, { cwd: root, env })) };
}

/**
 * The build the end-to-end suite is served: the demo site's one test build (scripts/test/built-site.ts),
 * which the loop suite makes at the start of the unit tests (this waits for it), or made here when
 * the unit tests did not run or the sources changed since. Its hundreds of lines of progress stay in
 * its build.log; reported here are its warnings and errors and its closing line, or on failure the
 * log's end.
 */
async function builtForTests(): Promise<Step> {
  const started = Date.now();
  try {
    const built = await sharedBuild();
    const lines = readFileSync(built.log, 'utf8').split('\n');
    // Astro marks warnings and errors [WARN]/[ERROR]; the content loaders' logger, [warn]/[error].
    const notable = lines.filter((l) => /\[(WARN|ERROR|warn|error)\]/.test(l));
    const line = lines.find((l) => /page\(s\) built in/.test(l))?.replace(/^.*\[build\]\s*/, '') ?? 'built';
    const output = [
      ...notable,
      `build: ${line}, ready for the end-to-end suite after ${Math.round((Date.now() - started) / 1000)} s, ${notable.length} warnings (output in ${path.relative(root, built.log)})`,
    ];
    return { name: 'build', code: 0, output: output.join('\n'), site: built };
  } catch (error) {
    return { name: 'build', code: 1, output: error instanceof Error ? error.message : String(error) };
  }
}

const chromium = await findChromium();
if (!chromium) {
  console.error(CHROMIUM_MISSING_MESSAGE);
  summarise(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
type Api = Awaited<ReturnType<typeof startEmbeddedApi>>;
// The type checks' content sync reads a fresh reference API of its own: the build's address is the
// loop suite's while the unit tests run.
const checksApi: Api | undefined = e2eOnly
  ? undefined
  : await startEmbeddedApi({ host: '127.0.0.1', port: checksApiPort, dbPath: path.join(dataDir, 'checks.sqlite') });
let api: Api | undefined;
let site: Awaited<ReturnType<typeof startSiteServer>> | undefined;
let code = 1;
try {
  // The type checks, the code checks and the build, one after the other, beside the unit tests.
  // The type checks first: their content sync shares Astro's default cache with deploy:try's build
  // (tests/unit/publisher/deploy-try.test.ts), which the unit suites start a few minutes in.
  const beside = (async () => {
    const steps: Step[] = [];
    if (checksApi) {
      const check = await runQuiet('check', [path.join(root, 'scripts', 'site', 'check.ts')], {
        ...process.env,
        PUBLIC_API_BASE_URL: checksApi.url,
      });
      if (check.code !== 0) check.output += '\nThe type checks failed (npm run check).';
      steps.push(check);
      const lint = await runQuiet('lint', [path.join(root, 'scripts', 'site', 'lint.ts')]);
      if (lint.code !== 0) lint.output += '\nThe code checks failed (npm run lint).';
      steps.push(lint);
    }
    if (steps.every((s) => s.code === 0)) steps.push(await builtForTests());
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
  await checksApi?.close();
  for (const step of steps) if (step.output.trim()) console.log(step.output.trimEnd());
  code = [unit, ...steps.map((s) => s.code)].find((c) => c !== 0) ?? 0;
  const built = steps.find((s) => s.name === 'build')?.site;
  if (code !== 0 || !built) throw new Error('The end-to-end suite did not run: a step before it failed.');

  // The site and the API where the build says they are (BUILD_SITE, BUILD_API), the API over a
  // copy of the database the build read, so the pages and the API agree.
  console.log(`e2e: Chromium from ${chromium.source}: ${chromium.path}`);
  const dbPath = path.join(dataDir, 'api.sqlite');
  copyFileSync(built.baseDb, dbPath);
  api = await startEmbeddedApi({ host: '127.0.0.1', port: BUILD_API_PORT, dbPath });
  const renderPath = await loadRenderPath(built.renderPathDir);
  site = await startSiteServer({
    root: built.dist,
    folder: true,
    host: '127.0.0.1',
    port: BUILD_SITE_PORT,
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
  await api?.close();
  await checksApi?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
summarise(code);
