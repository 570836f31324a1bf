/**
 * One real build per test suite that needs a render path (the publisher's tests), made on the
 * first run into `work` and reused while src/, locales, public/, the config and the lockfile are
 * unchanged, with the seeded database it was built from (`base.sqlite`). The build bakes the
 * API's address and the site's origin into the render path, so each suite has its own ports.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSite, buildSourceDigest } from '../../../scripts/site/build-site.ts';
import { startContentApi } from '../../../scripts/content-api/server.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface BuiltSite {
  renderPathDir: string;
  dist: string;
  /** The seeded database the build read; copy it before a run changes it. */
  baseDb: string;
}

export async function buildOnce(o: { work: string; apiPort: number; siteUrl: string }): Promise<BuiltSite> {
  const site: BuiltSite = {
    renderPathDir: path.join(o.work, 'render-path'),
    dist: path.join(o.work, 'dist'),
    baseDb: path.join(o.work, 'base.sqlite'),
  };
  // The ports are baked into the build too (LOOP_TEST_PORT, PUBLISH_S3_TEST_PORT move them).
  const digest = `${buildSourceDigest()} ${o.apiPort} ${o.siteUrl}`;
  const stamp = path.join(o.work, 'source-digest');
  const fresh = existsSync(stamp) && readFileSync(stamp, 'utf8') === digest;
  if (fresh && existsSync(path.join(site.renderPathDir, 'render-path.json')) && existsSync(site.baseDb)) return site;
  rmSync(o.work, { recursive: true, force: true });
  mkdirSync(o.work, { recursive: true });
  const seed = await startContentApi({ host: '127.0.0.1', port: o.apiPort, dbPath: site.baseDb });
  const config = path.join(o.work, 'astro.config.mjs');
  writeFileSync(
    config,
    `import base from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'astro.config.mjs')).href)};\n` +
      `export default { ...base, outDir: ${JSON.stringify(site.dist)}, cacheDir: ${JSON.stringify(path.join(o.work, 'cache'))} };\n`,
  );
  const code = await buildSite({
    apiBaseUrl: seed.url,
    args: ['--config', path.relative(ROOT, config)],
    env: { RENDER_PATH_DIR: site.renderPathDir, SITE_URL: o.siteUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await seed.close();
  if (code !== 0) throw new Error(`build failed (${code})`);
  writeFileSync(stamp, digest);
  return site;
}

/** The reference API on `port` over `dbPath`, its editor endpoint sending signed webhooks to the publisher on `publisherPort`. */
export function startEditingApi(o: {
  port: number;
  dbPath: string;
  token: string;
  publisherPort: number;
  secret: string;
}) {
  return startContentApi({
    host: '127.0.0.1',
    port: o.port,
    dbPath: o.dbPath,
    editor: {
      token: o.token,
      webhookUrl: `http://127.0.0.1:${o.publisherPort}/hooks/content`,
      webhookSecret: o.secret,
      log: () => {},
    },
  });
}
