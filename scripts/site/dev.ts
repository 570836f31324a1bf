/** `npm run dev`: the reference API plus `astro dev` pointed at it. */
import { astroBin } from '../../src/collections/astro-internals.ts';
import { apiAddressFromEnv, ensureApi } from './embedded-api.ts';
import { buildEnv, run } from './run.ts';
import { parseCommand } from '../config/cli.ts';
import { loadEnv } from '../config/env.ts';

const { values } = parseCommand({
  name: 'npm run dev',
  usage: `usage: npm run dev [-- --host H] [-- --port N]

The reference content API (or the one already answering at API_HOST:API_PORT) and \`astro dev\`
pointed at it, until Ctrl-C. Pages render on request from the API's current data.

  --host H     where astro dev listens (default localhost)
  --port N     its port (default 4321)
  -h, --help   this text

Environment: API_HOST, API_PORT (127.0.0.1:8787), API_DB, PUBLIC_API_BASE_URL (another API).`,
  options: { host: { type: 'string' }, port: { type: 'string' } },
});
const checked = loadEnv('dev');
const api = await ensureApi({ ...apiAddressFromEnv(), dbPath: process.env.API_DB });
console.log(`Reference content API on ${api.url}`);
const code = await run(
  process.execPath,
  [astroBin(), 'dev', ...Object.entries(values).flatMap(([k, v]) => [`--${k}`, String(v)])],
  {
    env: buildEnv({ PUBLIC_API_BASE_URL: checked.PUBLIC_API_BASE_URL || api.url }),
  },
);
await api.close();
process.exit(code);
