/** Runs `astro build` against a given API base URL (see run.ts for why `_` is unset). */
import type { StdioOptions } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEnv, run } from './run.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const astroBin = path.join(root, 'node_modules/astro/bin/astro.mjs');

export interface BuildSiteOptions {
  apiBaseUrl: string;
  args?: string[];
  env?: Record<string, string>;
  stdio?: StdioOptions;
}

/** Resolves with the exit code of the build. */
export function buildSite({ apiBaseUrl, args = [], env = {}, stdio }: BuildSiteOptions): Promise<number> {
  return run(process.execPath, [astroBin, 'build', ...args], {
    cwd: root,
    stdio,
    env: buildEnv({ ...env, PUBLIC_API_BASE_URL: apiBaseUrl }),
  });
}
