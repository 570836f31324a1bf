/**
 * `npm start`: the embedded reference API with its demo data, a build of the site in
 * Thai and English against it, and the built site served at http://HOST:PORT until
 * Ctrl-C (which also stops the API).
 */
import { fileURLToPath } from 'node:url';
import { buildSite } from './build-site.ts';
import { apiAddressFromEnv, ensureApi } from './embedded-api.ts';
import { startStaticServer } from './static-server.ts';

const distDir = fileURLToPath(new URL('../../dist', import.meta.url));
const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 4321);

const api = await ensureApi({ ...apiAddressFromEnv(), dbPath: process.env.API_DB });
console.log(api.started ? `Reference content API on ${api.url}` : `Using the content API already on ${api.url}`);

const code = await buildSite({ apiBaseUrl: api.url });
if (code !== 0) {
  await api.close();
  console.error('The build failed; nothing is served.');
  process.exit(code);
}

const site = await startStaticServer({ root: distDir, host, port });
console.log(`\nThe portal: ${site.url}/ (Thai)  ${site.url}/en/ (English)\nCtrl-C stops the site and the API.`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await site.close();
  await api.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
