/**
 * `npm run deploy`: new code live while editors work (docs/operations.md
 * "Upgrade"). One command:
 *
 * 1. builds the new code (as `npm run build`: dist/ and a fresh render path, switched only when
 *    the build succeeded) while the running publisher goes on publishing edits with the old one;
 * 2. stops that publisher (SIGTERM to the pid in PUBLISH_DIR/publisher.pid): it takes no more
 *    webhooks and finishes the publish under way;
 * 3. starts the publisher on the new build, in the foreground (or, with --no-start, leaves that
 *    to the service manager that restarts it). Seeing a build other than the live release's, it
 *    stages the new build, re-reads the API on top of it (every edit made since the build began)
 *    and switches once: no moment with the old code and the new mixed, none without an edit.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKeepingRenderPath } from './build-site.ts';
import { run } from './run.ts';
import { parseCommand } from '../config/cli.ts';
import { loadEnv, requireEnv } from '../config/env.ts';

const { values } = parseCommand({
  name: 'npm run deploy',
  usage: `usage: npm run deploy [-- --no-start]

Puts new code live while editors work: builds it (dist/ and a new render path) while the running
publisher keeps publishing, stops that publisher (PUBLISH_DIR/publisher.pid; it finishes the
publish under way), then starts the publisher on the new build, which switches to it once the
API has been re-read on top of it (no edit made during the build is lost, no mixed release).

  --no-start    stop the running publisher but do not start one (a service manager restarts it)
  -h, --help    this text

Environment: as npm run publisher (PUBLIC_API_BASE_URL and WEBHOOK_SECRET required, PUBLISH_DIR,
RENDER_PATH_DIR, PUBLISH_TARGET, ...); docs/operations.md "Upgrade".`,
  options: { 'no-start': { type: 'boolean' } },
});
const checked = requireEnv('deploy', loadEnv('deploy'), ['PUBLIC_API_BASE_URL']);
const root = fileURLToPath(new URL('../../', import.meta.url));
const publishDir = path.resolve(root, process.env.PUBLISH_DIR || '.data/releases');
const renderPathDir = path.resolve(root, process.env.RENDER_PATH_DIR || '.data/render-path/current');

const t0 = Date.now();
console.log(
  `deploy: building against ${checked.PUBLIC_API_BASE_URL}; the running publisher keeps publishing meanwhile`,
);
const code = await buildKeepingRenderPath({ apiBaseUrl: checked.PUBLIC_API_BASE_URL, renderPathDir });
if (code !== 0) {
  console.error('deploy: the build failed; nothing changed (the running publisher and the live release stay)');
  process.exit(code);
}
console.log(`deploy: built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

const pid = Number(await readFile(path.join(publishDir, 'publisher.pid'), 'utf8').catch(() => ''));
const alive = (p: number) => {
  try {
    process.kill(p, 0);
    return true;
  } catch {
    return false;
  }
};
if (pid && alive(pid)) {
  console.log(`deploy: stopping the publisher (pid ${pid}); it finishes the publish under way`);
  process.kill(pid, 'SIGTERM');
  const end = Date.now() + 150_000;
  while (alive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) {
    console.error(`deploy: the publisher (pid ${pid}) did not stop within 150 s; stop it, then start it again`);
    process.exit(1);
  }
} else console.log('deploy: no publisher running on this PUBLISH_DIR');

if (values['no-start']) {
  console.log('deploy: built and stopped; start the publisher (or let the service manager) to switch to the new build');
  process.exit(0);
}
console.log('deploy: starting the publisher on the new build');
process.exit(await run(process.execPath, [path.join(root, 'scripts/publisher/main.ts')], { cwd: root }));
