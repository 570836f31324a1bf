/** Runs `astro build` against a given API base URL (see run.ts for why `_` is unset). */
import type { StdioOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressFolder } from '../publisher/precompress.ts';
import { astroBin } from '../../src/collections/astro-internals.ts';
import { buildEnv, run } from './run.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A digest of what a build depends on (src/, locales, public, the Astro and UnoCSS configs, the
 * lockfile), for the commands and tests that keep a build while these are unchanged.
 */
export function buildSourceDigest(): string {
  const hash = createHash('sha256');
  const add = (p: string) => {
    const full = path.join(root, p);
    if (statSync(full).isDirectory()) for (const d of readdirSync(full).sort()) add(path.join(p, d));
    else hash.update(p).update(readFileSync(full));
  };
  for (const p of ['src', 'locales', 'public', 'astro.config.mjs', 'uno.config.ts', 'package-lock.json']) add(p);
  return hash.digest('hex');
}

export interface BuildSiteOptions {
  apiBaseUrl: string;
  args?: string[];
  env?: Record<string, string>;
  stdio?: StdioOptions;
}

/**
 * What a test runner (Vitest) puts into the environment of its workers, and so of the builds they
 * start: `import.meta.env`'s values (MODE=test, DEV, PROD='', SSR, BASE_URL), NODE_ENV=test and its
 * own flags. Astro takes `import.meta.env` from the environment, so a build that inherited them
 * would be a development build in a production build's place (the browser logger on, JSX compiled
 * for React's development runtime, which the production React of `npm start` cannot render).
 */
const RUNNER_ENV = [
  'MODE',
  'DEV',
  'PROD',
  'SSR',
  'BASE_URL',
  'NODE_ENV',
  'TEST',
  'VITEST',
  'VITEST_MODE',
  'VITEST_POOL_ID',
  'VITEST_WORKER_ID',
];

/** Resolves with the exit code of the build: always a production build, whoever starts it. */
export function buildSite({ apiBaseUrl, args = [], env = {}, stdio }: BuildSiteOptions): Promise<number> {
  const buildEnvironment = buildEnv({ ...env, PUBLIC_API_BASE_URL: apiBaseUrl });
  for (const name of RUNNER_ENV) delete buildEnvironment[name];
  return run(process.execPath, [astroBin(), 'build', ...args], {
    cwd: root,
    stdio,
    env: { ...buildEnvironment, NODE_ENV: 'production' },
  });
}

/**
 * A build that keeps its render path for the publisher (docs/deploy.md): the bundle goes to a
 * fresh folder `builds/<id>` beside `renderPathDir`, and only when the build succeeded does
 * `renderPathDir` become a symlink to it, swapped in one rename. A publisher running from the
 * render path of before keeps every file it may still import (its folder is not touched; the
 * three newest are kept), and a failed build leaves the last good render path in place.
 */
export async function buildKeepingRenderPath(
  options: BuildSiteOptions & { renderPathDir: string; keep?: number },
): Promise<number> {
  const { renderPathDir, keep = 3, ...rest } = options;
  const builds = path.join(path.dirname(renderPathDir), 'builds');
  const id = `${new Date().toISOString().replace(/[-:.]/g, '')}-${process.pid}`;
  const target = path.join(builds, id);
  await mkdir(builds, { recursive: true });
  const code = await buildSite({ ...rest, env: { ...rest.env, RENDER_PATH_DIR: target } });
  if (code !== 0) {
    await rm(target, { recursive: true, force: true });
    return code;
  }
  // The Brotli/gzip twins the site server answers with, made now rather than after the base release.
  const outDir = rest.args?.includes('--outDir') ? rest.args[rest.args.indexOf('--outDir') + 1]! : 'dist';
  const twins = await precompressFolder(path.resolve(root, outDir));
  console.log(`build: Brotli and gzip twins of ${twins.files} file(s) in ${(twins.ms / 1000).toFixed(1)} s`);
  const link = path.relative(path.dirname(renderPathDir), target);
  const tmp = `${renderPathDir}.${id}.tmp`;
  await symlink(link, tmp);
  const before = await lstat(renderPathDir).catch(() => null);
  // A render path of old is a folder (builds before this one): moved aside, then deleted.
  if (before?.isDirectory()) await rename(renderPathDir, path.join(builds, `${id}-old`));
  await rename(tmp, renderPathDir);
  const current = path.basename(await readlink(renderPathDir));
  const all = (await readdir(builds)).sort().reverse();
  const kept = new Set([current, ...all.filter((name) => !name.endsWith('-old')).slice(0, keep)]);
  for (const name of all) if (!kept.has(name)) await rm(path.join(builds, name), { recursive: true, force: true });
  return 0;
}
