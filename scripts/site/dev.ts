/** `npm run dev`: the reference API plus `astro dev` pointed at it. */
import { fileURLToPath } from 'node:url';
import { apiAddressFromEnv, ensureApi } from './embedded-api.ts';
import { buildEnv, run } from './run.ts';

const astroBin = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));
const api = await ensureApi({ ...apiAddressFromEnv(), dbPath: process.env.API_DB });
console.log(`Reference content API on ${api.url}`);
const code = await run(process.execPath, [astroBin, 'dev', ...process.argv.slice(2)], {
  env: buildEnv({ PUBLIC_API_BASE_URL: process.env.PUBLIC_API_BASE_URL || api.url }),
});
await api.close();
process.exit(code);
