/**
 * Times the S3 release store against s3rver on this machine: a synthetic release of N pages
 * (default 20,000, about 40 KB each like the built site's pages, plus hashed assets), then
 * a first stage + activate, then a one-page edit (stage + activate).
 *
 *   npx node scripts/bench/s3-publish.ts [--pages 20000] [--page-kb 40] [--concurrency 16]
 *
 * Prints one JSON line per step and a summary; removes its temp folder at the end.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Store } from '../publisher/release-store/s3.ts';
import type { ReleaseFile } from '../publisher/release-store/types.ts';
import { parseCommand } from '../config/cli.ts';

const { values } = parseCommand({
  name: 'node scripts/bench/s3-publish.ts',
  usage: `usage: npx node scripts/bench/s3-publish.ts [--pages 20000] [--page-kb 40] [--concurrency 16]

Times the S3 release store against s3rver on loopback: a synthetic release of N pages, a first
stage + activate, then a one-page edit. S3RVER_LOG=1 shows s3rver's log.

  -h, --help   this text`,
  options: {
    pages: { type: 'string', default: '20000' },
    'page-kb': { type: 'string', default: '40' },
    concurrency: { type: 'string', default: '16' },
  },
});
const pages = Number(values.pages);
const pageBytes = Number(values['page-kb']) * 1024;

const work = await mkdtemp(path.join(tmpdir(), 'bench-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: !process.env.S3RVER_LOG,
  directory: path.join(work, 's3'),
  configureBuckets: [{ name: 'bench', configs: [] }],
});
const { port } = await server.run();
const store = createS3Store({
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_BUCKET: 'bench',
  S3_REGION: 'us-east-1',
  S3_PREFIX: 'site',
  S3_CONCURRENCY: values.concurrency,
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
});

async function file(root: string, sitePath: string, body: string, tags?: string[]): Promise<ReleaseFile> {
  const source = path.join(root, sitePath);
  await mkdir(path.dirname(source), { recursive: true });
  await writeFile(source, body);
  return { path: sitePath, source, hash: createHash('sha256').update(body).digest('hex'), ...(tags ? { tags } : {}) };
}

function pageBody(i: number, edit = ''): string {
  const head = `<!doctype html><html lang="th"><head><title>Page ${i}${edit}</title><script type="module" src="/_astro/app.abc123.js"></script></head><body>`;
  const filler = `<p>ข่าวประชาสัมพันธ์ ${i} — paragraph text of the synthetic page.</p>`;
  return head + filler.repeat(Math.ceil((pageBytes - head.length) / Buffer.byteLength(filler))) + '</body></html>';
}

async function timed<T>(step: string, run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await run();
  const ms = Math.round(performance.now() - start);
  console.log(JSON.stringify({ step, ms, ...(typeof result === 'object' && result ? result : {}) }));
  return { ms, result };
}

try {
  const render = path.join(work, 'render');
  const files: ReleaseFile[] = [];
  for (let a = 0; a < 40; a++)
    files.push(await file(render, `_astro/chunk${a}.h${a}x.js`, `export const a${a} = ${'1'.repeat(8000)};`));
  for (let i = 0; i < pages; i++) {
    const lang = i % 2 ? 'en/' : '';
    files.push(
      await file(render, `${lang}news/${i}/index.html`, pageBody(i), [`news:${i}`, `shell:${lang ? 'en' : 'th'}`]),
    );
  }
  const first = {
    stage: await timed('first stage', () => store.stage('r1', files)),
    activate: await timed('first activate', () => store.activate('r1')),
  };
  const edited = [...files];
  const index = edited.findIndex((f) => f.path === 'news/10/index.html');
  edited[index] = await file(path.join(work, 'render2'), 'news/10/index.html', pageBody(10, ' (edited)'), [
    'news:10',
    'shell:th',
  ]);
  const edit = {
    stage: await timed('edit stage', () => store.stage('r2', edited)),
    activate: await timed('edit activate', () => store.activate('r2')),
  };
  console.log(
    JSON.stringify({
      pages,
      pageKB: pageBytes / 1024,
      concurrency: Number(values.concurrency),
      firstPublishSeconds: (first.stage.ms + first.activate.ms) / 1000,
      editPublishSeconds: (edit.stage.ms + edit.activate.ms) / 1000,
    }),
  );
} finally {
  store.client.destroy();
  await server.close();
  await rm(work, { recursive: true, force: true });
}
