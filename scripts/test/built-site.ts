/**
 * The one real build of the demo site the tests use: the publisher suites (loop, faults-journey,
 * publish-s3) publish from it, and `npm test` serves it to the end-to-end suite
 * (scripts/test/main.ts). Made on the first run into .data/test-build/ and reused while src/,
 * locales, public/, the config and the lockfile are unchanged and the day (Bangkok) is the same,
 * with the seeded database it was built from (`base.sqlite`) and its output (`build.log`). Two
 * runs that ask for it at once wait for one build (a lock beside it).
 *
 * A build bakes the API's address and the site's origin into its render path and pages
 * (`BUILD_SITE`, `BUILD_API`; TEST_BUILD_PORT=N moves them to N and N+1). The loop suite serves
 * the site and runs the API there, and so does the end-to-end suite once the unit tests are done;
 * a suite with an API of its own elsewhere routes the build's API address to it
 * (tests/unit/publisher/route-api.ts), in its own process or in the publishers it starts.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lockfile from 'proper-lockfile';
import { buildSite, buildSourceDigest } from '../site/build-site.ts';
import { startContentApi } from '../content-api/server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORK = path.join(ROOT, '.data/test-build');
export const BUILD_SITE_PORT = Number(process.env.TEST_BUILD_PORT || 8814);
export const BUILD_API_PORT = BUILD_SITE_PORT + 1;
/** The site's origin baked into the build. */
export const BUILD_SITE = `http://127.0.0.1:${BUILD_SITE_PORT}`;
/** The API address baked into the build (PUBLIC_API_BASE_URL for the publishers that load it). */
export const BUILD_API = `http://127.0.0.1:${BUILD_API_PORT}`;

export interface BuiltSite {
  renderPathDir: string;
  dist: string;
  /** The seeded database the build read; copy it before a run changes it. */
  baseDb: string;
  /** What the build printed. */
  log: string;
}

/** The shared build, made now if there is none for these sources, or waited for while another suite makes it. */
export async function sharedBuild(): Promise<BuiltSite> {
  mkdirSync(path.dirname(WORK), { recursive: true });
  // The lock is a folder beside the build; a build takes under a minute alone, a few on a busy machine.
  const release = await lockfile.lock(WORK, {
    realpath: false,
    lockfilePath: `${WORK}.lock`,
    // The holder refreshes the lock while it builds; a lock a killed run left is taken over after a minute.
    stale: 60_000,
    update: 10_000,
    retries: { retries: 1200, factor: 1, minTimeout: 250, maxTimeout: 250 },
  });
  try {
    return await buildOnce();
  } finally {
    await release();
  }
}

async function buildOnce(): Promise<BuiltSite> {
  const site: BuiltSite = {
    renderPathDir: path.join(WORK, 'render-path'),
    dist: path.join(WORK, 'dist'),
    baseDb: path.join(WORK, 'base.sqlite'),
    log: path.join(WORK, 'build.log'),
  };
  // The day in the agency's time zone too: a build shows what is coming from the day it was made
  // (the calendar, upcoming events), so one from yesterday is made again.
  const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });
  const digest = `${buildSourceDigest()} ${BUILD_API} ${BUILD_SITE} ${day}`;
  const stamp = path.join(WORK, 'source-digest');
  const fresh = existsSync(stamp) && readFileSync(stamp, 'utf8') === digest;
  const whole = [path.join(site.renderPathDir, 'render-path.json'), site.baseDb, site.log].every((f) => existsSync(f));
  if (fresh && whole) return site;
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const seed = await startContentApi({ host: '127.0.0.1', port: BUILD_API_PORT, dbPath: site.baseDb });
  const config = path.join(WORK, 'astro.config.mjs');
  writeFileSync(
    config,
    `import base from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'astro.config.mjs')).href)};\n` +
      `export default { ...base, outDir: ${JSON.stringify(site.dist)}, cacheDir: ${JSON.stringify(path.join(WORK, 'cache'))} };\n`,
  );
  const log = openSync(site.log, 'w');
  const code = await buildSite({
    apiBaseUrl: seed.url,
    args: ['--config', path.relative(ROOT, config)],
    env: { RENDER_PATH_DIR: site.renderPathDir, SITE_URL: BUILD_SITE },
    stdio: ['ignore', log, log],
  }).finally(() => closeSync(log));
  await seed.close();
  if (code !== 0) {
    const tail = readFileSync(site.log, 'utf8').split('\n').slice(-60).join('\n');
    throw new Error(`The build of the demo site failed (exit ${code}); its output is in ${site.log}:\n${tail}`);
  }
  writeFileSync(stamp, digest);
  return site;
}
