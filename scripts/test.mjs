/**
 * `npm test`: every automated check.
 *   1. unit tests (vitest)
 *   2. a fresh build of the site against a fresh reference API with its demo data
 *   3. the end-to-end and accessibility suite (Playwright, Chromium) against the
 *      built site served on loopback, with the API still running for the islands
 * Flags: --e2e-only skips 1; --skip-build reuses dist/ (built by a previous run);
 * anything after `--` goes to Playwright (e.g. `npm test -- --e2e-only -- shell`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from './lib/build-site.mjs';
import { CHROMIUM_MISSING_MESSAGE, findChromium } from './lib/chromium.mjs';
import { startEmbeddedApi } from './lib/embedded-api.mjs';
import { run } from './lib/run.mjs';
import { startStaticServer } from './lib/static-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const dashDash = args.indexOf('--');
const ownArgs = dashDash === -1 ? args : args.slice(0, dashDash);
const playwrightArgs = dashDash === -1 ? [] : args.slice(dashDash + 1);
const e2eOnly = ownArgs.includes('--e2e-only');
const skipBuild = ownArgs.includes('--skip-build');
// A fixed port (not 8787, which `npm start` uses) so --skip-build can reuse a build.
const apiPort = Number(process.env.E2E_API_PORT || 18787);

const bin = (rel) => path.join(root, 'node_modules', rel);

if (!e2eOnly) {
  const code = await run(process.execPath, [bin('vitest/vitest.mjs'), 'run']);
  if (code !== 0) process.exit(code);
}

const chromium = findChromium();
if (!chromium) {
  console.error(CHROMIUM_MISSING_MESSAGE);
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
const api = await startEmbeddedApi({ host: '127.0.0.1', port: apiPort, dbPath: path.join(dataDir, 'api.sqlite') });
let site;
let code = 1;
try {
  if (!skipBuild) {
    code = await buildSite({ apiBaseUrl: api.url });
    if (code !== 0) throw new Error('The build failed.');
  }
  site = await startStaticServer({ root: path.join(root, 'dist'), host: '127.0.0.1', port: 0 });
  code = await run(process.execPath, [bin('@playwright/test/cli.js'), 'test', ...playwrightArgs], {
    env: { ...process.env, E2E_BASE_URL: site.url, E2E_API_URL: api.url, CHROMIUM_PATH: chromium },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await site?.close();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
