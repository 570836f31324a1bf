/**
 * The S3 release store against a real S3 implementation (s3rver on loopback, data in a temp
 * folder), through @aws-sdk/client-s3 as in production: what a CDN in front of the bucket would
 * fetch after each publish, and what a failure leaves behind.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store, s3ClientFromEnv, S3ReleaseStore } from '../../../scripts/publisher/release-store/s3.ts';
import type { ReleaseFile } from '../../../scripts/publisher/release-store/types.ts';
import { BUCKET, CREDENTIALS, startS3rver, type LocalS3 } from './s3rver.ts';

let work: string;
let s3: LocalS3;
let store: S3ReleaseStore;

async function release(
  name: string,
  files: Record<string, string | { body: string; tags: string[] }>,
): Promise<ReleaseFile[]> {
  const root = path.join(work, 'render', name);
  return Promise.all(
    Object.entries(files).map(async ([sitePath, value]) => {
      const body = typeof value === 'string' ? value : value.body;
      const source = path.join(root, sitePath);
      await mkdir(path.dirname(source), { recursive: true });
      await writeFile(source, body);
      const file: ReleaseFile = { path: sitePath, source, hash: createHash('sha256').update(body).digest('hex') };
      if (typeof value !== 'string') file.tags = value.tags;
      return file;
    }),
  );
}

/** What the CDN gets for a site path: an anonymous GET of the live key. */
async function cdnGet(sitePath: string) {
  const response = await fetch(`${s3.endpoint}/${BUCKET}/${store.siteKey(sitePath)}`);
  return { status: response.status, body: await response.text(), headers: response.headers };
}

function uploadsSince(mark: number) {
  return s3.created.slice(mark).filter((entry) => entry.key.includes('/blobs/'));
}

function copiesSince(mark: number) {
  return s3.created
    .slice(mark)
    .filter((entry) => entry.event === 'ObjectCreated:Copy')
    .map((entry) => entry.key.replace(/^.*?\/site\//, ''));
}

const page = (title: string) =>
  `<!doctype html><html lang="en"><title>${title}</title><script src="/_astro/app.aaa111.js"></script></html>`;

const first = {
  '_astro/app.aaa111.js': 'console.log("app v1")',
  '_astro/index.aaa111.css': 'body{color:#111}',
  'index.html': { body: page('หน้าแรก'), tags: ['home:th', 'article:ข่าว-1', 'article:b'] },
  'en/index.html': { body: page('Home'), tags: ['home:en', 'article:a', 'article:b'] },
  'en/article/a/index.html': { body: page('Article A'), tags: ['article:a', 'shell:en'] },
  'en/article/b/index.html': { body: page('Article B'), tags: ['article:b', 'shell:en'] },
  'en/rss.xml': { body: '<rss><item>a</item><item>b</item></rss>', tags: ['article:a', 'article:b'] },
  'sitemap-index.xml': '<sitemapindex/>',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 's3-store-'));
  s3 = await startS3rver(path.join(work, 's3'));
  store = createS3Store(
    { S3_ENDPOINT: s3.endpoint, S3_BUCKET: BUCKET, S3_REGION: 'us-east-1', S3_PREFIX: 'portal-site', ...CREDENTIALS },
    { maxAttempts: 1 },
  );
});

afterAll(async () => {
  store?.client.destroy();
  await s3?.stop().catch(() => {});
  await rm(work, { recursive: true, force: true });
});

describe('S3 release store on s3rver', () => {
  it('starts with nothing live', async () => {
    expect(await store.live()).toBeNull();
    expect(await store.list()).toEqual([]);
    await expect(store.rollback()).rejects.toThrow(/nothing is live/);
  });

  it('a first publish uploads every file once and serves it with its headers', async () => {
    const files = await release('r1', first);
    const mark = s3.created.length;
    const result = await store.stage('r1', files);
    expect(result).toMatchObject({ written: files.length, reused: 0 });
    expect(uploadsSince(mark)).toHaveLength(files.length);
    // Staged is not visible.
    expect((await cdnGet('en/article/a/index.html')).status).toBe(404);
    expect(await store.live()).toBeNull();

    await store.activate('r1');
    expect((await store.live())?.id).toBe('r1');
    // Hashed assets reach the site before any page that names them.
    const order = copiesSince(mark);
    const lastAsset = Math.max(order.indexOf('_astro/app.aaa111.js'), order.indexOf('_astro/index.aaa111.css'));
    expect(lastAsset).toBeLessThan(order.indexOf('index.html'));
    expect(order.indexOf('en/article/a/index.html')).toBeLessThan(order.indexOf('en/rss.xml'));

    const article = await cdnGet('en/article/a/index.html');
    expect(article.status).toBe(200);
    expect(article.body).toBe(page('Article A'));
    expect(article.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(article.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(article.headers.get('x-amz-meta-surrogate-key')).toBe('article:a shell:en');
    expect(article.headers.get('x-amz-meta-cache-tag')).toBe('article:a,shell:en');
    expect(article.headers.get('x-amz-meta-x-content-type-options')).toBe('nosniff');
    expect(article.headers.get('x-amz-meta-referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(article.headers.get('x-amz-meta-permissions-policy')).toContain('camera=()');

    const thai = await cdnGet('index.html');
    expect(thai.headers.get('x-amz-meta-surrogate-key')).toBe(
      `home:th article:${encodeURIComponent('ข่าว')}-1 article:b`,
    );

    const script = await cdnGet('_astro/app.aaa111.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('x-amz-meta-x-content-type-options')).toBe('nosniff');
    const feed = await cdnGet('en/rss.xml');
    expect(feed.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(feed.headers.get('cache-control')).toMatch(/stale-while-revalidate/);
    expect((await cdnGet('favicon.svg')).headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });

  it('an edit uploads and copies only the changed page', async () => {
    const files = await release('r2', {
      ...first,
      'en/article/a/index.html': { body: page('Article A, edited'), tags: ['article:a', 'shell:en'] },
    });
    const mark = s3.created.length;
    expect(await store.stage('r2', files)).toMatchObject({ written: 1, reused: files.length - 1 });
    expect(uploadsSince(mark)).toHaveLength(1);
    expect((await cdnGet('en/article/a/index.html')).body).toBe(page('Article A'));

    await store.activate('r2');
    expect(copiesSince(mark)).toEqual(['en/article/a/index.html']);
    expect((await cdnGet('en/article/a/index.html')).body).toBe(page('Article A, edited'));
    expect((await cdnGet('en/article/b/index.html')).body).toBe(page('Article B'));
    expect((await store.list()).map((r) => r.id)).toEqual(['r2', 'r1']);
  });

  it('a deleted page is served until the switch, then is gone; a new bundle adds assets, old ones stay', async () => {
    const { 'en/article/b/index.html': _removed, '_astro/app.aaa111.js': _oldScript, ...rest } = first;
    const newPage = (title: string) => page(title).replace('app.aaa111.js', 'app.bbb222.js');
    const files = await release('r3', {
      ...rest,
      '_astro/app.bbb222.js': 'console.log("app v2")',
      'en/index.html': { body: newPage('Home'), tags: ['home:en', 'article:a'] },
      'en/article/a/index.html': { body: newPage('Article A, edited'), tags: ['article:a', 'shell:en'] },
      'en/rss.xml': { body: '<rss><item>a</item></rss>', tags: ['article:a'] },
    });
    await store.stage('r3', files);
    expect((await cdnGet('en/article/b/index.html')).status).toBe(200);
    expect((await cdnGet('_astro/app.bbb222.js')).status).toBe(404);

    await store.activate('r3');
    expect((await cdnGet('en/article/b/index.html')).status).toBe(404);
    expect((await cdnGet('_astro/app.bbb222.js')).status).toBe(200);
    // r2's pages, cached at the edge, still name the old bundle.
    expect((await cdnGet('_astro/app.aaa111.js')).status).toBe(200);
    expect((await cdnGet('en/rss.xml')).headers.get('x-amz-meta-surrogate-key')).toBe('article:a');
  });

  it('a store that stops mid-stage leaves the live release as it was; the retry reuses what was uploaded', async () => {
    const many: Record<string, { body: string; tags: string[] }> = {};
    for (let i = 0; i < 80; i++) many[`en/news/${i}/index.html`] = { body: page(`News ${i}`), tags: [`news:${i}`] };
    const files = await release('r4', { ...(await filesOf('r3')), ...many });
    const mark = s3.created.length;
    let stopping: Promise<void> | null = null;
    const stopAfter = (event: { Records: unknown[] }) => {
      if (!stopping && uploadsSince(mark).length >= 20) stopping = s3.stop();
      return event;
    };
    s3.events.on('event', stopAfter);
    await expect(store.stage('r4', files)).rejects.toThrow();
    await stopping;
    s3.events.off('event', stopAfter);
    const uploadedBefore = uploadsSince(mark).length;
    expect(uploadedBefore).toBeGreaterThanOrEqual(20);
    expect(uploadedBefore).toBeLessThan(80);

    // The store comes back with the same data.
    const created = s3.created;
    s3 = await startS3rver(path.join(work, 's3'), s3.port);
    s3.created.unshift(...created);
    expect((await store.live())?.id).toBe('r3');
    expect((await cdnGet('en/article/a/index.html')).body).toContain('app.bbb222.js');
    expect((await cdnGet('en/news/0/index.html')).status).toBe(404);
    await expect(store.activate('r4')).rejects.toThrow(/not staged/);

    const retryMark = s3.created.length;
    const retry = await store.stage('r4', files);
    // Only the pages that had not reached the store are uploaded again.
    expect(retry.written).toBeGreaterThan(0);
    expect(retry.written).toBeLessThanOrEqual(80 - uploadedBefore);
    expect(retry.written + retry.reused).toBe(files.length);
    expect(uploadsSince(retryMark)).toHaveLength(retry.written);
    await store.activate('r4');
    expect((await store.live())?.id).toBe('r4');
    for (const i of [0, 40, 79]) expect((await cdnGet(`en/news/${i}/index.html`)).body).toBe(page(`News ${i}`));
  });

  it('rollback makes the release before the live one live again, pages and all', async () => {
    const back = await store.rollback();
    expect(back.id).toBe('r3');
    expect((await store.live())?.id).toBe('r3');
    expect((await cdnGet('en/news/0/index.html')).status).toBe(404);
    expect((await cdnGet('en/article/a/index.html')).body).toBe(
      page('Article A, edited').replace('app.aaa111.js', 'app.bbb222.js'),
    );
    await store.activate('r4');
  });

  it('prune keeps the newest releases and every file they name, and deletes the rest', async () => {
    expect((await store.list()).map((r) => r.id)).toEqual(['r4', 'r3', 'r2', 'r1']);
    // A page a switch failed to delete (the store went away after the pointer was written).
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    await store.client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: store.siteKey('en/stray/index.html'), Body: 'stray' }),
    );
    const deleted = await store.prune(2);
    expect((await cdnGet('en/stray/index.html')).status).toBe(404);
    expect((await cdnGet('en/news/79/index.html')).status).toBe(200);
    expect(deleted.sort()).toEqual(['r1', 'r2']);
    expect((await store.list()).map((r) => r.id)).toEqual(['r4', 'r3']);
    // No kept release names the old bundle any more; the new one stays.
    expect((await cdnGet('_astro/app.aaa111.js')).status).toBe(404);
    expect((await cdnGet('_astro/app.bbb222.js')).status).toBe(200);
    expect((await cdnGet('_astro/index.aaa111.css')).status).toBe(200);
    // Rolling back to a kept release still works: its files are all there.
    await store.rollback();
    expect((await cdnGet('en/index.html')).body).toContain('app.bbb222.js');
    await store.activate('r4');
    await expect(store.activate('r1')).rejects.toThrow(/not staged/);
    // With one release kept, the bucket holds exactly r4's files and nothing of the others.
    expect(await store.prune(1)).toEqual(['r3']);
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const listed = await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: store.blobKey('') }));
    const r4 = await filesOf('r4');
    const hashes = new Set(
      Object.values(r4).map((v) =>
        createHash('sha256')
          .update(typeof v === 'string' ? v : v.body)
          .digest('hex'),
      ),
    );
    expect(new Set((listed.Contents ?? []).map((o) => o.Key!.slice(store.blobKey('').length)))).toEqual(hashes);
    expect((await cdnGet('en/news/79/index.html')).status).toBe(200);
  });
});

describe('S3 release store: an interrupted switch, and more than a listing page', () => {
  let other: S3ReleaseStore;
  const get = async (sitePath: string) => (await fetch(`${s3.endpoint}/${BUCKET}/${other.siteKey(sitePath)}`)).text();

  beforeAll(() => {
    const client = s3ClientFromEnv({ S3_ENDPOINT: s3.endpoint, ...CREDENTIALS }, { maxAttempts: 1 });
    // Listings of 100 keys a page, so that a few hundred objects take several pages.
    other = new S3ReleaseStore({ client, bucket: BUCKET, prefix: 'second', listPageSize: 100 });
  });
  afterAll(() => other.client.destroy());

  it('a switch cut short leaves the pointer where it was, and the next switch puts every page right', async () => {
    const pages = (label: string) =>
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p/${i}/index.html`, `${label} ${i}`]));
    await other.stage('a', await release('second-a', pages('old')));
    await other.activate('a');
    await other.stage('b', await release('second-b', pages('new')));

    const mark = s3.created.length;
    let stopping: Promise<void> | null = null;
    const stopAfter = () => {
      if (!stopping && copiesSince(mark).length >= 5) stopping = s3.stop();
    };
    s3.events.on('event', stopAfter);
    await expect(other.activate('b')).rejects.toThrow();
    await stopping;
    s3.events.off('event', stopAfter);
    const created = s3.created;
    s3 = await startS3rver(path.join(work, 's3'), s3.port);
    s3.created.unshift(...created);

    expect((await other.live())?.id).toBe('a');
    const served = await Promise.all(Array.from({ length: 30 }, (_, i) => get(`p/${i}/index.html`)));
    expect(served.filter((body) => body.startsWith('new')).length).toBeGreaterThan(0);
    // Switching back to the live release copies back the pages the cut switch had changed.
    await other.activate('a');
    for (let i = 0; i < 30; i++) expect(await get(`p/${i}/index.html`)).toBe(`old ${i}`);
    await other.activate('b');
    for (let i = 0; i < 30; i++) expect(await get(`p/${i}/index.html`)).toBe(`new ${i}`);
  });

  it('reuse holds across listing pages, by listing or by asking for each object', async () => {
    const many = Object.fromEntries(Array.from({ length: 350 }, (_, i) => [`n/${i}.txt`, `note ${i}`]));
    // A first try that got 150 files up: the retry has more new files than it asks about one by
    // one, so it lists the 210 blobs there are (three pages) and uploads the other 200.
    await other.stage('c', (await release('second-c', many)).slice(0, 150));
    expect(await other.stage('c', await release('second-c', many))).toMatchObject({ written: 200, reused: 150 });
    many['n/7.txt'] = 'note 7, edited';
    expect(await other.stage('d', await release('second-d', many))).toMatchObject({ written: 1, reused: 349 });
  });
});

/** The files of an earlier test release, rebuilt as the same inputs. */
async function filesOf(id: string): Promise<Record<string, { body: string; tags: string[] } | string>> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const answer = await store.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: store.manifestKey(id) }));
  const manifest = JSON.parse(await answer.Body!.transformToString()) as {
    files: Record<string, { hash: string; tags?: string[] }>;
  };
  const out: Record<string, { body: string; tags: string[] } | string> = {};
  for (const [sitePath, entry] of Object.entries(manifest.files)) {
    const blob = await store.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: store.blobKey(entry.hash) }));
    const body = await blob.Body!.transformToString();
    out[sitePath] = entry.tags ? { body, tags: entry.tags } : body;
  }
  return out;
}
