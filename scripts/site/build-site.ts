/** Runs `astro build` against a given API base URL (see run.ts for why `_` is unset). */
import type { StdioOptions } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findMissingAssets } from './asset-check.ts';
import { buildEnv, run } from './run.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const astroBin = path.join(root, 'node_modules/astro/bin/astro.mjs');

export interface BuildSiteOptions {
  apiBaseUrl: string;
  args?: string[];
  env?: Record<string, string>;
  /** where a `--config` passed in args puts the output (default: `--outDir` from args, or dist/) */
  outDir?: string;
  /** where a `--config` passed in args puts the cache (default: node_modules/.astro/) */
  cacheDir?: string;
  stdio?: StdioOptions;
}

/** Resolves with the exit code of the build. */
export async function buildSite({
  apiBaseUrl,
  args = [],
  env = {},
  outDir,
  cacheDir,
  stdio,
}: BuildSiteOptions): Promise<number> {
  const build = () =>
    run(process.execPath, [astroBin, 'build', ...args], {
      cwd: root,
      stdio,
      env: buildEnv({ ...env, PUBLIC_API_BASE_URL: apiBaseUrl }),
    });
  const code = await build();
  if (code !== 0) return code;

  // Pages restored from the incremental cache can name assets this build renamed
  // (see asset-check.ts): build once more without the cache.
  const flag = args.indexOf('--outDir');
  const out = path.resolve(root, outDir ?? (flag >= 0 ? args[flag + 1] : 'dist'));
  const missing = findMissingAssets(out);
  if (missing.length === 0) return 0;
  console.warn(
    `\n${missing.length} asset(s) named by restored pages were not built (${missing[0]!.asset} in ${missing[0]!.page});` +
      ' rebuilding every page without the incremental cache.\n',
  );
  rmSync(path.join(path.resolve(root, cacheDir ?? 'node_modules/.astro'), 'incremental-build.json'), { force: true });
  const again = await build();
  if (again !== 0) return again;
  const still = findMissingAssets(out);
  if (still.length === 0) return 0;
  console.error(`Still missing after a full build: ${still.map((m) => `${m.asset} (${m.page})`).join(', ')}`);
  return 1;
}
