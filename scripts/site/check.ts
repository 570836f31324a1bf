/**
 * `npm run check`: the type checks. `astro check` (pages, components, src/) and `tsc --noEmit`
 * over scripts/ and tests/ (scripts/tsconfig.json, tests/tsconfig.json). `astro check` first
 * syncs the content layer, whose loaders read the content API: against PUBLIC_API_BASE_URL when
 * set, otherwise the embedded reference API at API_HOST:API_PORT (started for the check when
 * nothing answers there), as `npm run build` does. Runs all three; exits non-zero if any failed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiAddressFromEnv, ensureApi } from './embedded-api.ts';
import { buildEnv, run } from './run.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (rel: string) => path.join(root, 'node_modules', rel);

const explicit = process.env.PUBLIC_API_BASE_URL;
const api = explicit
  ? { url: explicit, close: async () => {} }
  : await ensureApi({ ...apiAddressFromEnv(), dbPath: process.env.API_DB });

const steps: [string, string[]][] = [
  ['astro check', [bin('astro/bin/astro.mjs'), 'check']],
  ['tsc -p scripts', [bin('typescript/bin/tsc'), '--noEmit', '-p', 'scripts']],
  ['tsc -p tests', [bin('typescript/bin/tsc'), '--noEmit', '-p', 'tests']],
];
const failed: string[] = [];
try {
  for (const [name, args] of steps) {
    console.log(`check: ${name}`);
    const code = await run(process.execPath, args, { cwd: root, env: buildEnv({ PUBLIC_API_BASE_URL: api.url }) });
    if (code !== 0) failed.push(`${name} (exit ${code})`);
  }
} finally {
  await api.close();
}
console.log(failed.length ? `check: failed: ${failed.join(', ')}` : 'check: no type errors');
process.exit(failed.length ? 1 : 0);
