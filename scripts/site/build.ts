/**
 * `npm run build`: builds the site against PUBLIC_API_BASE_URL; when it is unset,
 * against the embedded reference API at API_HOST:API_PORT (started for the build
 * when nothing answers there, and stopped afterwards).
 */
import { buildSite } from './build-site.ts';
import { apiAddressFromEnv, ensureApi } from './embedded-api.ts';

const explicit = process.env.PUBLIC_API_BASE_URL;
const api = explicit
  ? { url: explicit, close: async () => {} }
  : await ensureApi({ ...apiAddressFromEnv(), dbPath: process.env.API_DB });
console.log(`Building against ${api.url}`);
const code = await buildSite({ apiBaseUrl: api.url, args: process.argv.slice(2) });
await api.close();
process.exit(code);
