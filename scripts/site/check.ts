/**
 * `npm run check`: the type checks. `astro check` over the one TypeScript program tsconfig.json
 * makes of src/ (pages, components), scripts/ and tests/: one program, so the files the three
 * share are checked once (the tests import most of src/ and scripts/). `astro check` first
 * syncs the content layer, whose loaders read the content API: against PUBLIC_API_BASE_URL when
 * set, otherwise the embedded reference API at API_HOST:API_PORT (started for the check when
 * nothing answers there), as `npm run build` does. Exits non-zero on any type error.
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

console.log('check: astro check (src/, scripts/, tests/)');
const code = await run(process.execPath, [bin('astro/bin/astro.mjs'), 'check'], {
  cwd: root,
  env: buildEnv({ PUBLIC_API_BASE_URL: api.url }),
}).finally(() => api.close());
console.log(code === 0 ? 'check: no type errors' : `check: failed: astro check (exit ${code})`);
process.exit(code === 0 ? 0 : 1);
