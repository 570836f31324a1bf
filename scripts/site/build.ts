/**
 * `npm run build`: builds the site (dist/) against PUBLIC_API_BASE_URL; when it is unset,
 * against the embedded reference API at API_HOST:API_PORT (started for the build when nothing
 * answers there, and stopped afterwards). It keeps the render path the publisher needs in
 * RENDER_PATH_DIR (default .data/render-path/current), with the API address it was built
 * against: `npm run build` then `npm run publisher` is the production path (docs/deploy.md).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKeepingRenderPath, buildSite } from './build-site.ts';
import { apiAddressFromEnv, ensureApi } from './embedded-api.ts';
import { parseCommand } from '../config/cli.ts';
import { loadEnv } from '../config/env.ts';

const { values } = parseCommand({
  name: 'npm run build',
  usage: `usage: npm run build [-- --no-render-path] [-- --out-dir DIR]

Builds the site into dist/ against PUBLIC_API_BASE_URL (or, when it is unset, a temporary
embedded reference API on API_HOST:API_PORT), and keeps the render path the publisher needs in
RENDER_PATH_DIR (default .data/render-path/current: a symlink to .data/render-path/builds/<id>,
switched only when the build succeeded), recording the API address the build read.

  --no-render-path   only dist/ (a static upload; the publisher cannot use it)
  --out-dir DIR      build into DIR instead of dist/
  -h, --help         this text

Environment: PUBLIC_API_BASE_URL, SITE_URL, API_HOST, API_PORT, API_DB, RENDER_PATH_DIR,
PUBLIC_CRYPTO_SECRET (docs/configuration.md).`,
  options: { 'no-render-path': { type: 'boolean' }, 'out-dir': { type: 'string' } },
});
const checked = loadEnv('build');
const root = fileURLToPath(new URL('../../', import.meta.url));

const explicit = checked.PUBLIC_API_BASE_URL;
const api = explicit
  ? { url: explicit, close: async () => {} }
  : await ensureApi({ ...apiAddressFromEnv(), dbPath: process.env.API_DB });
console.log(`Building against ${api.url}`);
const args = values['out-dir'] ? ['--outDir', path.resolve(values['out-dir'])] : [];
const renderPathDir = path.resolve(root, process.env.RENDER_PATH_DIR || '.data/render-path/current');
const code = values['no-render-path']
  ? await buildSite({ apiBaseUrl: api.url, args })
  : await buildKeepingRenderPath({ apiBaseUrl: api.url, args, renderPathDir });
if (code === 0 && !values['no-render-path']) console.log(`The render path for the publisher: ${renderPathDir}`);
await api.close();
process.exit(code);
