/** Runs `astro build` against a given API base URL (see run.mjs for why `_` is unset). */
import { fileURLToPath } from 'node:url';
import { buildEnv, run } from './run.mjs';

const astroBin = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));

/**
 * @param {{ apiBaseUrl: string, args?: string[], env?: Record<string, string> }} options
 * @returns {Promise<number>} the exit code of the build
 */
export function buildSite({ apiBaseUrl, args = [], env = {} }) {
  return run(process.execPath, [astroBin, 'build', ...args], {
    env: buildEnv({ ...env, PUBLIC_API_BASE_URL: apiBaseUrl }),
  });
}
